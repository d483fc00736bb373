import type { CorpusPage, CorpusSection } from './corpus-schema.js';
import { databaseOf, isLegacy, isNavigation, namedDatabases, pageUrlOf } from './domain.js';
import {
  identifiersIn,
  INTENT_FACTORS,
  isAboutWritingDocs,
  pageKindOf,
  questionIntent,
  type PageKind,
  type QuestionIntent,
} from './intent.js';
import { phraseKey, tokenize, tokenizeWords } from './tokenize.js';
import { topicOfUrl, topicPosterior, trainClassifiers, type TopicModel } from './topics.js';

/**
 * Section retrieval for readers' questions: BM25 over sections and over whole pages, with
 * field weights applied before BM25 saturation (a simple BM25F), so a word in the page title,
 * the section's heading or the page's description and keywords (its author's own summary)
 * counts more than the same word in the body, and code counts a little less. A section's score
 * is its own plus its page's, weighed by how much of the question it covers, by what kind of
 * page it is on against what the question asks (intent.ts), with current pages before legacy
 * ones and the contributors' wiki only for questions about writing these docs.
 *
 * One file of about 470 lines on purpose: the index, the analysis of a question and the search share the
 * collections, their field weights and the factors, and split apart each half would export its internals.
 *
 * Hand-written rather than a search library: MiniSearch over the same fields ranked no better
 * on the evaluation and took about five times the CPU per question, too slow for the answer
 * latency target (see README.md).
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

/**
 * Field weights of the page summaries: the title, description and keywords of each page,
 * scored as a collection of their own so a match in the page's one-line summary is not diluted
 * by the length of its body.
 */
export const SUMMARY_WEIGHTS = { title: 2, description: 1, keywords: 1 };
/** How much of its page summary's score a section inherits. */
export const SUMMARY_WEIGHT = 1;
/**
 * Pages declare in their front matter the questions they answer, in readers' words: the bridge
 * between a reader's words and the page's own. A section's score is multiplied by
 * 1 + QUESTION_BOOST × s, where s is the best cosine similarity (IDF-weighted words) between the
 * question asked and one of its page's questions: a near-paraphrase nearly doubles it, a question
 * that shares one common word changes little.
 */
export const QUESTION_BOOST = 1;
/**
 * How much of its page's declared questions' BM25 score (all of a page's questions as one field) a section
 * inherits: the questions of a page, taken together, name the situations it serves in readers' words.
 */
export const QUESTIONS_WEIGHT = 3;
/**
 * BM25's length normalisation of that field: low, because a page with many declared questions is one that
 * readers reach for in many situations, not a long text whose words match by chance.
 */
const QUESTIONS_B = 0.15;
/**
 * A section's score is multiplied by 1 + TOPIC_BOOST × P(its page's topic | question), the topic model
 * (topics.ts) learned from every page's declared questions: the words readers use for a feature lead to it.
 */
export const TOPIC_BOOST = 1;
/**
 * And by 1 + PAGE_MODEL_BOOST × P(its page | question), the same model trained with each page as its own class:
 * finer than the topic, it tells apart the pages of one feature by the situations their readers describe.
 */
export const PAGE_MODEL_BOOST = 6;

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
export const WIKI_FACTOR = 0.2;
/**
 * Factor of worked examples (recipes, use cases, sample apps, tutorials) for a question that asks
 * for none: their domain words (orders, carts, products, emails) match readers' own examples,
 * while the feature's page answers the question.
 */
export const EXAMPLE_FACTOR = 0.6;
const EXAMPLE_PAGE = /\/(?:recipes|use-cases?|samples|sample-apps|tutorials)\//;
const ASKS_FOR_EXAMPLES = /\b(?:recipes?|examples?|tutorials?|samples?|use ?cases?|walk ?through)\b/i;
/** Factor of a section whose heading names an identifier the question asks about ("what does X do"). */
export const DEFINES_FACTOR = 1.5;
/** Query weight of the parts of a compound word, next to the whole word's 1. */
export const PART_WEIGHT = 0.5;
/** Query weight of a word that no page title or heading uses. */
export const NON_TOPIC_WEIGHT = 0.5;
/** Weights of the previous questions' terms, most recent first. */
export const HISTORY_WEIGHTS = [0.5, 0.25];

/** The documents that hold a term, in order, with its field-weighted frequency in each (typed arrays: fast to scan). */
interface Postings {
  docs: Int32Array;
  tfs: Float64Array;
}

/** Postings and lengths of one BM25 collection (the sections, or the pages they belong to). */
interface Collection {
  /** Term → postings, ordered by doc. */
  postings: Map<string, Postings>;
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
  /** Each page's title, description and keywords. */
  summaries: Collection;
  /** The questions pages declare they answer, one document each (term counts, unweighted). */
  questions: Collection;
  /** Each page's declared questions together, one document per page. */
  pageQuestions: Collection;
  /** Question → its page in `pages`. */
  questionPage: Int32Array;
  /** Question → the length of its IDF-weighted word vector (for cosine similarity). */
  questionNorm: Float64Array;
  /** Page URL → its description (front matter), for links to the page. */
  descriptions: Map<string, string>;
  /** Section → its page in `pages`. */
  pageOf: Int32Array;
  /** Section → score factor: navigation sections and legacy pages count less. */
  prior: Float64Array;
  /** Section → the database its page is specific to, if any. */
  database: (string | undefined)[];
  /** Section → the kind of its page. */
  kind: PageKind[];
  /** Section → whether its page is a worked example (EXAMPLE_PAGE). */
  example: Uint8Array;
  /** Section → its own heading, lower-cased (for "what does X do"). */
  headingText: string[];
  /** Terms used in some page title, heading, description or keyword: the docs' topics. */
  topics: Set<string>;
  /** What questions are about (topics.ts), and each page's topic in it (-1: none). */
  topicModel: TopicModel;
  pageTopic: Int32Array;
  /** The same model with the pages as its classes, and each page's class in it. */
  pageModel: TopicModel;
  pageModelId: Int32Array;
}

function collection(weightedDocs: Map<string, number>[], b = B): Collection {
  const lists = new Map<string, { docs: number[]; tfs: number[] }>();
  const lengths = new Float64Array(weightedDocs.length);
  weightedDocs.forEach((weighted, doc) => {
    let length = 0;
    for (const [token, tf] of weighted) {
      length += tf;
      let list = lists.get(token);
      if (!list) lists.set(token, (list = { docs: [], tfs: [] }));
      list.docs.push(doc);
      list.tfs.push(tf);
    }
    lengths[doc] = length;
  });
  const postings = new Map<string, Postings>();
  for (const [token, list] of lists) {
    postings.set(token, { docs: Int32Array.from(list.docs), tfs: Float64Array.from(list.tfs) });
  }
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const size = weightedDocs.length;
  const avgLength = size ? total / size : 1;
  const norms = lengths.map((length) => K1 * (1 - b + (b * length) / avgLength));
  return { postings, lengths, avgLength, norms, size };
}

function addWeighted(weighted: Map<string, number>, tokens: string[], weight: number): void {
  for (const token of tokens) weighted.set(token, (weighted.get(token) ?? 0) + weight);
}

export function buildIndex(sections: CorpusSection[], pages: CorpusPage[] = []): SearchIndex {
  const meta = new Map(pages.map((page) => [page.url, page]));
  const pageIds = new Map<string, number>();
  const pageTerms: Map<string, number>[] = [];
  const summaryTerms: Map<string, number>[] = [];
  const questionTerms: Map<string, number>[] = [];
  const pageQuestionTerms: Map<string, number>[] = [];
  const questionPage: number[] = [];
  const pageOf = new Int32Array(sections.length);
  const prior = new Float64Array(sections.length);
  const kind: PageKind[] = [];
  const topics = new Set<string>();
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
    const info = meta.get(url);
    let page = pageIds.get(url);
    if (page === undefined) {
      pageIds.set(url, (page = pageTerms.length));
      const terms = new Map<string, number>();
      addWeighted(terms, title, FIELD_WEIGHTS.pageTitle);
      pageTerms.push(terms);
      const description = tokenize(info?.description ?? '');
      const keywords = tokenize((info?.keywords ?? []).join(' '));
      const summary = new Map<string, number>();
      addWeighted(summary, title, SUMMARY_WEIGHTS.title);
      addWeighted(summary, description, SUMMARY_WEIGHTS.description);
      addWeighted(summary, keywords, SUMMARY_WEIGHTS.keywords);
      for (const token of [...description, ...keywords]) topics.add(token);
      summaryTerms.push(summary);
      const together = new Map<string, number>();
      for (const question of info?.questions ?? []) {
        const asked = new Map<string, number>();
        const words = tokenize(question);
        addWeighted(asked, words, 1);
        addWeighted(together, words, 1);
        questionTerms.push(asked);
        questionPage.push(page);
      }
      pageQuestionTerms.push(together);
    }
    pageOf[doc] = page;
    kind.push(pageKindOf(url, section.pageTitle, info?.description ?? ''));
    const navigation = isNavigation(section);
    prior[doc] =
      (navigation ? NAVIGATION_FACTOR : 1) *
      (isLegacy(section, info?.description) ? LEGACY_FACTOR : 1) *
      (section.area === 'wiki' ? WIKI_FACTOR : 1);
    if (navigation) return weighted;
    const terms = pageTerms[page]!;
    for (const heading of headings) addWeighted(terms, heading, FIELD_WEIGHTS.parentHeading);
    addWeighted(terms, text, FIELD_WEIGHTS.text);
    for (const block of code) addWeighted(terms, block, FIELD_WEIGHTS.code);
    return weighted;
  });
  const sectionCollection = collection(sectionTerms);
  const [topicModel, pageModel] = trainClassifiers(pages, [topicOfUrl, (url) => url]) as [TopicModel, TopicModel];
  const pageTopic = Int32Array.from(pageIds.keys(), (url) => topicModel.topics.indexOf(topicOfUrl(url)));
  const pageModelId = Int32Array.from(pageIds.keys(), (url) => pageModel.topics.indexOf(url));
  const questionNorm = Float64Array.from(questionTerms, (terms) => {
    let sum = 0;
    for (const [token, tf] of terms) sum += (tf * idf(sectionCollection, token)) ** 2;
    return Math.sqrt(sum);
  });
  return {
    ...sectionCollection,
    sections,
    pages: collection(pageTerms),
    summaries: collection(summaryTerms),
    questions: collection(questionTerms),
    pageQuestions: collection(pageQuestionTerms, QUESTIONS_B),
    questionPage: Int32Array.from(questionPage),
    questionNorm,
    descriptions: new Map(pages.map((page) => [page.url, page.description])),
    pageOf,
    prior,
    database: sections.map(databaseOf),
    example: Uint8Array.from(sections, (section) => (EXAMPLE_PAGE.test(pageUrlOf(section)) ? 1 : 0)),
    kind,
    headingText: sections.map((s) => (s.headings.at(-1) ?? '').toLowerCase()),
    topics,
    topicModel,
    pageTopic,
    pageModel,
    pageModelId,
  };
}

/** Inverse document frequency; a term the corpus never uses gets the highest value. */
export function idf(index: Collection, token: string): number {
  const n = index.size;
  const df = index.postings.get(token)?.docs.length ?? 0;
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
  /** Whether the question asks for a worked example (then recipes and use cases count fully). */
  wantsExamples: boolean;
}

/**
 * How much a concept matters for coverage: the IDF of its rarest term that the docs use (a word
 * the docs never use, such as "kafka", cannot be covered, so it weighs as a rare word and a
 * question about it is not answered from a passage that only shares its other words).
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
    // A word the docs never use at all ("kafka") is kept whole: the question is likely about
    // something the docs do not cover.
    const topical = parts.length > 0 || index.topics.has(whole) || !index.postings.has(whole) ? 1 : NON_TOPIC_WEIGHT;
    addTerm(terms, whole, topical);
    for (const part of parts) addTerm(terms, part, PART_WEIGHT * topical);
    concepts.set(whole, {
      tokens: new Set([whole, ...parts]),
      weight: topical * conceptWeight(index, [whole, ...parts]),
    });
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
    wantsExamples: ASKS_FOR_EXAMPLES.test(asked),
  };
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
    const { docs, tfs } = list;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const tf = tfs[i]!;
      scores[doc]! += (termWeight * tf) / (tf + c.norms[doc]!);
    }
  }
  return scores;
}

/** Each page's best cosine similarity (0..1) between the query and one of its declared questions. */
function questionSimilarity(index: SearchIndex, query: AnalyzedQuery): Float64Array {
  const dot = new Float64Array(index.questions.size);
  let queryNorm = 0;
  for (const [token, weight] of query.terms) {
    const tokenIdf = idf(index, token);
    const w = weight * tokenIdf;
    queryNorm += w * w;
    const list = index.questions.postings.get(token);
    if (!list) continue;
    for (let i = 0; i < list.docs.length; i++) dot[list.docs[i]!]! += w * list.tfs[i]! * tokenIdf;
  }
  const best = new Float64Array(index.pages.size);
  if (queryNorm === 0) return best;
  dot.forEach((d, question) => {
    if (d === 0) return;
    const similarity = d / (Math.sqrt(queryNorm) * index.questionNorm[question]!);
    const page = index.questionPage[question]!;
    if (similarity > best[page]!) best[page] = similarity;
  });
  return best;
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
      for (const doc of index.postings.get(token)?.docs ?? []) {
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
  const summaryScores = bm25(index.summaries, query);
  const askedScores = bm25(index.pageQuestions, query);
  const questionMatch = questionSimilarity(index, query);
  const covered = coverages(index, query);
  const topic = topicPosterior(index.topicModel, query.terms);
  const pagePosterior = topicPosterior(index.pageModel, query.terms);
  // What a section gets from its page, computed once per page rather than for each of its sections.
  const pageBoost = new Float64Array(index.pages.size);
  const pageShare = new Float64Array(index.pages.size);
  for (let page = 0; page < pageBoost.length; page++) {
    pageBoost[page] =
      (1 + QUESTION_BOOST * questionMatch[page]!) *
      (1 + TOPIC_BOOST * (topic[index.pageTopic[page]!] ?? 0)) *
      (1 + PAGE_MODEL_BOOST * (pagePosterior[index.pageModelId[page]!] ?? 0));
    pageShare[page] =
      PAGE_WEIGHT * pageScores[page]! + SUMMARY_WEIGHT * summaryScores[page]! + QUESTIONS_WEIGHT * askedScores[page]!;
  }
  const intentFactors = INTENT_FACTORS[query.intent];
  // The best `limit` hits so far, best first; ties keep the earlier section first.
  const top: Hit[] = [];
  for (let doc = 0; doc < index.size; doc++) {
    const sectionScore = sectionScores[doc]!;
    if (sectionScore === 0) continue;
    const database = index.database[doc];
    const coverage = covered[doc]!;
    const defines =
      query.identifiers.length > 0 && query.identifiers.some((id) => index.headingText[doc]!.includes(id));
    const factor =
      index.prior[doc]! *
      (query.aboutDocs && index.sections[doc]!.area === 'wiki' ? 1 / WIKI_FACTOR : 1) *
      (database && !query.databases.has(database) ? OTHER_DATABASE_FACTOR : 1) *
      (index.example[doc] && !query.wantsExamples ? EXAMPLE_FACTOR : 1) *
      intentFactors[index.kind[doc]!] *
      (defines ? DEFINES_FACTOR : 1) *
      (1 - COVERAGE_INFLUENCE + COVERAGE_INFLUENCE * coverage);
    const page = index.pageOf[doc]!;
    const score = factor * pageBoost[page]! * (sectionScore + pageShare[page]!);
    if (top.length === limit && score <= top[limit - 1]!.score) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < score) at--;
    top.splice(at, 0, { doc, section: index.sections[doc]!, score, coverage });
    if (top.length > limit) top.pop();
  }
  return top;
}
