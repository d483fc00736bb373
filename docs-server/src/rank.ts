import type { CorpusSection } from './corpus.js';
import { phraseKey, tokenize, tokenizeWords } from './tokenize.js';

/**
 * BM25 ranking of corpus sections. Each field's term counts are weighted before BM25
 * saturation (a simple BM25F), so a word in the page title or the section's heading
 * counts more than the same word in the body, and code counts a little less.
 */

export const FIELD_WEIGHTS = {
  pageTitle: 8,
  /** The section's own heading (last of the heading path). */
  heading: 5,
  /** Headings above it. */
  parentHeading: 2.5,
  text: 1,
  code: 0.6,
};

// The field weights multiply term counts (a title word counts 8), so saturation is slower than
// BM25's usual 1.2: a word in the title and the text still counts more than in the title alone.
const K1 = 3;
const B = 0.75;
/** How much of its page's score a section inherits: a passage on a page about the question wins. */
export const PAGE_WEIGHT = 1;
/** How much a section's score depends on its coverage of the question (0: not at all). */
export const COVERAGE_INFLUENCE = 0.25;
/** Score factors of navigation sections, legacy pages, and pages about another database. */
export const NAVIGATION_FACTOR = 0.3;
export const LEGACY_FACTOR = 0.7;
export const OTHER_DATABASE_FACTOR = 0.75;
/** Weight of a term that comes from the synonym table rather than the question (a phrase's words share it). */
export const SYNONYM_WEIGHT = 0.6;
/** Query weight of the parts of a compound word, next to the whole word's 1. */
export const PART_WEIGHT = 0.5;
/** Query weight of a word that no page title or heading uses. */
export const NON_TOPIC_WEIGHT = 0.5;
/** Weights of the previous questions' terms, most recent first. */
export const HISTORY_WEIGHTS = [0.5, 0.25];

/**
 * Domain terms that mean the same thing to a reader. When a question contains one phrase
 * of a group (stopwords ignored), the group's phrases join the query at SYNONYM_WEIGHT.
 */
export const SYNONYMS: string[][] = [
  ['row level security', 'rls', 'row level permission', 'row permission', 'own row', 'own data', 'user id'],
  ['column level permission', 'column permission', 'hide column', 'restrict column'],
  ['jwt', 'json web token', 'bearer token'],
  ['auth webhook', 'authentication webhook', 'webhook mode'],
  ['admin secret', 'hasura_graphql_admin_secret', 'access key', 'admin password'],
  ['session variable', 'x-hasura-user-id', 'x-hasura-role', 'request header claim'],
  ['role', 'x-hasura-role', 'user role'],
  ['track table', 'pg_track_table', 'expose table', 'add table to api'],
  ['event trigger', 'database event', 'table event', 'webhook on insert', 'cdc'],
  ['cron trigger', 'scheduled trigger', 'cron job', 'job', 'scheduled event', 'recurring'],
  ['subscription', 'live query', 'realtime', 'real time', 'websocket', 'streaming subscription'],
  ['remote schema', 'schema stitching', 'custom graphql server', 'merge graphql schema'],
  ['action', 'custom mutation', 'custom business logic', 'custom resolver'],
  ['migration', 'schema migration', 'database migration'],
  ['environment variable', 'env var', 'server flag', 'config flag'],
  ['cors', 'cross origin', 'cors domain'],
  ['allow list', 'allowlist', 'safelist', 'query whitelist'],
  ['cache', 'caching', 'cached response'],
  ['postgres', 'postgresql', 'pg'],
  ['sql server', 'mssql', 'ms sql'],
  ['rest endpoint', 'restified', 'rest api'],
  ['relationship', 'join', 'foreign key'],
  ['filter', 'where clause', 'where argument'],
  ['aggregate', 'aggregation', 'count', 'sum', 'average', 'avg'],
  ['remote source relationship', 'across databases', 'cross database', 'different databases', 'another database'],
  ['sso', 'single sign on'],
  ['hibernation', 'hibernate', 'sleep', 'asleep', 'paused project'],
  ['upgrade', 'update hasura', 'update graphql engine', 'newer version', 'latest version'],
  ['disable', 'turn off', 'switch off'],
  ['enable', 'turn on', 'switch on'],
];

/**
 * Databases with pages of their own (a folder in the URL) and the words that name them.
 * Many pages exist once per database; a question that names no database is about
 * Postgres, the engine's first database and the one most readers use.
 */
export const DATABASES: { folder: string; names: string[] }[] = [
  { folder: 'postgres', names: ['postgres', 'postgresql', 'pg'] },
  { folder: 'ms-sql-server', names: ['sql server', 'mssql', 'ms sql'] },
  { folder: 'bigquery', names: ['bigquery', 'big query'] },
  { folder: 'snowflake', names: ['snowflake'] },
  { folder: 'mongodb', names: ['mongodb', 'mongo'] },
  { folder: 'athena', names: ['athena'] },
  { folder: 'clickhouse', names: ['clickhouse'] },
  { folder: 'mariadb', names: ['mariadb'] },
  { folder: 'mysql', names: ['mysql'] },
  { folder: 'oracle', names: ['oracle'] },
  { folder: 'redshift', names: ['redshift'] },
  { folder: 'citus-hyperscale-postgres', names: ['citus'] },
  { folder: 'cockroachdb', names: ['cockroachdb', 'cockroach'] },
];

const DATABASE_NAMES = DATABASES.map(({ folder, names }) => ({ folder, keys: names.map(phraseKey) }));

/** The database a section is specific to: the deepest database folder of its URL. */
export function databaseOf(section: CorpusSection): string | undefined {
  const folders = new Set(pageUrlOf(section).split('/'));
  return DATABASES.filter(({ folder }) => folders.has(folder)).at(-1)?.folder;
}

/** The databases a question names; Postgres when it names none. */
function namedDatabases(key: string): Set<string> {
  const named = DATABASE_NAMES.filter(({ keys }) => keys.some((k) => key.includes(k))).map(({ folder }) => folder);
  return new Set(named.length > 0 ? named : ['postgres']);
}

interface SynonymPhrase {
  key: string;
  tokens: string[];
}

const SYNONYM_GROUPS: SynonymPhrase[][] = SYNONYMS.map((group) =>
  group.map((phrase) => ({ key: phraseKey(phrase), tokens: tokenize(phrase) })),
);

interface Posting {
  doc: number;
  /** Field-weighted term frequency. */
  tf: number;
}

/** Postings and lengths of one BM25 collection (the sections, or the pages they belong to). */
interface Collection {
  /** Term → postings, ordered by doc. */
  postings: Map<string, Posting[]>;
  lengths: Float64Array;
  avgLength: number;
  /** BM25's length normalisation of each document, computed once. */
  norms: Float64Array;
  size: number;
}

export interface SearchIndex extends Collection {
  sections: CorpusSection[];
  /** Whole pages (a page's sections together): a section inherits part of its page's score. */
  pages: Collection;
  /** Section → its page in `pages`. */
  pageOf: Int32Array;
  /** Section → score factor: navigation sections and legacy pages count less. */
  prior: Float64Array;
  /** Section → the database its page is specific to, if any. */
  database: (string | undefined)[];
  /** Terms used in some page title or heading, or in the synonym table: the docs' topics. */
  topics: Set<string>;
}

/**
 * Sections that only point to other pages ("What's next", "Pages in this section"): they name
 * many topics in few words, so they would match many questions without answering any.
 */
const NAVIGATION_HEADING =
  /^(?:what[’']s next|next steps|see also|learn more|related pages|pages in this section|in this (?:section|group)|choose a (?:guide|path))$/i;

export function isNavigation(section: CorpusSection): boolean {
  const heading = section.headings.at(-1);
  return heading !== undefined && NAVIGATION_HEADING.test(heading);
}

/**
 * Pages about deprecated APIs or legacy project formats: still documented for those who need
 * them, but a reader who does not ask for them wants the current way.
 */

export function isLegacy(section: CorpusSection): boolean {
  return /\bdeprecated\b/i.test(section.pageTitle) || /\/legacy[^/]*\//.test(pageUrlOf(section));
}

function collection(weightedDocs: Map<string, number>[]): Collection {
  const postings = new Map<string, Posting[]>();
  const lengths = new Float64Array(weightedDocs.length);
  weightedDocs.forEach((weighted, doc) => {
    let length = 0;
    for (const [token, tf] of weighted) {
      length += tf;
      let list = postings.get(token);
      if (!list) postings.set(token, (list = []));
      list.push({ doc, tf });
    }
    lengths[doc] = length;
  });
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const size = weightedDocs.length;
  const avgLength = size ? total / size : 1;
  const norms = lengths.map((length) => K1 * (1 - B + (B * length) / avgLength));
  return { postings, lengths, avgLength, norms, size };
}

function addWeighted(weighted: Map<string, number>, tokens: string[], weight: number): void {
  for (const token of tokens) weighted.set(token, (weighted.get(token) ?? 0) + weight);
}

export function pageUrlOf(section: CorpusSection): string {
  const hash = section.url.indexOf('#');
  return hash === -1 ? section.url : section.url.slice(0, hash);
}

export function buildIndex(sections: CorpusSection[]): SearchIndex {
  const pageIds = new Map<string, number>();
  const pageTerms: Map<string, number>[] = [];
  const pageOf = new Int32Array(sections.length);
  const prior = new Float64Array(sections.length);
  const topics = new Set(SYNONYM_GROUPS.flat().flatMap((phrase) => phrase.tokens));
  const sectionTerms = sections.map((section, doc) => {
    // Each field is tokenised once, for the section and for its page.
    const title = tokenize(section.pageTitle);
    const headings = section.headings.map(tokenize);
    const text = tokenize(section.text);
    const code = section.code.map((block) => tokenize(block.code));
    for (const token of [...title, ...headings.flat()]) topics.add(token);

    const weighted = new Map<string, number>();
    addWeighted(weighted, title, FIELD_WEIGHTS.pageTitle);
    headings.forEach((heading, i) => {
      const last = i === headings.length - 1;
      addWeighted(weighted, heading, last ? FIELD_WEIGHTS.heading : FIELD_WEIGHTS.parentHeading);
    });
    addWeighted(weighted, text, FIELD_WEIGHTS.text);
    for (const block of code) addWeighted(weighted, block, FIELD_WEIGHTS.code);

    // The page: its title once, then every section's headings, text and code.
    const url = pageUrlOf(section);
    let page = pageIds.get(url);
    if (page === undefined) {
      pageIds.set(url, (page = pageTerms.length));
      const terms = new Map<string, number>();
      addWeighted(terms, title, FIELD_WEIGHTS.pageTitle);
      pageTerms.push(terms);
    }
    pageOf[doc] = page;
    const navigation = isNavigation(section);
    prior[doc] = (navigation ? NAVIGATION_FACTOR : 1) * (isLegacy(section) ? LEGACY_FACTOR : 1);
    if (navigation) return weighted;
    const terms = pageTerms[page]!;
    for (const heading of headings) addWeighted(terms, heading, FIELD_WEIGHTS.parentHeading);
    addWeighted(terms, text, FIELD_WEIGHTS.text);
    for (const block of code) addWeighted(terms, block, FIELD_WEIGHTS.code);
    return weighted;
  });
  return {
    ...collection(sectionTerms),
    sections,
    pages: collection(pageTerms),
    pageOf,
    prior,
    database: sections.map(databaseOf),
    topics,
  };
}

/** Inverse document frequency; a term the corpus never uses gets the highest value. */
export function idf(index: Collection, token: string): number {
  const n = index.size;
  const df = index.postings.get(token)?.length ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** One thing the question asks about, and the tokens that count as mentioning it. */
export interface Concept {
  tokens: Set<string>;
  weight: number;
}

export interface AnalyzedQuery {
  /** Token → query weight (1 for the question's own words). */
  terms: Map<string, number>;
  /** The question's concepts, to measure how much of it a section covers. */
  concepts: Concept[];
  /** The databases the question is about (DATABASES folders). */
  databases: Set<string>;
}

/**
 * How much a concept matters for coverage: the IDF of its rarest term that the docs use
 * (a word the docs never use cannot be covered, so it weighs as a rare word).
 */
function conceptWeight(index: SearchIndex, tokens: string[]): number {
  const used = tokens.filter((t) => index.postings.has(t));
  return Math.max(...(used.length > 0 ? used : tokens).map((t) => idf(index, t)));
}

function addTerm(terms: Map<string, number>, token: string, weight: number): void {
  if ((terms.get(token) ?? 0) < weight) terms.set(token, weight);
}

/**
 * Turns a question (and the previous questions of the thread) into weighted terms.
 * Follow-ups like "and for inserts?" keep the topic through the history terms, which
 * weigh less than the question's own words so a change of topic still wins.
 */
export function analyzeQuery(index: SearchIndex, question: string, history: string[] = []): AnalyzedQuery {
  const terms = new Map<string, number>();
  // "How does it work?" names nothing: it is about the previous question.
  const latest = history.at(-1);
  const asked = tokenize(question).length === 0 && latest !== undefined ? latest : question;
  // Each word is one concept; a compound's parts (x-hasura-role → hasura, role) stand for
  // the same concept, so they weigh less than the whole and do not count as concepts of their own.
  const concepts = new Map<string, Concept>();
  for (const [whole, ...parts] of tokenizeWords(asked)) {
    if (whole === undefined || concepts.has(whole)) continue;
    // A plain word that no title or heading uses ("instead", "fastest") is rarely what the
    // question is about, however rare it is in the docs. An identifier always is.
    const topical = parts.length > 0 || index.topics.has(whole) ? 1 : NON_TOPIC_WEIGHT;
    addTerm(terms, whole, topical);
    for (const part of parts) addTerm(terms, part, PART_WEIGHT * topical);
    concepts.set(whole, {
      tokens: new Set([whole, ...parts]),
      weight: topical * conceptWeight(index, [whole, ...parts]),
    });
  }

  const key = phraseKey(asked);
  for (const group of SYNONYM_GROUPS) {
    const matched = group.filter((phrase) => key.includes(phrase.key));
    if (matched.length === 0) continue;
    const expansion = group.flatMap((phrase) => phrase.tokens);
    // A phrase is one concept: its words share its weight, so a group of long phrases does
    // not outweigh the question's own words.
    for (const phrase of group) {
      for (const token of phrase.tokens) addTerm(terms, token, SYNONYM_WEIGHT / phrase.tokens.length);
    }
    // A concept named by a matched phrase is also covered by any of the group's words.
    const named = new Set(matched.flatMap((phrase) => phrase.tokens));
    for (const concept of concepts.values()) {
      if ([...concept.tokens].some((t) => named.has(t))) expansion.forEach((t) => concept.tokens.add(t));
    }
  }

  // The most recent questions first; their answers are left out (too much noise).
  const recent = history.slice(-HISTORY_WEIGHTS.length).reverse();
  recent.forEach((previous, i) => {
    for (const token of tokenize(previous)) addTerm(terms, token, HISTORY_WEIGHTS[i] ?? 0);
  });
  return { terms, concepts: [...concepts.values()], databases: namedDatabases(key) };
}

export interface Hit {
  doc: number;
  section: CorpusSection;
  score: number;
  /** Share (0..1) of the question's concepts, by IDF weight, that the section mentions. */
  coverage: number;
}

/** The BM25 score of every document of a collection (0 for those without a query term). */
function bm25(c: Collection, query: AnalyzedQuery): Float64Array {
  const scores = new Float64Array(c.size);
  for (const [token, weight] of query.terms) {
    const list = c.postings.get(token);
    if (!list) continue;
    const termWeight = weight * idf(c, token) * (K1 + 1);
    for (const { doc, tf } of list) scores[doc]! += (termWeight * tf) / (tf + c.norms[doc]!);
  }
  return scores;
}

/** The coverage (see `Hit`) of every section. */
function coverages(index: SearchIndex, query: AnalyzedQuery): Float64Array {
  const covered = new Float64Array(index.size);
  const total = query.concepts.reduce((sum, concept) => sum + concept.weight, 0);
  if (total === 0) return covered;
  // seen[doc] = the last concept (numbered from 1) counted for doc: a concept counts once per section.
  const seen = new Int32Array(index.size);
  query.concepts.forEach((concept, i) => {
    for (const token of concept.tokens) {
      for (const { doc } of index.postings.get(token) ?? []) {
        if (seen[doc] === i + 1) continue;
        seen[doc] = i + 1;
        covered[doc]! += concept.weight / total;
      }
    }
  });
  return covered;
}

/**
 * The best sections for a query, best first. A section's BM25 score gets part of its page's
 * score, and is scaled by how much of the question it covers (so one frequent word cannot
 * outrank a section that mentions everything asked), by whether it is a navigation section
 * or on a legacy page, and by whether it is about another database than the question.
 */
export function search(index: SearchIndex, query: AnalyzedQuery, limit = 5): Hit[] {
  if (limit <= 0) return [];
  const sectionScores = bm25(index, query);
  const pageScores = bm25(index.pages, query);
  const covered = coverages(index, query);
  // The best `limit` hits so far, best first; ties keep the earlier section first.
  const top: Hit[] = [];
  for (let doc = 0; doc < index.size; doc++) {
    const sectionScore = sectionScores[doc]!;
    if (sectionScore === 0) continue;
    const database = index.database[doc];
    const coverage = covered[doc]!;
    const factor =
      index.prior[doc]! *
      (database && !query.databases.has(database) ? OTHER_DATABASE_FACTOR : 1) *
      (1 - COVERAGE_INFLUENCE + COVERAGE_INFLUENCE * coverage);
    const score = factor * (sectionScore + PAGE_WEIGHT * pageScores[index.pageOf[doc]!]!);
    if (top.length === limit && score <= top[limit - 1]!.score) continue;
    const at = top.findIndex((hit) => hit.score < score);
    top.splice(at === -1 ? top.length : at, 0, { doc, section: index.sections[doc]!, score, coverage });
    if (top.length > limit) top.pop();
  }
  return top;
}
