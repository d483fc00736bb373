// The "Try it" editor: GraphiQL with the example's operation, run against the reader's own engine.
// A chunk of its own (index.tsx imports it lazily): GraphiQL and its CSS are never in a page's first load.
import React, { useEffect, useId, useInsertionEffect, useMemo, useRef, useState } from 'react';
import { GraphiQL } from 'graphiql';
import Link from '@docusaurus/Link';
import { useColorMode } from '@docusaurus/theme-common';
import {
  DEFAULT_ENDPOINT,
  createEngineFetcher,
  loadEndpoint,
  memoryStorage,
  saveEndpoint,
  type EngineProblem,
} from './engine';
import { insertStylesheets } from './stylesheets';

type Props = { query: string; variables: string; onClose: () => void };

/** Where the admin secret goes, for engines started as in the Docker quickstart; sent only once filled in. */
const INITIAL_HEADERS = '{\n  "x-hasura-admin-secret": ""\n}';

export default function LiveEditor({ query, variables, onClose }: Props): React.ReactNode {
  useInsertionEffect(insertStylesheets, []);
  const { colorMode } = useColorMode();
  const inputId = useId();
  const region = useRef<HTMLElement>(null);
  // What the reader types, and the endpoint in use: the fetcher (and so GraphiQL's schema request)
  // changes only when the reader confirms a new endpoint, not on every keystroke.
  const [draft, setDraft] = useState(loadEndpoint);
  const [endpoint, setEndpoint] = useState(draft);
  const [problem, setProblem] = useState<EngineProblem | null>(null);
  const storage = useMemo(memoryStorage, []);
  const fetcher = useMemo(() => createEngineFetcher(endpoint, { onProblem: setProblem }), [endpoint]);

  // The "Try it" button is gone: keyboard and screen reader users continue in the editor.
  useEffect(() => region.current?.focus(), []);
  // GraphiQL creates its CodeMirror editors after mounting, without names for screen readers.
  useEffect(() => {
    const root = region.current!;
    labelEditors(root);
    const observer = new MutationObserver(() => labelEditors(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const applyDraft = () => {
    const next = draft.trim() || DEFAULT_ENDPOINT;
    setDraft(next);
    if (next === endpoint) return;
    setProblem(null);
    setEndpoint(next);
    saveEndpoint(next);
  };

  return (
    <section ref={region} tabIndex={-1} className="tryit" aria-label="Try it" data-testid="graphiql-live">
      <form
        className="tryit-endpoint"
        onSubmit={(e) => {
          e.preventDefault();
          applyDraft();
        }}
      >
        <label htmlFor={inputId}>Endpoint</label>
        <input
          id={inputId}
          type="url"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={applyDraft}
          spellCheck={false}
          autoComplete="url"
        />
        <button type="submit" className="button button--sm button--secondary">
          Connect
        </button>
        <button type="button" className="button button--sm button--secondary" onClick={onClose}>
          Close
        </button>
      </form>
      {problem && <EngineNotice problem={problem} />}
      <div className="tryit-graphiql">
        <GraphiQL
          fetcher={fetcher}
          storage={storage}
          query={query}
          variables={variables}
          headers={INITIAL_HEADERS}
          defaultEditorToolsVisibility={variables ? 'variables' : 'headers'}
          shouldPersistHeaders={false}
          showPersistHeadersSettings={false}
          forcedTheme={colorMode}
        />
      </div>
    </section>
  );
}

type CodeMirrorElement = HTMLElement & {
  CodeMirror?: { getOption(name: string): unknown; setOption(name: string, value: unknown): void };
};

/** Names each of GraphiQL's editors with CodeMirror's own option (its hidden textarea had none: axe `label`). */
function labelEditors(root: HTMLElement): void {
  for (const element of Array.from(root.querySelectorAll<CodeMirrorElement>('.CodeMirror'))) {
    const editor = element.CodeMirror;
    if (!editor || editor.getOption('screenReaderLabel')) continue;
    const tool = element.closest('.graphiql-editor-tool');
    // The tool pane holds the variables editor, then the headers editor.
    const label = element.closest('.graphiql-query-editor')
      ? 'Operation'
      : element.closest('.graphiql-response')
        ? 'Response'
        : tool && tool.querySelector('.CodeMirror') === element
          ? 'Variables'
          : 'Headers';
    editor.setOption('screenReaderLabel', label);
  }
}

/** What went wrong, and how to get an engine the page can reach. */
function EngineNotice({ problem }: { problem: EngineProblem }): React.ReactNode {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="alert alert--danger tryit-notice" role="alert" data-testid="graphiql-engine-problem">
      {problem.kind === 'unreachable' ? (
        <p>
          <strong>
            No GraphQL engine answered at <code>{problem.endpoint}</code>.
          </strong>{' '}
          Nothing is listening there, or the engine refused this page.
        </p>
      ) : (
        <p>
          <strong>
            <code>{problem.endpoint}</code> is not a GraphQL endpoint.
          </strong>{' '}
          It answered with HTTP {problem.status} but not with JSON; the engine serves GraphQL at{' '}
          <code>/v1/graphql</code>.
        </p>
      )}
      <p>
        To run the examples, start an engine on your machine: save the Compose file of the{' '}
        <Link to="/getting-started/docker-simple/">Quickstart with Docker</Link>, then run{' '}
        <code>docker compose up -d</code>. It listens at <code>{DEFAULT_ENDPOINT}</code>.
      </p>
      <p>
        The engine must allow this page&rsquo;s origin, <code>{origin}</code>, in{' '}
        <code>HASURA_GRAPHQL_CORS_DOMAIN</code> (its default, <code>*</code>, allows every origin).
      </p>
    </div>
  );
}
