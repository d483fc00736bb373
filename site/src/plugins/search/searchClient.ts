// The client the DocSearch modal uses, for both backends. Embedded: our Pagefind client, loaded on
// the first search (never with the page). Hosted: DocSearch's own client. Either way a search with
// no hits carries suggestions for "Try searching for", so the first fruitless query gets some.
import { SEARCH_SUGGESTIONS } from '../../constants';
import { EMBEDDED_CREDENTIALS } from './config';

interface SearchResponse {
  results: Array<{ nbHits?: number; suggestions?: string[] }>;
}
export interface DocSearchClient {
  search(request: unknown): Promise<SearchResponse>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: { algoliaAgent: { value: string; add(options: { segment: string; version?: string }): unknown } };
}

export function withSuggestions(response: SearchResponse): SearchResponse {
  return {
    ...response,
    results: response.results.map((r) => (r.nbHits || r.suggestions ? r : { ...r, suggestions: SEARCH_SUGGESTIONS })),
  };
}

/**
 * Runs the modal's searches one at a time, in order, and skips the ones already superseded.
 * DocSearch sends a search per keystroke and stores each response's count and suggestions as it
 * arrives: out of order, a slow earlier search would leave its count under the final query; all
 * run, a fast typist would queue a search per letter. A skipped search answers with the last real
 * response (what the modal already shows), so nothing flickers; DocSearch discards it anyway.
 */
export function latestInOrder(search: DocSearchClient['search']): DocSearchClient['search'] {
  let previous: Promise<unknown> = Promise.resolve();
  let newest = 0;
  let last: SearchResponse = { results: [] };
  return (request) => {
    const mine = ++newest;
    const run = previous.then(async () => {
      if (mine !== newest) return last;
      last = await search(request);
      return last;
    });
    previous = run.catch(() => undefined);
    return run;
  };
}

export function modalSearchClient(appId: string, docsearchClient: DocSearchClient): DocSearchClient {
  if (appId !== EMBEDDED_CREDENTIALS.appId) {
    const search = latestInOrder((request) => docsearchClient.search(request));
    return { ...docsearchClient, search: async (request) => withSuggestions(await search(request)) };
  }
  let embedded: Promise<DocSearchClient> | null = null;
  const load = () =>
    (embedded ??= import('./embeddedClient')
      .then((m) => m.createEmbeddedClient({ sectionsPerPage: 3 }) as DocSearchClient)
      .catch((error: unknown) => {
        embedded = null;
        throw error;
      }));
  const search = latestInOrder(async (request) => (await load()).search(request));
  return {
    transporter: docsearchClient.transporter,
    addAlgoliaAgent: () => undefined,
    search: async (request) => withSuggestions(await search(request)),
  };
}
