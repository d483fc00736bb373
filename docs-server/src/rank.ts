import MiniSearch, { type SearchResult } from 'minisearch';
import type { CorpusPage, CorpusSection } from './corpus.js';
import { phraseKey, tokenize, tokenizeWords } from './tokenize.js';

/**
 * Section retrieval for readers' questions. MiniSearch holds two BM25 indexes, one of sections
 * and one of whole pages (with the page's description and keywords, which say in a sentence what
 * the page is for), over the identifier-aware tokens of tokenize.ts. A section's score is its own
 * plus part of its page's, then weighed by how much of the question it covers and by what kind of
 * section it is against what kind of question it is (a how-to question wants a how-to or concept
 * page, "what does X do" wants the reference that defines X), with current pages before legacy
 * ones and the contributors' wiki only for questions about writing these docs.
 */

/** Field boosts of the section index: a word in the page title or the section's heading counts most. */
export const SECTION_BOOST = { title: 4, heading: 3, parents: 1.5, text: 1, code: 0.5 };
/** Field boosts of the page index: the description and keywords are the page's own summary. */
export const PAGE_BOOST = { title: 3, description: 2.5, keywords: 2.5, headings: 1.5, body: 0.5 };
/** How much of its page's score a section inherits: a passage on a page about the question wins. */
export const PAGE_WEIGHT = 1;
/** How much a section's score depends on its coverage of the question (0: not at all). */
export const COVERAGE_INFLUENCE = 0.5;
/** Score factors of navigation sections, legacy pages, pages about another database, and the wiki. */
export const NAVIGATION_FACTOR = 0.3;
export const LEGACY_FACTOR = 0.7;
export const OTHER_DATABASE_FACTOR = 0.75;
export const WIKI_FACTOR = 0.2;
/** Query weight of the parts of a compound word, next to the whole word's 1. */
export const PART_WEIGHT = 0.5;
/** Query weight of a word that no page title, heading, description or keyword uses. */
export const NON_TOPIC_WEIGHT = 0.5;
/** Weights of the previous questions' terms, most recent first. */
export const HISTORY_WEIGHTS = [0.5, 0.25];
/** Factor of a section whose heading names an identifier the question asks about. */
export const DEFINES_FACTOR = 1.5;

/** What a page is for, read from its URL, title and description. */
export type PageKind = 'howto' | 'concept' | 'reference';
/** What a question asks for: how to do something, what something is or does, or neither. */
export type QuestionIntent = 'howto' | 'define' | 'other';

/** Score factor of a page kind for a question intent. */
export const INTENT_FACTORS: Record<QuestionIntent, Record<PageKind, number>> = {
  howto: { howto: 1.15, concept: 1, reference: 0.85 },
  define: { howto: 0.85, concept: 1, reference: 1.15 },
  other: { howto: 1, concept: 1, reference: 1 },
};

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

export function pageUrlOf(section: CorpusSection): string {
  const hash = section.url.indexOf('#');
  return hash === -1 ? section.url : section.url.slice(0, hash);
}

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
  return (
    /\bdeprecated\b/i.test(section.pageTitle) ||
    /\/legacy[^/]*\//.test(pageUrlOf(section)) ||
    section.headings.some((h) => /\b(?:deprecated|legacy)\b/i.test(h))
  );
}

const IMPERATIVE =
  /^(?:how\b|add|allow|apply|build|call|change|choose|combine|configure|connect|create|customi[sz]e|define|deploy|disable|enable|expose|export|extend|fetch|filter|generate|get|give|hide|import|insert|install|integrate|invoke|join|keep|let|limit|make|manage|mark|migrate|model|monitor|move|paginate|protect|query|react|read|rename|run|schedule|secure|send|serve|set|share|sort|start|stream|switch|test|track|trigger|try|turn|update|upgrade|use|validate|write)\b/i;

/**
 * A page's kind: the API and CLI references, guides that walk through a task, and the rest,
 * which explain a feature. The description is the author's own one-line summary of the page.
 */
export function pageKindOf(url: string, title: string, description: string): PageKind {
  const path = url.replace(/^\/docs\/2\.0\//, '');
  if (
    /^(?:api-reference|hasura-cli\/commands)\//.test(path) ||
    /\breference\b/i.test(title) ||
    /^(?:reference|every|all)\b/i.test(description)
  ) {
    return 'reference';
  }
  if (
    /(?:^|\/)(?:quickstart|getting-started|guides?|deployment-guides|how-to)[^/]*\//.test(path) ||
    IMPERATIVE.test(description) ||
    IMPERATIVE.test(title)
  ) {
    return 'howto';
  }
  return 'concept';
}

/** Questions about writing these docs: only they are answered from the contributors' wiki. */
const WRITING_DOCS =
  /\b(?:docs?|documentation|wiki|mdx|docusaurus|admonitions?|front ?matter|sidebars?|style guide|contribut\w*|pull requests?|reviewers?)\b/i;

export function isAboutWritingDocs(question: string): boolean {
  return WRITING_DOCS.test(question);
}

export function questionIntent(question: string): QuestionIntent {
  const q = question.trim().toLowerCase();
  if (/^(?:what(?:'s| is| are| does| do)|what do(?:es)? .+ (?:do|mean)|meaning of|define|explain)\b/.test(q)) {
    return /^what (?:is|are) the (?:best|right|recommended|fastest|easiest) way\b/.test(q) ? 'howto' : 'define';
  }
  if (
    /^(?:how (?:do|can|should|would|to)|how'?d|steps? to|can i|could i|is (?:it|there) (?:possible|a way)|i (?:want|need|would like)|we (?:want|need)|set ?up|configure|enable|disable|add|make|let|allow|use|run|deploy|move|migrate)\b/.test(
      q,
    )
  ) {
    return 'howto';
  }
  return 'other';
}

/** Identifiers in a question: env vars, snake_case and dotted names, operators, flags, headers. */
export function identifiersIn(question: string): string[] {
  const found = question.match(/--?[a-z][\w-]+|\b_?[A-Za-z]+(?:[_.-][A-Za-z0-9]+)+\b|\b_[a-z]+\b|\b[A-Z][A-Z0-9]{2,}\b/g);
  return [...new Set((found ?? []).map((id) => id.toLowerCase()))].filter((id) => /[_.-]|^[a-z]{3,}$/.test(id));
}

interface SectionDoc {
  id: number;
  title: string;
  heading: string;
  parents: string;
  text: string;
  code: string;
}

interface PageDoc {
  id: number;
  title: string;
  description: string;
  keywords: string;
  headings: string;
  body: string;
}

export interface SearchIndex {
  sections: CorpusSection[];
  sectionSearch: MiniSearch<SectionDoc>;
  pageSearch: MiniSearch<PageDoc>;
  /** Section → its page (an id of `pageSearch`). */
  pageOf: Int32Array;
  /** Page id → its URL. */
  pageUrls: string[];
  /** Section → score factor: navigation sections and legacy pages count less. */
  prior: Float64Array;
  /** Section → the kind of its page. */
  kind: PageKind[];
  /** Section → the database its page is specific to, if any. */
  database: (string | undefined)[];
  /** Section → lower-cased identifiers its own heading names (for "what does X do"). */
  headingText: string[];
  /** Token → number of sections that use it, for the weight of a question's words. */
  df: Map<string, number>;
  /** Common token (see COMMON_SHARE) → which sections use it: searches leave them out, coverage does not. */
  common: Map<string, Uint8Array>;
  /** Terms used in some page title, heading, description or keyword: the docs' topics. */
  topics: Set<string>;
}

// The fields are stored as tokens joined by spaces: tokenize.ts has already split identifiers,
// dropped stopwords and stemmed, so MiniSearch only splits at spaces.
const splitTokens = (text: string) => (text ? text.split(' ') : []);
const join = (tokens: string[]) => tokens.join(' ');

export function buildIndex(sections: CorpusSection[], pages: CorpusPage[] = []): SearchIndex {
  const meta = new Map(pages.map((page) => [page.url, page]));
  const pageIds = new Map<string, number>();
  const pageUrls: string[] = [];
  const pageDocs: { title: string[]; description: string[]; keywords: string[]; headings: string[]; body: string[] }[] =
    [];
  const pageOf = new Int32Array(sections.length);
  const prior = new Float64Array(sections.length);
  const kind: PageKind[] = [];
  const df = new Map<string, number>();
  const topics = new Set<string>();
  const sectionDocs: SectionDoc[] = sections.map((section, id) => {
    const title = tokenize(section.pageTitle);
    const headings = section.headings.map(tokenize);
    const text = tokenize(section.text);
    const code = section.code.flatMap((block) => tokenize(block.code));
    for (const token of [...title, ...headings.flat()]) topics.add(token);
    for (const token of new Set([...title, ...headings.flat(), ...text, ...code])) df.set(token, (df.get(token) ?? 0) + 1);

    const url = pageUrlOf(section);
    let page = pageIds.get(url);
    const info = meta.get(url);
    if (page === undefined) {
      pageIds.set(url, (page = pageUrls.length));
      pageUrls.push(url);
      const description = tokenize(info?.description ?? '');
      const keywords = tokenize((info?.keywords ?? []).join(' '));
      for (const token of [...description, ...keywords]) topics.add(token);
      pageDocs.push({ title, description, keywords, headings: [], body: [] });
    }
    pageOf[id] = page;
    kind.push(pageKindOf(url, section.pageTitle, info?.description ?? ''));
    const navigation = isNavigation(section);
    const legacy = isLegacy(section) || /^deprecated\b/i.test(info?.description ?? '');
    prior[id] =
      (navigation ? NAVIGATION_FACTOR : 1) *
      (legacy ? LEGACY_FACTOR : 1) *
      (section.area === 'wiki' ? WIKI_FACTOR : 1);
    if (!navigation) {
      const doc = pageDocs[page]!;
      doc.headings.push(...headings.flat());
      doc.body.push(...text, ...code);
    }
    return {
      id,
      title: join(title),
      heading: join(headings.at(-1) ?? []),
      parents: join(headings.slice(0, -1).flat()),
      text: join(text),
      code: join(code),
    };
  });

  const common = new Map<string, Uint8Array>();
  for (const [token, count] of df) {
    if (count > sections.length * COMMON_SHARE) common.set(token, new Uint8Array(sections.length));
  }
  sectionDocs.forEach((doc) => {
    for (const field of [doc.title, doc.heading, doc.parents, doc.text, doc.code]) {
      for (const token of splitTokens(field)) {
        const present = common.get(token);
        if (present) present[doc.id] = 1;
      }
    }
  });

  const sectionSearch = new MiniSearch<SectionDoc>({
    fields: ['title', 'heading', 'parents', 'text', 'code'],
    tokenize: splitTokens,
    processTerm: (term) => term || null,
    searchOptions: { boost: SECTION_BOOST, tokenize: splitTokens, processTerm: (term) => term || null },
  });
  sectionSearch.addAll(sectionDocs);
  const pageSearch = new MiniSearch<PageDoc>({
    fields: ['title', 'description', 'keywords', 'headings', 'body'],
    tokenize: splitTokens,
    processTerm: (term) => term || null,
    searchOptions: { boost: PAGE_BOOST, tokenize: splitTokens, processTerm: (term) => term || null },
  });
  pageSearch.addAll(
    pageDocs.map((doc, id) => ({
      id,
      title: join(doc.title),
      description: join(doc.description),
      keywords: join(doc.keywords),
      headings: join(doc.headings),
      body: join(doc.body),
    })),
  );
  return {
    sections,
    sectionSearch,
    pageSearch,
    pageOf,
    pageUrls,
    prior,
    kind,
    database: sections.map(databaseOf),
    headingText: sections.map((s) => (s.headings.at(-1) ?? '').toLowerCase()),
    df,
    common,
    topics,
  };
}

/** Inverse document frequency over the sections; a term the corpus never uses gets the highest value. */
export function idf(index: SearchIndex, token: string): number {
  const n = index.sections.length;
  const df = index.df.get(token) ?? 0;
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
  intent: QuestionIntent;
  /** Lower-cased identifiers the question names. */
  identifiers: string[];
  /** Whether the question is about writing these docs (then the wiki counts fully). */
  aboutDocs: boolean;
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
    // A plain word that no title, heading or description uses ("instead", "fastest") is rarely
    // what the question is about, however rare it is in the docs. An identifier always is.
    const topical = parts.length > 0 || index.topics.has(whole) ? 1 : NON_TOPIC_WEIGHT;
    addTerm(terms, whole, topical);
    for (const part of parts) addTerm(terms, part, PART_WEIGHT * topical);
    // A word the docs never use ("swap") cannot be covered by any section: it does not count
    // for coverage, which then measures the part of the question the docs could answer.
    const used = [whole, ...parts].filter((t) => index.df.has(t));
    if (used.length === 0) continue;
    const rarity = Math.max(...used.map((t) => idf(index, t)));
    concepts.set(whole, { tokens: new Set([whole, ...parts]), weight: topical * rarity });
  }
  // The most recent questions first; their answers are left out (too much noise).
  const recent = history.slice(-HISTORY_WEIGHTS.length).reverse();
  recent.forEach((previous, i) => {
    for (const token of tokenize(previous)) addTerm(terms, token, HISTORY_WEIGHTS[i] ?? 0);
  });
  return {
    terms,
    concepts: [...concepts.values()],
    databases: namedDatabases(phraseKey(asked)),
    intent: questionIntent(asked),
    identifiers: identifiersIn(asked),
    aboutDocs: isAboutWritingDocs(asked),
  };
}

export interface Hit {
  doc: number;
  section: CorpusSection;
  score: number;
  /** Share (0..1) of the question's concepts, by IDF weight, that the section mentions. */
  coverage: number;
}

/**
 * A term in more than this share of the sections ("hasura", "query") barely changes BM25 scores
 * but matches thousands of sections; it is left out of the search (it still counts for coverage),
 * unless the question has nothing rarer.
 */
export const COMMON_SHARE = 0.12;

function searchOf<T>(index: SearchIndex, engine: MiniSearch<T>, query: AnalyzedQuery): SearchResult[] {
  const all = [...query.terms.keys()];
  const rare = all.filter((t) => !index.common.has(t));
  const terms = rare.length > 0 ? rare : all;
  if (terms.length === 0) return [];
  return engine.search({ combineWith: 'OR', queries: terms }, {
    boostTerm: (term) => query.terms.get(term) ?? 1,
  });
}

/** The share of the question's concepts (by weight) that a section mentions. */
function coverageOf(index: SearchIndex, query: AnalyzedQuery, doc: number, matched: Set<string>): number {
  let total = 0;
  let covered = 0;
  for (const concept of query.concepts) {
    total += concept.weight;
    if ([...concept.tokens].some((t) => matched.has(t) || index.common.get(t)?.[doc] === 1)) covered += concept.weight;
  }
  return total === 0 ? 0 : covered / total;
}

/**
 * The best sections for a query, best first. A section's score gets part of its page's score,
 * and is scaled by how much of the question it covers (so one frequent word cannot outrank a
 * section that mentions everything asked), by the kind of its page against the question's
 * intent, and by the priors (navigation, legacy, wiki, another database).
 */
export function search(index: SearchIndex, query: AnalyzedQuery, limit = 5): Hit[] {
  if (limit <= 0) return [];
  const pageScores = new Map<number, number>();
  for (const result of searchOf(index, index.pageSearch, query)) pageScores.set(result.id as number, result.score);
  const hits: Hit[] = [];
  for (const result of searchOf(index, index.sectionSearch, query)) {
    const doc = result.id as number;
    const section = index.sections[doc]!;
    const coverage = coverageOf(index, query, doc, new Set(result.terms));
    const database = index.database[doc];
    const defines = query.identifiers.some((id) => index.headingText[doc]!.includes(id));
    const factor =
      index.prior[doc]! *
      (section.area === 'wiki' && query.aboutDocs ? 1 / WIKI_FACTOR : 1) *
      (database && !query.databases.has(database) ? OTHER_DATABASE_FACTOR : 1) *
      INTENT_FACTORS[query.intent][index.kind[doc]!] *
      (defines ? DEFINES_FACTOR : 1) *
      (1 - COVERAGE_INFLUENCE + COVERAGE_INFLUENCE * coverage);
    const score = factor * (result.score + PAGE_WEIGHT * (pageScores.get(index.pageOf[doc]!) ?? 0));
    hits.push({ doc, section, score, coverage });
  }
  // Ties keep the earlier section first.
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  return hits.slice(0, limit);
}
