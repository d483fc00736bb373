import React from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import SearchShortcut from '@site/src/components/SearchShortcut';
import { useSectionLanding } from '@site/src/components/SectionCards';
import { TAGLINE } from '@site/src/constants';
import { SEARCH_SUGGESTIONS } from '@site/src/plugins/search/settings';
import { SIDEBAR_GROUPS } from '@site/src/sidebarGroups';
import styles from './index.module.css';

/** The two ways to a first query. The buttons say where they go (the navbar's "Get Started" is Cloud signup). */
export const QUICKSTARTS = [
  {
    id: 'cloud',
    title: 'On Hasura Cloud',
    badge: 'Nothing to install',
    text: 'Create a free project and work in the console in your browser; Cloud runs, scales and upgrades the engine for you.',
    steps: ['Create a project', 'Connect a Postgres database', 'Track a table and run a query'],
    to: '/getting-started/getting-started-cloud/',
    cta: 'Start on Hasura Cloud',
  },
  {
    id: 'docker',
    title: 'With Docker',
    badge: 'On your machine',
    text: 'Run the engine and Postgres side by side with Docker Compose. Nothing leaves your laptop, and one command removes it all.',
    steps: ['Write the Compose file', 'Start the containers', 'Open the console and run a query'],
    to: '/getting-started/docker-simple/',
    cta: 'Run it with Docker',
  },
] as const;

// 24×24 stroke icons, drawn for this page (a few hundred bytes in all).
const ICONS = {
  database:
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 15v2',
  query:
    'M8 4c-2 0-2 1.5-2 3v2c0 1.5-1 3-2 3 1 0 2 1.5 2 3v2c0 1.5 0 3 2 3M16 4c2 0 2 1.5 2 3v2c0 1.5 1 3 2 3-1 0-2 1.5-2 3v2c0 1.5 0 3-2 3',
  logic: 'M9 4H5v16h4M15 4h4v16h-4M10 12h4M12 10v4',
  webhook: 'M13 3 6 13h5l-1 8 7-10h-5z',
  deploy: 'M12 3c3 2 5 5.5 5 9.5L15 17H9l-2-4.5C7 8.5 9 5 12 3zM9 17l-2 4M15 17l2 4M12 9.5v.5',
} as const;

/** The tasks most readers come for, each to the page that walks through it. */
export const TASKS = [
  {
    icon: 'database',
    title: 'Connect a database',
    text: 'Point the engine at Postgres, SQL Server, BigQuery and more, then choose the tables it serves.',
    to: '/databases/quickstart/',
  },
  {
    icon: 'lock',
    title: 'Set up permissions',
    text: 'Decide, role by role, which rows and columns each request may read and change.',
    to: '/auth/authorization/quickstart/',
  },
  {
    icon: 'query',
    title: 'Write a query',
    text: 'Fetch nested data with filters, sorting and pagination in a single request.',
    to: '/queries/quickstart/',
  },
  {
    icon: 'logic',
    title: 'Add business logic',
    text: 'Put your own HTTP handler behind a GraphQL mutation or query with actions.',
    to: '/actions/quickstart/',
  },
  {
    icon: 'webhook',
    title: 'Trigger webhooks on events',
    text: 'Call a webhook whenever rows are inserted, updated or deleted, with retries and logs.',
    to: '/event-triggers/quickstart/',
  },
  {
    icon: 'deploy',
    title: 'Deploy to production',
    text: 'Run the engine on Docker, Kubernetes or a cloud platform, and check it is ready to go live.',
    to: '/deployment/overview/',
  },
] as const;

/** One line per sidebar group, in the words of a reader deciding where to look. */
const GROUP_TEXT: Record<string, string> = {
  _heading_basics: 'What the engine is, the two quickstarts, and how a request becomes one SQL query.',
  _heading_data_api: 'The GraphQL API the engine generates, and the ways to extend it.',
  _heading_data_sources: 'Connect databases and model the schema the engine serves from them.',
  _heading_products: 'What Hasura Cloud and the self-hosted Enterprise Edition add to the engine.',
  _heading_auth: 'Authenticate requests, then decide what each role may see and do.',
  _heading_trigger_based_logic: 'Call webhooks when data changes, on a cron schedule or at a set time.',
  _heading_perf_and_monitoring: 'Cache responses, and follow the engine through logs, metrics and traces.',
  _heading_ci_cd: 'Keep schema and metadata in version control and move them between environments.',
  _heading_deployment: 'Run the engine in production: guides, server flags, health checks and hardening.',
  _heading_ai: 'Vectorise data held in Postgres and connect it to AI applications.',
  _heading_materials: 'API reference, glossary, FAQ, troubleshooting, support and policies.',
};

function Icon({ name }: { name: keyof typeof ICONS }): React.ReactNode {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

/** A plain GET form to the search page: it works before hydration and with any search backend. */
function SearchForm(): React.ReactNode {
  const searchUrl = useBaseUrl('/search/');
  return (
    <form className={styles.search} action={searchUrl} method="get" role="search" aria-label="Search the docs">
      <label htmlFor="home-search" className={styles.searchLabel}>
        Search the docs
      </label>
      <div className={styles.searchRow}>
        <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20" />
        </svg>
        <input
          id="home-search"
          name="q"
          type="search"
          required
          autoComplete="off"
          enterKeyHint="search"
          placeholder={`e.g. ${SEARCH_SUGGESTIONS[0]}`}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </div>
      {/* The line keeps its height until hydration fills it, so nothing below moves; touch-only devices get no keys (see the CSS). */}
      <p className={styles.searchHint}>
        <SearchShortcut before="Press " after=" on any page to search without leaving it." />
      </p>
    </form>
  );
}

/** The landing page at /docs/2.0/: search, the two quickstarts, the main tasks and every section. */
export default function Home(): React.ReactNode {
  const landingOf = useSectionLanding();
  const logo = useBaseUrl('/img/logo.svg');
  return (
    <Layout
      title="Hasura GraphQL Engine v2.x documentation"
      description={`${TAGLINE}: documentation for Hasura GraphQL Engine v2.x.`}
    >
      <main className={styles.home}>
        <div className={styles.hero}>
          <div className={clsx('container', styles.heroInner)}>
            <p className={styles.eyebrow}>
              <img src={logo} alt="" width={40} height={40} />
              Hasura GraphQL Engine v2.x docs
            </p>
            <Heading as="h1" className={styles.tagline}>
              {TAGLINE}
            </Heading>
            <p className={styles.lead}>
              Point the engine at your databases and get a real-time GraphQL API, with permissions enforced in every
              query, your own business logic and webhooks on every change. No resolvers to write.
            </p>
            <SearchForm />
          </div>
        </div>

        <div className={clsx('container', styles.body)}>
          <section aria-labelledby="quickstarts" className={styles.block}>
            <Heading as="h2" id="quickstarts" className={styles.blockTitle}>
              Run it in 5 minutes
            </Heading>
            <p className={styles.blockLead}>Two ways to a first GraphQL query over your own tables.</p>
            <div className={styles.paths}>
              {QUICKSTARTS.map((q) => (
                <div key={q.id} className={styles.path} data-quickstart={q.id}>
                  <div className={styles.pathHead}>
                    <Heading as="h3" className={styles.pathTitle}>
                      {q.title}
                    </Heading>
                    <span className={styles.badge}>{q.badge}</span>
                  </div>
                  <p>{q.text}</p>
                  <ol className={styles.steps}>
                    {q.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                  <Link className="button button--primary" to={q.to}>
                    {q.cta}
                  </Link>
                </div>
              ))}
            </div>
          </section>

          <section aria-labelledby="tasks" className={styles.block}>
            <Heading as="h2" id="tasks" className={styles.blockTitle}>
              What do you want to do?
            </Heading>
            <div className={styles.tasks}>
              {TASKS.map((t) => (
                <Link key={t.title} to={t.to} className={styles.task} data-card="task">
                  <Icon name={t.icon} />
                  <h3 className={styles.cardTitle}>{t.title}</h3>
                  <p>{t.text}</p>
                </Link>
              ))}
            </div>
          </section>

          <section aria-labelledby="sections" className={styles.block}>
            <Heading as="h2" id="sections" className={styles.blockTitle}>
              Every section
            </Heading>
            {/* Eleven groups and the docs map: twelve cards fill rows of 1, 2, 3 and 4 alike. */}
            <div className={styles.groups}>
              {SIDEBAR_GROUPS.map((group) => (
                <div key={group.heading} className={styles.group} data-card="section">
                  <h3 className={styles.cardTitle}>
                    <Link to={`/${group.heading}/`}>{group.label}</Link>
                  </h3>
                  <p>{GROUP_TEXT[group.heading]}</p>
                  {group.sections.length > 1 && (
                    <ul className={styles.sectionLinks}>
                      {group.sections.map(({ dir, label }) => {
                        const to = landingOf(dir);
                        return <li key={dir}>{to ? <Link to={to}>{label}</Link> : label}</li>;
                      })}
                    </ul>
                  )}
                </div>
              ))}
              <div className={clsx(styles.group, styles.mapCard)} data-card="section">
                <h3 className={styles.cardTitle}>
                  <Link to="/index/">Docs map</Link>
                </h3>
                <p>Every section with its main pages, on one page.</p>
                <ul className={styles.sectionLinks}>
                  <li>
                    <Link to="/wiki/">Contributors’ wiki</Link>
                  </li>
                </ul>
              </div>
            </div>
          </section>
        </div>
      </main>
    </Layout>
  );
}
