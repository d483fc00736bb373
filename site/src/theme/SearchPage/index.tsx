// The search page (/search/?q=…): the same backend and hit shape as the dialog, one result per page
// of the docs, with the query kept in the URL so that results can be shared and reloaded.
import React, { useMemo, useState, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import { PageMetadata, useSearchQueryString } from '@docusaurus/theme-common';
import { SEARCH_TAGS } from '@site/src/plugins/search/settings';
import { SEARCH_TEXTS } from '@site/src/theme/SearchBar/texts';
import { contextualFilters } from '@site/src/plugins/search/backend';
import { useSearch } from '@site/src/plugins/search/client/useSearch';
import { toResultItem } from '@site/src/plugins/search/client/results';
import { ReportMissing } from '../SearchBar/reportMissing';
import styles from './styles.module.css';

const PER_PAGE = 15;

export default function SearchPage(): ReactNode {
  const [query, setQuery] = useSearchQueryString();
  const [pages, setPages] = useState(1);
  const request = useMemo(
    () => ({
      hitsPerPage: PER_PAGE * pages,
      facetFilters: contextualFilters('en', ['default', SEARCH_TAGS.docs, SEARCH_TAGS.wiki]),
      sectionsPerPage: 1,
    }),
    [pages],
  );
  const state = useSearch(query, request);
  const response = state.status === 'done' || state.status === 'loading' ? state.shown?.response : undefined;
  const items = useMemo(() => (response?.hits ?? []).map(toResultItem), [response]);
  const title = query ? `Search results for "${query}"` : 'Search the documentation';

  return (
    <Layout>
      {/* The title for the tab and for link previews (og:title), as every page has. */}
      <PageMetadata title={title} />
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className="container margin-vert--lg">
        <h1>{title}</h1>
        <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <input
            type="search"
            name="q"
            className={styles.input}
            aria-label="Search the docs"
            placeholder="Type your search here"
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setPages(1);
              setQuery(event.target.value);
            }}
          />
        </form>
        <div role="status" className={styles.count}>
          {state.status === 'done' &&
            state.shown.response.nbHits > 0 &&
            `${state.shown.response.nbHits} documents found`}
        </div>
        {state.status === 'error' && (
          <div className={styles.message}>
            <p className={styles.messageTitle}>{SEARCH_TEXTS.errorTitle}</p>
            <p>{SEARCH_TEXTS.errorHelp}</p>
          </div>
        )}
        {state.status === 'done' && state.shown.response.nbHits === 0 && (
          <div className={styles.message}>
            <p className={styles.messageTitle}>
              {SEARCH_TEXTS.noResults} &quot;<strong>{state.query}</strong>&quot;
            </p>
            {state.shown.response.suggestions && (
              <p>
                {SEARCH_TEXTS.trySearching}:{' '}
                {state.shown.response.suggestions.slice(0, 3).map((s, i) => (
                  <React.Fragment key={s}>
                    {i > 0 && ', '}
                    <Link to={`?q=${encodeURIComponent(s)}`}>{s}</Link>
                  </React.Fragment>
                ))}
              </p>
            )}
            <ReportMissing query={state.query} />
          </div>
        )}
        {items.map((item) => (
          <article key={item.key} className={styles.result}>
            <h2 className={styles.resultTitle}>
              <Link to={item.path}>
                <span dangerouslySetInnerHTML={{ __html: item.pageHtml }} />
                {item.headingHtml && (
                  <>
                    <span aria-hidden="true"> › </span>
                    <span className="visually-hidden">, </span>
                    <span dangerouslySetInnerHTML={{ __html: item.headingHtml }} />
                  </>
                )}
              </Link>
            </h2>
            {item.section && <p className={styles.section}>{item.section}</p>}
            {item.snippetHtml && (
              <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: item.snippetHtml }} />
            )}
          </article>
        ))}
        {response && response.nbHits > items.length && items.length >= PER_PAGE * pages && (
          <button type="button" className="button button--secondary" onClick={() => setPages((n) => n + 1)}>
            More results
          </button>
        )}
      </main>
    </Layout>
  );
}
