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

export function modalSearchClient(appId: string, docsearchClient: DocSearchClient): DocSearchClient {
  if (appId !== EMBEDDED_CREDENTIALS.appId) {
    return { ...docsearchClient, search: async (request) => withSuggestions(await docsearchClient.search(request)) };
  }
  let embedded: Promise<DocSearchClient> | null = null;
  const load = () =>
    (embedded ??= import('./embeddedClient')
      .then((m) => m.createEmbeddedClient({ sectionsPerPage: 3 }) as DocSearchClient)
      .catch((error: unknown) => {
        embedded = null;
        throw error;
      }));
  return {
    transporter: docsearchClient.transporter,
    addAlgoliaAgent: () => undefined,
    search: async (request) => withSuggestions(await (await load()).search(request)),
  };
}
