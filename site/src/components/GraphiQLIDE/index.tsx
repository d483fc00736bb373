import React, { lazy, Suspense, useEffect, useId, useRef, useSyncExternalStore } from 'react';
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

// The interactive editor (GraphiQL) is a separate chunk, fetched only when the reader asks for it.
const LiveEditor = lazy(() => import('./LiveEditor'));

// One editor open per page: GraphiQL keeps its schema and plugin state in module-level stores, so two
// instances would share them (and its element ids). Opening another example's editor closes this one.
let openEditor: string | null = null;
const listeners = new Set<() => void>();
function setOpenEditor(id: string | null) {
  openEditor = id;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A GraphQL operation beside its response, rendered at build time as highlighted code (no editor
 * bundle ships with the page). "Try it" loads GraphiQL with the operation, to run it against the
 * reader's own engine.
 */
export default function GraphiQLIDE({ query, variables, response, title }: GraphiQLIDEProps): React.ReactNode {
  const id = useId();
  const live = useSyncExternalStore(
    subscribe,
    () => openEditor === id,
    () => false,
  );
  const tryIt = useRef<HTMLButtonElement>(null);
  const closedHere = useRef(false);
  // Leaving the page closes the editor, so the next page's examples start closed.
  useEffect(() => () => void (openEditor === id && setOpenEditor(null)), [id]);
  // Back to the button after Close, where the reader was.
  useEffect(() => {
    if (!live && closedHere.current) tryIt.current?.focus();
    closedHere.current = false;
  }, [live]);
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
          <LiveEditor
            query={query.trim()}
            variables={variables?.trim() ?? ''}
            onClose={() => {
              closedHere.current = true;
              setOpenEditor(null);
            }}
          />
        </Suspense>
      ) : (
        <button
          ref={tryIt}
          type="button"
          className={`button button--sm button--secondary ${styles.tryIt}`}
          onClick={() => setOpenEditor(id)}
        >
          Try it
        </button>
      )}
    </figure>
  );
}
