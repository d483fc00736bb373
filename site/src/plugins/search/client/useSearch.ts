// The search state of the dialog and the search page: one request per query, in order, where only
// the newest query's answer is shown (an older answer that arrives late is dropped, and queries
// typed while one runs are collapsed into the newest).
import { useEffect, useRef, useState } from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';
import type { SearchRequest, SearchResponse } from '../backend';
import { loadSearchBackend } from './loadBackend';
import type { SearchBackend as BackendConfig } from '../../../buildEnv';

/** What is on screen: an answer and the query it answers (while a newer query runs, the last answer stays). */
export interface Shown {
  query: string;
  response: SearchResponse;
}

export type SearchState =
  | { status: 'idle'; query: '' }
  | { status: 'loading'; query: string; shown?: Shown }
  | { status: 'done'; query: string; shown: Shown }
  | { status: 'error'; query: string };

/** The backend chosen at build time (the search plugin's global data). */
export function useBackendConfig(): BackendConfig {
  return (usePluginData('docs-search') as { backend: BackendConfig }).backend;
}

export function useSearch(query: string, request: Omit<SearchRequest, 'query'>): SearchState {
  const config = useBackendConfig();
  const [state, setState] = useState<SearchState>({ status: 'idle', query: '' });
  const latest = useRef(0);
  const running = useRef<Promise<unknown>>(Promise.resolve());
  const requestKey = JSON.stringify(request);
  // The index starts loading when search opens, while the reader types.
  useEffect(() => {
    loadSearchBackend(config)
      .then((backend) => backend.warm?.())
      .catch(() => undefined);
  }, [config]);
  useEffect(() => {
    const trimmed = query.trim();
    const id = ++latest.current;
    if (!trimmed) {
      setState({ status: 'idle', query: '' });
      return;
    }
    setState((previous) => ({
      status: 'loading',
      query: trimmed,
      shown: previous.status === 'done' || previous.status === 'loading' ? previous.shown : undefined,
    }));
    const run = running.current.then(async () => {
      if (id !== latest.current) return; // superseded while waiting: skip
      try {
        const backend = await loadSearchBackend(config);
        const response = await backend.search({ ...(JSON.parse(requestKey) as typeof request), query: trimmed });
        if (id === latest.current) setState({ status: 'done', query: trimmed, shown: { query: trimmed, response } });
      } catch {
        if (id === latest.current) setState({ status: 'error', query: trimmed });
      }
    });
    running.current = run;
  }, [query, requestKey, config]);
  return state;
}
