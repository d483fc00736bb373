// The embedded backend: answers the contract of backend.ts from the Pagefind index built with the
// site. Nothing is downloaded until the first search; then Pagefind fetches only the index chunks
// and page data that the query needs. The order of the pages follows the rules of ranking.ts.
import { withSuggestions, type SearchBackend, type SearchRequest, type SearchResponse } from '../backend';
import { SEARCH_SUGGESTIONS } from '../settings';
import {
  EXACT_WINDOW,
  exactFactor,
  priorFactor,
  queryToken,
  rankedByScore,
  referenceFactor,
  isSentence,
  searchWords,
  sentenceScore,
  type RankingData,
} from '../ranking';
import { isCloseMatch, queryTerms } from './highlight';
import { toHits } from './hits';
import {
  loadPagefind,
  loadPriors,
  loadVocabulary,
  matchedWords,
  narrowingFilters,
  toPagefindFilter,
  type Pagefind,
  type PagefindData,
  type PagefindFilter,
  type PagefindResult,
} from './pagefind';
import { correctQuery } from './typos';

export interface EmbeddedOptions {
  /** Loads Pagefind; tests pass one opened on a real index. */
  load?: () => Promise<Pagefind>;
  /** Loads the vocabulary for typo correction and suggestions. */
  loadVocabulary?: () => Promise<string[]>;
  /** Loads the ranking priors (ranking.json). */
  loadPriors?: () => Promise<RankingData>;
  /** Origin of the hits' URLs (the page's own by default). */
  origin?: string;
}

/** The sections of one page that become hits unless the request says otherwise: the dialog shows a few. */
const SECTIONS_PER_PAGE = 3;

/**
 * Pagefind's pages for any of the words, scored by the sum of each word's score and by the share of the
 * words they hold (ranking.ts, `sentenceScore`): Pagefind returns only pages that hold every word, and a
 * reader's sentence has words no page holds all of. The words' index chunks are fetched once.
 */
async function anyWords(pagefind: Pagefind, words: string, filters: PagefindFilter | undefined) {
  const list = words.split(/\s+/).filter(Boolean);
  const searches = await Promise.all(list.map((word) => pagefind.search(word, { filters })));
  const pages = new Map<string, { result: PagefindResult; scores: number[]; words: number[] }>();
  searches.forEach((search) => {
    for (const result of search?.results ?? []) {
      const page = pages.get(result.id) ?? { result, scores: [], words: [] };
      page.scores.push(result.score);
      page.words.push(...result.words);
      pages.set(result.id, page);
    }
  });
  // Each page once, with the positions of all the words it holds.
  const results: PagefindResult[] = [...pages.values()].map(({ result, scores, words: positions }) => ({
    id: result.id,
    data: () => result.data(),
    words: positions,
    score: sentenceScore(scores, list.length),
  }));
  return { results: results.sort((a, b) => b.score - a.score) };
}

export function createEmbeddedBackend(options: EmbeddedOptions = {}): SearchBackend {
  const load = options.load ?? loadPagefind;
  const vocabularyOf = options.loadVocabulary ?? loadVocabulary;
  const priorsOf = options.loadPriors ?? loadPriors;
  const origin = options.origin ?? globalThis.location?.origin ?? '';

  // Pagefind fetches a page's data on data(); keep each promise so no page's data loads twice.
  const fragments = new Map<string, Promise<PagefindData>>();
  const dataOf = (r: PagefindResult) => {
    let data = fragments.get(r.id);
    if (!data) fragments.set(r.id, (data = r.data()));
    return data;
  };

  /** The pages that answer `query`, best first (ranking.ts), or none when the best holds no term. */
  async function find(
    pagefind: Pagefind,
    query: string,
    filters: PagefindFilter | undefined,
    ranking: RankingData,
    shownPages: number,
  ): Promise<PagefindResult[]> {
    const terms = queryTerms(searchWords(query));
    if (terms.length === 0) return [];
    const token = queryToken(query);
    const words = searchWords(query);
    const [search, defining] = await Promise.all([
      isSentence(query) ? anyWords(pagefind, words, filters) : pagefind.search(words, { filters }),
      token ? pagefind.search(token, { filters }) : null,
    ]);
    // The pages that define the identifier the query names come first, the fullest reference first.
    // A defining page's sections come from the query's own search (where the identifier is in the
    // text: the row or heading that defines it), not from the token's (page metadata only).
    const byId = new Map((search?.results ?? []).map((r) => [r.id, r]));
    let first = rankedByScore(defining?.results ?? [], ranking, query, (r) => referenceFactor(ranking.n[r.id])).map(
      (r) => byId.get(r.id) ?? r,
    );
    // Fetch the data of the pages that may be shown at once, not one round after another. When the
    // defining pages fill what is shown, the other candidates' order cannot change what is shown.
    const candidates = rankedByScore(search?.results ?? [], ranking, query);
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
    const found = [...matchedWords(data, top.words), ...metaWords];
    const held = terms.filter((term) => found.some((word) => isCloseMatch(term, word))).length;
    // A sentence is answered by pages that hold most of its words, not necessarily all of them.
    return held === terms.length || (isSentence(query) && held >= Math.ceil(terms.length / 2)) ? results : [];
  }

  return {
    warm() {
      // Errors surface on the first search, which loads again.
      load().catch(() => undefined);
      priorsOf().catch(() => undefined);
    },
    async search({
      query: typed,
      hitsPerPage,
      page = 0,
      facetFilters,
      sectionsPerPage = SECTIONS_PER_PAGE,
    }: SearchRequest): Promise<SearchResponse> {
      const query = typed.trim();
      const [pagefind, ranking] = await Promise.all([load(), priorsOf()]);
      const filters = toPagefindFilter(narrowingFilters(facetFilters, ranking));
      // A hit is a section; a result of Pagefind is a page with up to `sectionsPerPage` sections.
      // Only the data of the pages shown is downloaded.
      const pagesPerRequest = Math.ceil(Math.max(hitsPerPage, 0) / sectionsPerPage);
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
      const hits = shown
        .flatMap((data) => toHits(data, terms, origin, query).slice(0, sectionsPerPage))
        .slice(0, Math.max(hitsPerPage, 0));
      return withSuggestions({
        hits,
        // The total is counted in pages, the unit of the search page's list.
        nbHits: found.length,
        page,
        nbPages: pagesPerRequest > 0 ? Math.ceil(found.length / pagesPerRequest) : 0,
        ...(suggestions && { suggestions }),
      });
    },
  };
}
