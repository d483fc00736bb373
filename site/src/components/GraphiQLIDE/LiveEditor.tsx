import React, { useState } from 'react';
import styles from './styles.module.css';

type Props = { query: string; variables: string };

export type RunResult = { ok: true; body: string } | { ok: false; error: string };

/** Sends one GraphQL request to the reader's engine and returns the pretty-printed reply or a clear error. */
export async function runOperation(
  endpoint: string,
  query: string,
  variables: string,
  headers: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RunResult> {
  let vars: unknown;
  let extraHeaders: Record<string, string>;
  try {
    vars = variables.trim() ? JSON.parse(variables) : undefined;
  } catch {
    return { ok: false, error: 'Variables are not valid JSON.' };
  }
  try {
    extraHeaders = headers.trim() ? (JSON.parse(headers) as Record<string, string>) : {};
  } catch {
    return { ok: false, error: 'Headers are not valid JSON.' };
  }
  try {
    const res = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extraHeaders },
      body: JSON.stringify({ query, variables: vars }),
    });
    const text = await res.text();
    try {
      return { ok: true, body: JSON.stringify(JSON.parse(text), null, 2) };
    } catch {
      return { ok: false, error: `HTTP ${res.status}: the endpoint did not answer with JSON.` };
    }
  } catch (e) {
    return { ok: false, error: `Could not reach ${endpoint}: ${(e as Error).message}` };
  }
}

/** The on-demand editor: edit the operation, point it at an engine, run it. */
export default function LiveEditor({ query, variables }: Props): React.ReactNode {
  const [endpoint, setEndpoint] = useState('http://localhost:8080/v1/graphql');
  const [text, setText] = useState(query);
  const [vars, setVars] = useState(variables);
  const [headers, setHeaders] = useState('{"x-hasura-admin-secret": ""}');
  const [result, setResult] = useState<RunResult | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className={styles.live} data-testid="graphiql-live">
      <label className={styles.field}>
        Endpoint
        <input value={endpoint} onChange={(e) => setEndpoint(e.target.value)} />
      </label>
      <label className={styles.field}>
        Operation
        <textarea
          rows={Math.min(16, text.split('\n').length + 1)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
        />
      </label>
      <label className={styles.field}>
        Variables (JSON)
        <textarea rows={3} value={vars} onChange={(e) => setVars(e.target.value)} spellCheck={false} />
      </label>
      <label className={styles.field}>
        Headers (JSON)
        <textarea rows={2} value={headers} onChange={(e) => setHeaders(e.target.value)} spellCheck={false} />
      </label>
      <button
        type="button"
        className="button button--sm button--primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setResult(await runOperation(endpoint, text, vars, headers));
          setBusy(false);
        }}
      >
        {busy ? 'Running…' : 'Run'}
      </button>
      {result && (
        <pre className={result.ok ? styles.result : styles.error} role="status">
          {result.ok ? result.body : result.error}
        </pre>
      )}
    </div>
  );
}
