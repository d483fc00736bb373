// The embedded search backend: answers the dialog's and the search page's requests, in the hosted
// service's request and response shape, from the Pagefind index built after the production build.
// Nothing is downloaded until the first search; then Pagefind fetches only the index chunks and
// page fragments that the query needs.
import { SEARCH_SUGGESTIONS } from './settings';
import { highlight, isCloseMatch, matchesAny, queryTerms } from './highlight';
import { INDEX_PATH, RANKING_PATH, VOCABULARY_PATH } from './paths';
import { anchorFor } from '../table-anchors/anchor';
import {
  exactFactor,
  IDENTIFIER,
  searchWords,
  META_WEIGHTS,
  priorFactor,
  queryToken,
  referenceFactor,
  type RankingData,
} from './ranking';

/**
 * How many of the best pages are checked for a query that names them: their data is fetched, so
 * no more than the dialog shows (each page's data is a few KB before the first results).
 */
const EXACT_WINDOW = 4;
import { correctQuery } from './typos';
import { withSuggestions, type SearchBackend } from './backend';

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
interface PagefindResult {
  id: string;
  score: number;
  /** Positions of the matched words in the page's `content`. */
  words: number[];
  data(): Promise<PagefindData>;
}
type PagefindFilter = Record<string, unknown>;

/** The parameters DocSearch and algoliasearch-helper send; other hosted-only parameters are ignored. */
export interface SearchParams {
  query?: string;
  hitsPerPage?: number;
  page?: number;
  facetFilters?: Array<string | string[]> | string;
  highlightPreTag?: string;
  highlightPostTag?: string;
}
export type SearchRequest = { indexName: string; params?: SearchParams } & SearchParams;

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

export interface SearchResult {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  index: string;
  exhaustiveNbHits: true;
  processingTimeMS: number;
  facets: Record<string, Record<string, number>>;
  /** Queries to offer under "Try searching for" when there are no hits (not part of the hosted shape). */
  suggestions?: string[];
}

export interface ClientOptions {
  /** How many sections of one page become hits: the modal shows a few, the search page one. */
  sectionsPerPage: number;
  /** Loads Pagefind; tests pass one built from a real index. */
  load?: () => Promise<Pagefind>;
  /** Loads the vocabulary for typo correction and suggestions. */
  loadVocabulary?: () => Promise<string[]>;
  /** Loads the ranking priors (ranking.json). */
  loadPriors?: () => Promise<RankingData>;
  /** Origin for absolute hit URLs (DocSearch's URL processor needs them). */
  origin?: string;
}

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

/**
 * Pagefind's ranking: page-level fields weigh more than body words (see ranking.ts), and long
 * reference pages, where each identifier is defined once among many, are not pushed down for
 * their length as much as by default (pageLength 0.75).
 */
export const RANKING_OPTIONS = { metaWeights: META_WEIGHTS, pageLength: 0.4 };

let sharedPagefind: Promise<Pagefind> | null = null;
function loadPagefind(): Promise<Pagefind> {
  sharedPagefind ??= openPagefind(INDEX_PATH).catch((error: unknown) => {
    sharedPagefind = null; // let the next search try again
    throw error;
  });
  return sharedPagefind;
}

let sharedPriors: Promise<RankingData> | null = null;
function loadPriors(): Promise<RankingData> {
  sharedPriors ??= fetch(RANKING_PATH).then((r) => {
    if (!r.ok) throw new Error(`${RANKING_PATH}: ${r.status}`);
    return r.json() as Promise<RankingData>;
  });
  sharedPriors.catch(() => (sharedPriors = null));
  return sharedPriors;
}

let sharedVocabulary: Promise<string[]> | null = null;
function loadVocabulary(): Promise<string[]> {
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

/** Hosted facetFilters (AND of strings and OR-groups, "name:value") as a Pagefind filter. */
export function toPagefindFilter(facetFilters: SearchParams['facetFilters']): PagefindFilter | undefined {
  if (!facetFilters) return undefined;
  const list = typeof facetFilters === 'string' ? [facetFilters] : facetFilters;
  const one = (f: string) => {
    const at = f.indexOf(':');
    return { [f.slice(0, at)]: f.slice(at + 1) };
  };
  const all = list.map((f) => (Array.isArray(f) ? { any: f.map(one) } : one(f)));
  return all.length ? { all } : undefined;
}

/**
 * The facet filters without the clauses every page of the index holds (`language:en` while all
 * pages are English, the docs-or-wiki tag group on the whole site): they select every page, and
 * Pagefind would download their filter files before the first results for nothing.
 */
export function narrowingFilters(
  facetFilters: SearchParams['facetFilters'],
  counts: Pick<RankingData, 'f' | 't'>,
): SearchParams['facetFilters'] {
  if (!facetFilters || !counts.t) return facetFilters;
  const list = typeof facetFilters === 'string' ? [facetFilters] : facetFilters;
  const pages = (clause: string) => counts.f?.[clause] ?? 0;
  const nameOf = (clause: string) => clause.slice(0, clause.indexOf(':'));
  // A page has one value per filter, so the pages of an OR group of one filter's values add up.
  const everyPage = (f: string | string[]) =>
    Array.isArray(f)
      ? new Set(f.map(nameOf)).size === 1 && f.reduce((sum, clause) => sum + pages(clause), 0) === counts.t
      : pages(f) === counts.t;
  return list.filter((f) => !everyPage(f));
}

function normalise(requests: SearchRequest[] | { requests: SearchRequest[] }): Array<SearchParams & { index: string }> {
  const list = Array.isArray(requests) ? requests : requests.requests;
  return list.map(({ indexName, params, ...flat }) => ({ ...flat, ...params, index: indexName }));
}

export function createEmbeddedClient(options: ClientOptions) {
  const load = options.load ?? loadPagefind;
  const vocabularyOf = options.loadVocabulary ?? loadVocabulary;
  const priorsOf = options.loadPriors ?? loadPriors;
  const origin = options.origin ?? globalThis.location?.origin ?? '';

  // Pagefind fetches a page's fragment on data(); keep each promise so no fragment loads twice.
  const fragments = new Map<string, Promise<PagefindData>>();
  const dataOf = (r: PagefindResult) => {
    let data = fragments.get(r.id);
    if (!data) fragments.set(r.id, (data = r.data()));
    return data;
  };

  async function find(
    pagefind: Pagefind,
    query: string,
    filters: PagefindFilter | undefined,
    ranking: RankingData,
    shownPages: number,
  ) {
    const terms = queryTerms(searchWords(query));
    if (terms.length === 0) return [];
    const token = queryToken(query);
    const [search, defining] = await Promise.all([
      pagefind.search(searchWords(query), { filters }),
      token ? pagefind.search(token, { filters }) : null,
    ]);
    // Pagefind's score, lowered for legacy pages and database twins the query does not ask for.
    const ranked = (list: PagefindResult[], factor: (r: PagefindResult) => number = () => 1) =>
      list
        .map((result, order) => ({
          result,
          order,
          score: result.score * priorFactor(ranking.p[result.id], query) * factor(result),
        }))
        .sort((a, b) => b.score - a.score || a.order - b.order)
        .map(({ result }) => result);
    // The pages that define the identifier the query names come first, the fullest reference first.
    // A defining page's sections come from the query's own search (where the identifier is in the
    // text: the row or heading that defines it), not from the token's (page metadata only).
    const byId = new Map((search?.results ?? []).map((r) => [r.id, r]));
    let first = ranked(defining?.results ?? [], (r) => referenceFactor(ranking.n[r.id])).map(
      (r) => byId.get(r.id) ?? r,
    );
    // Fetch the data of the pages that may be shown at once, not one round after another. When the
    // defining pages fill what is shown, the other candidates' order cannot change what is shown.
    const candidates = ranked(search?.results ?? []);
    const fills = first.length >= shownPages;
    for (const r of [...first.slice(0, EXACT_WINDOW), ...(fills ? [] : candidates.slice(0, EXACT_WINDOW))])
      void dataOf(r).catch(() => undefined);
    // Pagefind answers an unknown word with pages that hold a longer word starting like it: keep
    // the defining pages only when the best one really holds the identifier's token.
    if (first[0] && !Object.values((await dataOf(first[0])).meta).some((v) => v?.split(' ').includes(token!))) {
      first = [];
    }
    const firstIds = new Set(first.map((r) => r.id));
    const rest = candidates.filter((r) => !firstIds.has(r.id));
    // Among the best few, a page the query names (its section, slug or title) moves up; their
    // data is loaded for display anyway.
    const reordered = first.length >= shownPages ? 0 : EXACT_WINDOW;
    const head = await Promise.all(
      rest.slice(0, reordered).map(async (r, order) => ({ r, order, f: exactFactor((await dataOf(r)).meta, query) })),
    );
    head.sort(
      (a, b) =>
        b.f * b.r.score * priorFactor(ranking.p[b.r.id], query) -
          a.f * a.r.score * priorFactor(ranking.p[a.r.id], query) || a.order - b.order,
    );
    const results = [...first, ...head.map((h) => h.r), ...rest.slice(reordered)];
    // Pagefind falls back to ever shorter prefixes of a word it does not know ("qqqqq" finds "Q"),
    // so check that the best result really holds each term, or a word within typo distance of it.
    const top = results[0];
    if (!top) return [];
    if (firstIds.has(top.id)) return results;
    const data = await dataOf(top);
    const metaWords = queryTerms(Object.values(data.meta).join(' '));
    const words = [...matchedWords(data, top.words), ...metaWords];
    return terms.every((term) => words.some((word) => isCloseMatch(term, word))) ? results : [];
  }

  async function searchOne(pagefind: Pagefind, params: SearchParams & { index: string }): Promise<SearchResult> {
    const started = Date.now();
    const hitsPerPage = params.hitsPerPage ?? 20;
    const page = params.page ?? 0;
    const query = (params.query ?? '').trim();
    const ranking = await priorsOf();
    const filters = toPagefindFilter(narrowingFilters(params.facetFilters, ranking));
    // A hit is a section; a result of Pagefind is a page with up to `sectionsPerPage` sections.
    // Only the fragments of the pages shown are downloaded.
    const pagesPerRequest = Math.ceil(Math.max(hitsPerPage, 0) / options.sectionsPerPage);
    const shownPages = (page + 1) * pagesPerRequest;
    let terms = queryTerms(searchWords(query));
    let found = await find(pagefind, query, filters, ranking, shownPages);
    let suggestions: string[] | undefined;
    if (found.length === 0 && terms.length) {
      const vocabulary = await vocabularyOf();
      const corrected = correctQuery(terms, vocabulary, new Set(vocabulary));
      if (corrected) {
        found = await find(pagefind, corrected, filters, ranking, shownPages);
        if (found.length) terms = queryTerms(corrected);
        else suggestions = [corrected];
      }
      if (found.length === 0) suggestions = [...(suggestions ?? []), ...SEARCH_SUGGESTIONS];
    }
    const shown = await Promise.all(found.slice(page * pagesPerRequest, (page + 1) * pagesPerRequest).map(dataOf));
    const pre = params.highlightPreTag ?? '<mark>';
    const post = params.highlightPostTag ?? '</mark>';
    const hits = shown
      .flatMap((data) => toHits(data, terms, pre, post, origin, query).slice(0, options.sectionsPerPage))
      .slice(0, Math.max(hitsPerPage, 0));
    return {
      hits,
      // The total is counted in pages, the unit of the search page's list.
      nbHits: found.length,
      page,
      nbPages: pagesPerRequest > 0 ? Math.ceil(found.length / pagesPerRequest) : 0,
      hitsPerPage,
      query,
      params: '',
      index: params.index,
      exhaustiveNbHits: true,
      processingTimeMS: Date.now() - started,
      facets: {},
      ...(suggestions && { suggestions }),
    };
  }

  const agent = { value: 'docs-embedded-search', add: () => agent };
  return {
    transporter: { algoliaAgent: agent },
    addAlgoliaAgent: (): void => undefined,
    appId: 'embedded',
    async search(requests: SearchRequest[] | { requests: SearchRequest[] }): Promise<{ results: SearchResult[] }> {
      const pagefind = await load();
      return { results: await Promise.all(normalise(requests).map((params) => searchOne(pagefind, params))) };
    },
  };
}

export type EmbeddedClient = ReturnType<typeof createEmbeddedClient>;

/**
 * The hits of one page: its best sections (most matches first), each typed as the hosted crawler
 * would type the record that matched: a heading (lvl1-lvl3) when the heading itself matches,
 * otherwise content under that heading. A query that is one identifier with a row of its own in a
 * reference table of the page (`rows` meta) gets that row first, titled page › identifier.
 */
export function toHits(
  data: PagefindData,
  terms: string[],
  pre: string,
  post: string,
  origin: string,
  query = '',
): Hit[] {
  const hits = sectionHits(data, terms, pre, post, origin);
  const row = IDENTIFIER.test(query) ? anchorFor(query) : '';
  if (!row || !(data.meta.rows ?? '').split(' ').includes(row)) return hits;
  const page = data.url.split('#')[0]!;
  const hierarchy: Hit['hierarchy'] = {
    lvl0: data.meta.section ?? '',
    lvl1: data.meta.title ?? '',
    lvl2: query,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const highlighted = highlightHierarchy(hierarchy, terms, pre, post);
  const rowHit: Hit = {
    objectID: `${page}#${row}`,
    url: `${origin}${page}#${row}`,
    type: 'lvl2',
    hierarchy,
    content: null,
    _highlightResult: { hierarchy: highlighted },
    _snippetResult: {
      ...(hits[0]?._snippetResult.content && { content: hits[0]._snippetResult.content }),
      hierarchy: snippetHierarchy(highlighted),
    },
  };
  return [rowHit, ...hits.filter((hit) => hit.objectID !== rowHit.objectID)];
}

/** The hierarchy's levels with the query's terms marked, in the hosted service's shape. */
function highlightHierarchy(
  hierarchy: Hit['hierarchy'],
  terms: string[],
  pre: string,
  post: string,
): Hit['_highlightResult']['hierarchy'] {
  const highlighted: Hit['_highlightResult']['hierarchy'] = {};
  for (const [key, value] of Object.entries(hierarchy)) {
    if (value !== null) {
      highlighted[key] = {
        value: highlight(value, terms, pre, post),
        matchLevel: matchesAny(value, terms) ? 'full' : 'none',
      };
    }
  }
  return highlighted;
}

const snippetHierarchy = (highlighted: Hit['_highlightResult']['hierarchy']) =>
  Object.fromEntries(Object.entries(highlighted).map(([k, v]) => [k, { value: v.value }]));

function sectionHits(data: PagefindData, terms: string[], pre: string, post: string, origin: string): Hit[] {
  const title = data.meta.title ?? '';
  const section = data.meta.section ?? '';
  const anchors = data.anchors ?? [];
  const subResults = data.sub_results.length
    ? data.sub_results
    : [{ title, url: data.url, excerpt: data.excerpt, locations: [] as number[] }];
  const ranked = subResults
    .map((sub, order) => ({ sub, order }))
    .sort((a, b) => b.sub.locations.length - a.sub.locations.length || a.order - b.order);
  return ranked.map(({ sub }) => {
    const level = sub.anchor && /^h[23]$/.test(sub.anchor.element) ? Number(sub.anchor.element[1]) : 1;
    const lvl2 =
      level === 3
        ? ([...anchors].reverse().find((a) => a.element === 'h2' && a.location < sub.anchor!.location)?.text ?? null)
        : level === 2
          ? sub.title
          : null;
    const lvl3 = level === 3 ? sub.title : null;
    const heading = level === 1 ? title : sub.title;
    const type: Hit['type'] = matchesAny(heading, terms) ? (`lvl${level}` as Hit['type']) : 'content';
    const hierarchy: Hit['hierarchy'] = { lvl0: section, lvl1: title, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null };
    const highlighted = highlightHierarchy(hierarchy, terms, pre, post);
    const snippet = withTags(sub.excerpt, pre, post);
    const content = type === 'content' ? plainText(sub.excerpt) : null;
    return {
      objectID: sub.url,
      url: `${origin}${sub.url}`,
      type,
      hierarchy,
      content,
      _highlightResult: {
        hierarchy: highlighted,
        ...(content !== null && { content: { value: snippet, matchLevel: 'full' as const } }),
      },
      // Every hit gets its snippet, heading hits too: the dialog shows one under each title.
      _snippetResult: {
        ...(snippet && { content: { value: snippet } }),
        hierarchy: snippetHierarchy(highlighted),
      },
    };
  });
}

/** Pagefind marks matches with <mark>; use the tags the caller asked for. */
function withTags(excerpt: string, pre: string, post: string): string {
  return excerpt.replaceAll('<mark>', pre).replaceAll('</mark>', post);
}

function plainText(excerpt: string): string {
  return excerpt
    .replace(/<\/?mark>/g, '')
    .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, e: string) =>
      e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'amp' ? '&' : "'",
    );
}

/** The embedded index behind the backend interface of the dialog and the search page. */
export function createEmbeddedBackend(): SearchBackend {
  const clients = new Map<number, EmbeddedClient>();
  return {
    warm() {
      // Errors surface on the first search, which loads again.
      loadPagefind().catch(() => undefined);
      loadPriors().catch(() => undefined);
    },
    async search({ query, hitsPerPage, page, facetFilters, sectionsPerPage = 3 }) {
      let client = clients.get(sectionsPerPage);
      if (!client) clients.set(sectionsPerPage, (client = createEmbeddedClient({ sectionsPerPage })));
      const { results } = await client.search({
        requests: [{ indexName: 'docs', query, hitsPerPage, page, facetFilters }],
      });
      return withSuggestions(results[0]!);
    },
  };
}
