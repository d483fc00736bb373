// Loads the backend chosen at build time (the search plugin's global data): its module is a separate
// chunk that loads on the first search, so neither backend's code is on a page until search is used.
import type { SearchBackend } from '../backend';
import type { SearchBackend as BackendConfig } from '../../../buildEnv';

let loaded: { key: string; backend: Promise<SearchBackend> } | null = null;

/** The backend chosen at build time, loaded once (a failed load is retried by the next search). */
export function loadSearchBackend(config: BackendConfig): Promise<SearchBackend> {
  const key = JSON.stringify(config);
  if (loaded?.key === key) return loaded.backend;
  const backend = (
    config.mode === 'hosted'
      ? import('./hostedBackend').then((m) => m.createHostedBackend(config))
      : import('./embeddedBackend').then((m) => m.createEmbeddedBackend())
  ).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  loaded = { key, backend };
  return backend;
}
