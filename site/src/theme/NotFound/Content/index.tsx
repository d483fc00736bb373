import React, { useEffect, useState } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useLocation } from '@docusaurus/router';
import Heading from '@theme/Heading';
import type { Props } from '@theme/NotFound/Content';
import type { Page } from './closestPages';
import styles from './styles.module.css';

/** The words of the asked path, as a search query: "/docs/2.0/auth/jwt-setup/" → "auth jwt setup". */
const queryFrom = (path: string, baseUrl: string) =>
  path
    .slice(path.startsWith(baseUrl) ? baseUrl.length : 0)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join(' ');

/**
 * The not-found page: what was asked for, the closest existing pages (from llms.txt, fetched only
 * here), a search box and the way home.
 */
export default function NotFoundContent({ className }: Props): React.ReactNode {
  const { pathname } = useLocation();
  const baseUrl = useBaseUrl('/');
  const llmsTxt = useBaseUrl('/llms.txt');
  const searchUrl = useBaseUrl('/search/');
  const [suggestions, setSuggestions] = useState<Page[] | undefined>();

  useEffect(() => {
    let live = true;
    // The ranking is loaded with llms.txt: this component is in every doc page's bundle (a docs path that matches
    // no doc renders it), the ranking only runs on a not-found page.
    Promise.all([fetch(llmsTxt).then((res) => (res.ok ? res.text() : '')), import('./closestPages')])
      .then(([text, { closestPages, parsePages }]) => live && setSuggestions(closestPages(pathname, parsePages(text))))
      .catch(() => live && setSuggestions([]));
    return () => {
      live = false;
    };
  }, [llmsTxt, pathname]);

  return (
    <main className={clsx('container margin-vert--xl', styles.notFound, className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>
            There is no page at <code className={styles.path}>{pathname}</code>. It may have moved, or the link may have
            a typo.
          </p>
          {suggestions && suggestions.length > 0 && (
            <section aria-labelledby="closest-pages">
              <Heading as="h2" id="closest-pages" className={styles.subheading}>
                Pages with a similar address
              </Heading>
              <ul data-testid="closest-pages">
                {suggestions.map((page) => (
                  <li key={page.path}>
                    <Link to={page.path}>{page.title}</Link> <span className={styles.route}>{page.path}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <form className={styles.search} action={searchUrl} method="get" role="search">
            <label htmlFor="not-found-search">Search the docs</label>
            <div className={styles.searchRow}>
              <input id="not-found-search" name="q" type="search" defaultValue={queryFrom(pathname, baseUrl)} />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          <p>
            Or start again from the <Link to="/">docs home page</Link> or the{' '}
            <Link to="/index/">map of every section</Link>.
          </p>
        </div>
      </div>
    </main>
  );
}
