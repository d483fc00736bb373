import type { CorpusSection } from './corpus.js';
import { phraseKey, tokenize } from './tokenize.js';

/**
 * BM25 ranking of corpus sections. Each field's term counts are weighted before BM25
 * saturation (a simple BM25F), so a word in the page title or the section's heading
 * counts more than the same word in the body, and code counts a little less.
 */

export const FIELD_WEIGHTS = {
  pageTitle: 3,
  /** The section's own heading (last of the heading path). */
  heading: 2.5,
  /** Headings above it. */
  parentHeading: 1.5,
  text: 1,
  code: 0.6,
};

const K1 = 1.2;
const B = 0.75;
/** Weight of a term that comes from the synonym table rather than the question. */
export const SYNONYM_WEIGHT = 0.6;
/** Weights of the previous questions' terms, most recent first. */
export const HISTORY_WEIGHTS = [0.5, 0.25];

/**
 * Domain terms that mean the same thing to a reader. When a question contains one phrase
 * of a group, the other phrases join the query at SYNONYM_WEIGHT.
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
];

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

export interface SearchIndex {
  sections: CorpusSection[];
  /** Term → postings, ordered by doc. */
  postings: Map<string, Posting[]>;
  lengths: Float64Array;
  avgLength: number;
}

export function buildIndex(sections: CorpusSection[]): SearchIndex {
  const postings = new Map<string, Posting[]>();
  const lengths = new Float64Array(sections.length);
  sections.forEach((section, doc) => {
    const weighted = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const token of tokenize(text)) weighted.set(token, (weighted.get(token) ?? 0) + weight);
    };
    add(section.pageTitle, FIELD_WEIGHTS.pageTitle);
    section.headings.forEach((heading, i) => {
      const last = i === section.headings.length - 1;
      add(heading, last ? FIELD_WEIGHTS.heading : FIELD_WEIGHTS.parentHeading);
    });
    add(section.text, FIELD_WEIGHTS.text);
    for (const block of section.code) add(block.code, FIELD_WEIGHTS.code);
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
  return { sections, postings, lengths, avgLength: sections.length ? total / sections.length : 1 };
}

/** Inverse document frequency; a term the corpus never uses gets the highest value. */
export function idf(index: SearchIndex, token: string): number {
  const n = index.sections.length;
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
  const own = [...new Set(tokenize(asked))];
  for (const token of own) addTerm(terms, token, 1);
  const concepts: Concept[] = own.map((token) => ({ tokens: new Set([token]), weight: idf(index, token) }));

  const key = phraseKey(asked);
  for (const group of SYNONYM_GROUPS) {
    const matched = group.filter((phrase) => key.includes(phrase.key));
    if (matched.length === 0) continue;
    const expansion = group.flatMap((phrase) => phrase.tokens);
    for (const token of expansion) addTerm(terms, token, SYNONYM_WEIGHT);
    // A concept named by a matched phrase is also covered by any of the group's words.
    const named = new Set(matched.flatMap((phrase) => phrase.tokens));
    for (const concept of concepts) {
      if ([...concept.tokens].some((t) => named.has(t))) expansion.forEach((t) => concept.tokens.add(t));
    }
  }

  // The most recent questions first; their answers are left out (too much noise).
  const recent = history.slice(-HISTORY_WEIGHTS.length).reverse();
  recent.forEach((previous, i) => {
    for (const token of tokenize(previous)) addTerm(terms, token, HISTORY_WEIGHTS[i] ?? 0);
  });
  return { terms, concepts };
}

export interface Hit {
  doc: number;
  section: CorpusSection;
  score: number;
  /** Share (0..1) of the question's concepts, by IDF weight, that the section mentions. */
  coverage: number;
}

function contains(list: Posting[] | undefined, doc: number): boolean {
  if (!list) return false;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid]!.doc;
    if (at === doc) return true;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export function coverage(index: SearchIndex, query: AnalyzedQuery, doc: number): number {
  let total = 0;
  let covered = 0;
  for (const concept of query.concepts) {
    total += concept.weight;
    if ([...concept.tokens].some((t) => contains(index.postings.get(t), doc))) covered += concept.weight;
  }
  return total > 0 ? covered / total : 0;
}

/** The best sections for a query, best first. */
export function search(index: SearchIndex, query: AnalyzedQuery, limit = 5): Hit[] {
  const scores = new Map<number, number>();
  for (const [token, weight] of query.terms) {
    const list = index.postings.get(token);
    if (!list) continue;
    const termIdf = idf(index, token);
    for (const { doc, tf } of list) {
      const norm = K1 * (1 - B + (B * index.lengths[doc]!) / index.avgLength);
      const score = weight * termIdf * ((tf * (K1 + 1)) / (tf + norm));
      scores.set(doc, (scores.get(doc) ?? 0) + score);
    }
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([doc, score]) => ({
      doc,
      section: index.sections[doc]!,
      score,
      coverage: coverage(index, query, doc),
    }));
}
