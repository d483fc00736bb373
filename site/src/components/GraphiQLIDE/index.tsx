import React, { lazy, Suspense, useState } from 'react';
import CodeBlock from '@theme/CodeBlock';
import styles from './styles.module.css';

export type GraphiQLIDEProps = {
  /** The GraphQL operation. */
  query: string;
  /** Its variables, as a JSON string. */
  variables?: string;
  /** The engine's response, as a JSON string. */
  response?: string;
  /** An optional caption above the panes. */
  title?: string;
};

// The interactive editor is a separate chunk, fetched only when the reader asks for it.
const LiveEditor = lazy(() => import('./LiveEditor'));

/**
 * A GraphQL operation beside its response, rendered at build time as highlighted code (no editor
 * bundle ships with the page). "Try it" loads a small editor that can run the operation against
 * the reader's own engine.
 */
export default function GraphiQLIDE({ query, variables, response, title }: GraphiQLIDEProps): React.ReactNode {
  const [live, setLive] = useState(false);
  return (
    <figure className={styles.ide} data-testid="graphiql-ide">
      {title && <figcaption className={styles.caption}>{title}</figcaption>}
      <div className={styles.panes}>
        <div className={styles.pane}>
          <div className={styles.paneLabel}>Query</div>
          <CodeBlock language="graphql">{query.trim()}</CodeBlock>
          {variables && (
            <>
              <div className={styles.paneLabel}>Variables</div>
              <CodeBlock language="json">{variables.trim()}</CodeBlock>
            </>
          )}
        </div>
        {response && (
          <div className={styles.pane}>
            <div className={styles.paneLabel}>Response</div>
            <CodeBlock language="json">{response.trim()}</CodeBlock>
          </div>
        )}
      </div>
      {live ? (
        <Suspense fallback={<p className={styles.loading}>Loading the editor…</p>}>
          <LiveEditor query={query.trim()} variables={variables?.trim() ?? ''} />
        </Suspense>
      ) : (
        <button
          type="button"
          className={`button button--sm button--secondary ${styles.tryIt}`}
          onClick={() => setLive(true)}
        >
          Try it
        </button>
      )}
    </figure>
  );
}
