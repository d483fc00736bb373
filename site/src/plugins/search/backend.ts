// The contract of search: what the dialog and the search page ask (SearchRequest), what every backend
// answers (SearchResponse of Hits) and the interface both backends implement. The backends live in
// client/ (embeddedBackend.ts: the Pagefind index built with the site; hostedBackend.ts: Algolia);
// client/loadBackend.ts loads the one chosen at build time.
import { SEARCH_SUGGESTIONS } from './settings';

/**
 * One result: a section of a page, in the record shape of the hosted crawler (DocSearch's), which
 * the embedded index answers too: the hierarchy lvl0 (section) › lvl1 (page) › lvl2/lvl3 (headings),
 * with the query's terms marked by <mark> in `_highlightResult` and `_snippetResult`.
 */
export interface Hit {
  objectID: string;
  url: string;
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'content';
  hierarchy: Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;
  content: string | null;
  _highlightResult: {
    hierarchy: Record<string, { value: string; matchLevel: 'none' | 'full' }>;
    content?: { value: string; matchLevel: 'none' | 'full' };
  };
  _snippetResult: { content?: { value: string }; hierarchy?: Record<string, { value: string }> };
}

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
