// The hosted backend: Algolia's official lite client against an index crawled with the DocSearch
// record shape (hierarchy lvl0-lvl6, content, url, type). Requests ask for the same attributes and
// snippets DocSearch asked for, so the dialog gets the same hit shape as from the embedded index.
import { liteClient } from 'algoliasearch/lite';
import { withSuggestions, type Hit, type SearchBackend, type SearchRequest, type SearchResponse } from '../backend';

export interface HostedConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Other hosts than Algolia's (tests answer from a local server). */
  hosts?: Array<{ url: string; protocol: 'http' | 'https'; accept: 'read' | 'write' | 'readWrite' }>;
}

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export function createHostedBackend(config: HostedConfig): SearchBackend {
  const client = liteClient(config.appId, config.apiKey, config.hosts ? { hosts: config.hosts } : undefined);
  return {
    async search(request: SearchRequest): Promise<SearchResponse> {
      const { results } = await client.search<Hit>({
        requests: [
          {
            indexName: config.indexName,
            query: request.query,
            hitsPerPage: request.hitsPerPage,
            page: request.page ?? 0,
            facetFilters: request.facetFilters,
            attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
            attributesToSnippet: [...LEVELS.map((l) => `hierarchy.${l}:10`), 'content:15'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
          },
        ],
      });
      const result = results[0] as { hits?: Hit[]; nbHits?: number; nbPages?: number; page?: number } | undefined;
      return withSuggestions({
        hits: result?.hits ?? [],
        nbHits: result?.nbHits ?? 0,
        nbPages: result?.nbPages ?? 0,
        page: result?.page ?? 0,
      });
    },
  };
}
