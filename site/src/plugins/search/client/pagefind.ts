// Pagefind in the browser: the part of its API that search uses, loading it (once per page, retried
// after a failure), and the files written beside it by the index build (ranking priors, vocabulary).
import { INDEX_PATH, RANKING_PATH, VOCABULARY_PATH } from '../paths';
import { RANKING_OPTIONS, type RankingData } from '../ranking';
import type { SearchRequest } from '../backend';

// The part of Pagefind's browser API that we use (pagefind/types is for the Node API).
interface PagefindAnchor {
  element: string;
  id: string;
  text: string;
  location: number;
}
interface PagefindSubResult {
  title: string;
  url: string;
  anchor?: PagefindAnchor;
  excerpt: string;
  locations: number[];
}
export interface PagefindData {
  url: string;
  content: string;
  meta: Record<string, string | undefined>;
  excerpt: string;
  sub_results: PagefindSubResult[];
  anchors?: PagefindAnchor[];
}
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string, options: { filters?: PagefindFilter }): Promise<{ results: PagefindResult[] } | null>;
  /** Forgets the loaded index: the next init starts as on a new page. */
  destroy(): Promise<void>;
}
export interface PagefindResult {
  id: string;
  score: number;
  /** Positions of the matched words in the page's `content`. */
  words: number[];
  data(): Promise<PagefindData>;
}
export type PagefindFilter = Record<string, unknown>;

/** Imports pagefind.js from `url` (the site's, or a file: URL in tests) and starts it as the site does. */
export async function openPagefind(url: string): Promise<Pagefind> {
  const pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
  await pagefind.options({
    // Records store site-absolute URLs (/docs/2.0/…), so no prefix is added.
    baseUrl: '/',
    excerptLength: 22,
    // Searching this index takes a few milliseconds on the main thread; the worker would cost
    // another ~12 KB before the first results.
    noWorker: true,
    ranking: RANKING_OPTIONS,
  });
  await pagefind.init();
  return pagefind;
}

let sharedPagefind: Promise<Pagefind> | null = null;
export function loadPagefind(): Promise<Pagefind> {
  sharedPagefind ??= openPagefind(INDEX_PATH).catch((error: unknown) => {
    sharedPagefind = null; // let the next search try again
    throw error;
  });
  return sharedPagefind;
}

let sharedPriors: Promise<RankingData> | null = null;
export function loadPriors(): Promise<RankingData> {
  sharedPriors ??= fetch(RANKING_PATH).then((r) => {
    if (!r.ok) throw new Error(`${RANKING_PATH}: ${r.status}`);
    return r.json() as Promise<RankingData>;
  });
  sharedPriors.catch(() => (sharedPriors = null));
  return sharedPriors;
}

let sharedVocabulary: Promise<string[]> | null = null;
export function loadVocabulary(): Promise<string[]> {
  sharedVocabulary ??= fetch(VOCABULARY_PATH)
    .then((r) => (r.ok ? (r.json() as Promise<string[]>) : []))
    .catch(() => []);
  return sharedVocabulary;
}

/** The words of the page at Pagefind's match positions, lower-cased, with their parts (a_b → a, b). */
export function matchedWords(data: PagefindData, positions: number[]): string[] {
  const words = data.content.split(/\s+/);
  return positions.flatMap((i) => {
    const word = (words[i] ?? '').toLowerCase().replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '');
    return [word, ...word.split(/[^\p{L}\p{N}]+/u)];
  });
}

/** The request's facet filters (AND of strings and OR-groups, "name:value") as a Pagefind filter. */
export function toPagefindFilter(facetFilters: SearchRequest['facetFilters']): PagefindFilter | undefined {
  const one = (f: string) => {
    const at = f.indexOf(':');
    return { [f.slice(0, at)]: f.slice(at + 1) };
  };
  const all = facetFilters.map((f) => (Array.isArray(f) ? { any: f.map(one) } : one(f)));
  return all.length ? { all } : undefined;
}

/**
 * The facet filters without the clauses every page of the index holds (`language:en` while all
 * pages are English, the docs-or-wiki tag group on the whole site): they select every page, and
 * Pagefind would download their filter files before the first results for nothing.
 */
export function narrowingFilters(
  facetFilters: SearchRequest['facetFilters'],
  counts: Pick<RankingData, 'f' | 't'>,
): SearchRequest['facetFilters'] {
  if (!counts.t) return facetFilters;
  const pages = (clause: string) => counts.f?.[clause] ?? 0;
  const nameOf = (clause: string) => clause.slice(0, clause.indexOf(':'));
  // A page has one value per filter, so the pages of an OR group of one filter's values add up.
  const everyPage = (f: string | string[]) =>
    Array.isArray(f)
      ? new Set(f.map(nameOf)).size === 1 && f.reduce((sum, clause) => sum + pages(clause), 0) === counts.t
      : pages(f) === counts.t;
  return facetFilters.filter((f) => !everyPage(f));
}
