// The ranking rules of the embedded index, for every query (README.md describes them in full):
// the page-level fields and their weights, the priors of ranking.json, the order of the pages that
// define an identifier, the page a query names, and the words a question drops. The index build
// (build/index.ts) computes each page's fields and priors with pageSignals; the browser
// (client/embeddedBackend.ts) applies the rest to Pagefind's scores. What the rules know of the docs
// (databases, legacy pages, identifiers, question words) is shared with the docs assistant.
import { DATABASES, IDENTIFIER, isLegacyPage, LEGACY_WORDS, STOP_WORDS } from 'docs-server/docs-facts';

export { IDENTIFIER };

/** A CLI command as readers type it. */
const CLI_COMMAND = /^hasura(?: [a-z][a-z0-9-]*)+$/;

/**
 * The one word under which a page records an identifier it defines. Pagefind indexes the parts of
 * compound words (pg_create_event_trigger: event, trigger), which would let `defines` outweigh
 * body text for plain words; one unbroken word matches only the whole identifier.
 */
export function definedToken(identifier: string): string {
  // The end mark keeps `hasura actions` from matching `hasura actions create` as a prefix.
  return `def${identifier.toLowerCase().replace(/[^a-z0-9]/g, '')}00`;
}

/** The token to look up when the whole query names an identifier or a CLI command, else null. */
export function queryToken(query: string): string | null {
  const q = query.trim();
  return IDENTIFIER.test(q) || CLI_COMMAND.test(q.toLowerCase()) ? definedToken(q) : null;
}

/**
 * How much each page-level field weighs against a word of body text (1); headings weigh 5-7.
 * `questions`: the questions the page declares it answers, in readers' words (front matter).
 * `section` and `rows` (the anchors of reference-table rows) are data for display, not searched.
 */
export const META_WEIGHTS = {
  title: 6,
  topic: 10,
  slug: 5,
  keywords: 3,
  defines: 10,
  lists: 5,
  section: 0,
  questions: 3,
} as const;

/**
 * Pagefind's ranking options: page-level fields weigh more than body text, and long reference pages,
 * where each identifier is defined once among many, are not pushed down for their length as much as
 * by default (pageLength 0.75).
 */
export const RANKING_OPTIONS = { metaWeights: META_WEIGHTS, pageLength: 0.4 };

/** Keywords on more than this share of pages say nothing about any of them ("hasura", "graphql"). */
const COMMON_KEYWORD_SHARE = 0.03;

/** The words that ask for each database's twin pages, by its folder. */
const DATABASE_WORDS: Record<string, readonly string[]> = Object.fromEntries(
  DATABASES.map(({ folder, names }) => [folder, names]),
);

export type Prior = [factor: number, kind: string];
/** Words that ask for an API or CLI reference page rather than the guide on the same subject. */
export const REFERENCE_WORDS = ['reference', 'metadata api', 'api reference', 'cli', 'command'];
export const REFERENCE_FACTOR = 0.6;
export const TWIN_FACTOR = 0.55;
export const LEGACY_FACTOR = 0.45;

const words = (segment: string) => segment.replace(/[-_]/g, ' ').trim();

/** The route without the base URL and trailing slash, split into segments. */
function segments(route: string, baseUrl: string): string[] {
  return route
    .slice(route.startsWith(baseUrl) ? baseUrl.length : 0)
    .split('/')
    .filter(Boolean);
}

const MAIN_PAGE = new Set(['index', 'overview']);

export interface PageSignals {
  meta: Record<string, string>;
  prior: Prior | null;
  /** How many identifiers the page defines or lists: the reference pages define the most. */
  count: number;
}

/** What ranking.json holds, by Pagefind page id. */
export interface RankingData {
  /** Priors of pages that have one. */
  p: Record<string, Prior>;
  /** Identifier counts of pages that define or list any. */
  n: Record<string, number>;
  /** How many pages hold each filter clause ("language:en"), and `t` pages in all. */
  f: Record<string, number>;
  t: number;
}

/**
 * Among the pages that define an identifier, the fuller reference ranks higher: the flags
 * reference over a page that lists the three variables it needs.
 */
export function referenceFactor(count: number | undefined): number {
  return 1 + Math.log2(1 + (count ?? 0)) / 10;
}

/** What the rules read of a rendered page (build/annotate.ts reads it from the HTML). */
export interface PageFacts {
  route: string;
  title: string;
  /** Breadcrumb labels above the page, and the page's own (its category's, on a category index). */
  crumbs: string[];
  activeCrumb: string;
  /** Front-matter keywords, lower-cased. */
  keywords: string[];
  /** Identifiers this page defines in a heading. */
  defines: string[];
  /** Identifiers this page lists with their meaning: a table's first columns, or a definition list item. */
  lists: string[];
  /** Anchors of reference-table rows (src/plugins/table-anchors): a hit for the row's identifier links there. */
  rows: string[];
}

/** Page-level fields and priors of every page, computed over the whole site. */
export function pageSignals(pages: PageFacts[], baseUrl: string): Map<string, PageSignals> {
  const routes = new Set(pages.map((p) => p.route));
  const keywordPages = new Map<string, number>();
  for (const page of pages) for (const k of new Set(page.keywords)) keywordPages.set(k, (keywordPages.get(k) ?? 0) + 1);
  const common = (k: string) => (keywordPages.get(k) ?? 0) > Math.max(3, pages.length * COMMON_KEYWORD_SHARE);

  const signals = new Map<string, PageSignals>();
  for (const page of pages) {
    const segs = segments(page.route, baseUrl);
    const last = segs[segs.length - 1] ?? '';
    const main = MAIN_PAGE.has(last) && segs.length > 1;
    const own = main ? segs[segs.length - 2]! : last;
    const defines = [...page.defines];
    // A CLI command's page defines the command ("hasura metadata apply").
    if (segs.includes('commands') && /^hasura\b/.test(page.title)) defines.push(page.title);
    // A section's main page carries the section's name: its folder and its sidebar label.
    const label = last === 'index' ? page.activeCrumb : (page.crumbs[page.crumbs.length - 1] ?? '');
    const meta: Record<string, string> = {
      [main ? 'topic' : 'slug']: main ? `${words(own)}, ${label.toLowerCase()}` : words(own),
      keywords: page.keywords.filter((k) => !common(k)).join(', '),
      defines: defines.map(definedToken).join(' '),
      lists: page.lists.map(definedToken).join(' '),
      rows: page.rows.join(' '),
    };
    const count = defines.length + page.lists.length;
    let prior: Prior | null = null;
    if (isLegacyPage(segs.join('/'), page.title)) prior = [LEGACY_FACTOR, 'legacy'];
    else if (segs[0] === 'api-reference' || segs.includes('commands')) prior = [REFERENCE_FACTOR, 'reference'];
    const db = segs.find((s) => s !== 'postgres' && s in DATABASE_WORDS);
    if (!prior && db) {
      const twin = `${baseUrl}${segs.map((s) => (s === db ? 'postgres' : s)).join('/')}/`;
      if (routes.has(twin)) prior = [TWIN_FACTOR, db];
    }
    signals.set(page.route, { meta, prior, count });
  }
  return signals;
}

/**
 * How many of the best pages are checked for a query that names them: their data is fetched, so
 * no more than the dialog shows (each page's data is a few KB before the first results).
 */
export const EXACT_WINDOW = 4;

/**
 * Pagefind's results by score, lowered by each page's prior unless the query asks for it (and by an
 * optional factor); Pagefind's order breaks ties.
 */
export function rankedByScore<R extends { id: string; score: number }>(
  list: R[],
  ranking: Pick<RankingData, 'p'>,
  query: string,
  factor: (r: R) => number = () => 1,
): R[] {
  return list
    .map((result, order) => ({
      result,
      order,
      score: result.score * priorFactor(ranking.p[result.id], query) * factor(result),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ result }) => result);
}

/** The prior's factor for this query: 1 when the query asks for what the prior lowers. */
export function priorFactor(prior: Prior | undefined, query: string): number {
  if (!prior) return 1;
  const q = ` ${query.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  const wanted =
    prior[1] === 'legacy' ? LEGACY_WORDS : prior[1] === 'reference' ? REFERENCE_WORDS : DATABASE_WORDS[prior[1]];
  // A CLI command's name starts with the binary's: "hasura metadata apply".
  const asks =
    (wanted ?? []).some((w) => q.includes(` ${w} `)) || (prior[1] === 'reference' && q.startsWith(' hasura '));
  return asks ? 1 : prior[0];
}

/**
 * The query names the page itself: its section name (on a main page), its slug or its title.
 * Applied to the few best pages, whose data the client has loaded anyway.
 */
export function exactFactor(meta: Record<string, string | undefined>, query: string): number {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .replace(/s\b/g, '')
      .trim();
  const q = norm(query);
  if (!q) return 1;
  if ((meta.topic ?? '').split(',').some((t) => norm(t) === q)) return 1.6;
  if (norm(meta.slug ?? '') === q || norm(meta.title ?? '') === q) return 1.3;
  return 1;
}

/** A word that says how a question is asked, not what it is about ("how", "do", "I"). */
const isQuestionWord = (word: string) => STOP_WORDS.has(word.toLowerCase().replace(/[^a-z]/g, ''));

/**
 * The words Pagefind should look for. Pagefind returns pages that hold every word, so in a query
 * of three words or more the question words ("how do I …") are dropped; shorter queries are kept
 * as typed.
 */
export function searchWords(query: string): string {
  const words = query.trim().split(/\s+/);
  if (words.length < 3) return query.trim();
  const kept = words.filter((w) => !isQuestionWord(w));
  return (kept.length ? kept : words).join(' ');
}

/** A query typed as a sentence (three words or more before the question words are dropped). */
export function isSentence(query: string): boolean {
  const words = query.trim().split(/\s+/);
  const content = words.filter((w) => !isQuestionWord(w));
  return words.length >= 3 && content.length >= 2;
}

/** How strongly the share of a sentence's words a page holds counts against the words' own scores. */
const COVERAGE_POWER = 2;

/**
 * A page's score for a sentence: the sum of its scores for each word it holds, times the share of the
 * sentence's words it holds (squared), so a page about all of the question beats one about a single word.
 */
export function sentenceScore(scores: number[], words: number): number {
  const sum = scores.reduce((total, score) => total + score, 0);
  return sum * (scores.length / words) ** COVERAGE_POWER;
}
