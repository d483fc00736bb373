// The interface both search backends answer, and the choice between them. The dialog and the search
// page call `loadSearchBackend(config)`; the module of the chosen backend is a separate chunk that
// loads on the first search, so neither backend's code is on a page until search is used.
import { SEARCH_SUGGESTIONS } from './settings';
import type { Hit } from './embeddedClient';
import type { SearchBackend as BackendConfig } from '../../buildEnv';

export type { Hit };

export interface SearchRequest {
  query: string;
  hitsPerPage: number;
  page?: number;
  /** Hosted syntax: AND of "name:value" strings and OR-groups, e.g. ["language:en", ["docusaurus_tag:…"]]. */
  facetFilters: Array<string | string[]>;
  /** At most this many sections of one page (embedded index; the hosted index has its own distinct setting). */
  sectionsPerPage?: number;
}

export interface SearchResponse {
  /** DocSearch-shaped records, one per section (both backends return the same shape). */
  hits: Hit[];
  /** Total for this query: pages for the embedded index, records for the hosted one. */
  nbHits: number;
  nbPages: number;
  page: number;
  /** Queries to offer under "Try searching for" (set when there are no hits). */
  suggestions?: string[];
}

export interface SearchBackend {
  search(request: SearchRequest): Promise<SearchResponse>;
  /** Starts loading what the first search needs (the dialog calls it when it opens). */
  warm?(): void;
}

/** The contextual filters: the page's language and its docs instance tags. */
export function contextualFilters(language: string, tags: readonly string[]): Array<string | string[]> {
  return [`language:${language}`, tags.map((tag) => `docusaurus_tag:${tag}`)];
}

/** Every backend offers the site's commonest topics when a query finds nothing. */
export function withSuggestions(response: SearchResponse): SearchResponse {
  return response.nbHits || response.suggestions?.length ? response : { ...response, suggestions: SEARCH_SUGGESTIONS };
}

/** A hit's URL as a path on this site: the hosted records hold absolute URLs. */
export function hitPath(url: string): string {
  if (url.startsWith('/')) return url;
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.hash}`;
}

let loaded: { key: string; backend: Promise<SearchBackend> } | null = null;

/** The backend chosen at build time, loaded once (a failed load is retried by the next search). */
export function loadSearchBackend(config: BackendConfig): Promise<SearchBackend> {
  const key = JSON.stringify(config);
  if (loaded?.key === key) return loaded.backend;
  const backend = (
    config.mode === 'hosted'
      ? import('./hostedBackend').then((m) => m.createHostedBackend(config))
      : import('./embeddedClient').then((m) => m.createEmbeddedBackend())
  ).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  loaded = { key, backend };
  return backend;
}
