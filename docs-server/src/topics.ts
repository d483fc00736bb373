/**
 * What a question is about, learned from the docs' own data: a multinomial naive Bayes classifier from
 * a question's words to the docs' topics (the top folders of the URL: event-triggers, scheduled-triggers,
 * auth, deployment…), trained when the corpus loads on the questions every page declares it answers, in
 * readers' words (front matter `questions`), and on each page's title, description and keywords. The
 * words readers use for a feature ("email", "every morning", "signup") are learned from the questions
 * of that feature's pages, whatever words the feature's own pages use; no synonym table is kept by hand.
 */
import type { CorpusPage } from './corpus-schema.js';
import { tokenize } from './tokenize.js';

/** Laplace smoothing of the word counts. */
const SMOOTHING = 0.1;

export interface TopicModel {
  /** Topic names (topicOfUrl), by topic id. */
  topics: string[];
  /**
   * Word → the topics whose examples use it, with log P(word | topic) for each. Only those are kept: with the
   * pages as classes most words appear in a few of them, and a full table would be words × pages.
   */
  seen: Map<string, { topics: Int32Array; logLikelihood: Float64Array }>;
  /** log P(word | topic) of a known word that the topic's examples never use (its smoothing share). */
  unseen: Float64Array;
  logPrior: Float64Array;
}

/** A page's topic: the first folder of its route under the base path ("event-triggers"). */
export function topicOfUrl(url: string): string {
  const path = url.replace(/^\/docs\/2\.0\//, '').split('#')[0]!;
  return path.split('/').filter(Boolean)[0] ?? '';
}

interface Counts {
  topics: string[];
  ids: Map<string, number>;
  counts: Map<string, number>[];
  totals: number[];
  examples: number[];
}

/**
 * One classifier per way of naming a page's class (rank.ts: the topics, and the pages themselves), from one
 * tokenisation of the examples.
 */
export function trainClassifiers(pages: CorpusPage[], classOf: ((url: string) => string)[]): TopicModel[] {
  const models: Counts[] = classOf.map(() => ({ topics: [], ids: new Map(), counts: [], totals: [], examples: [] }));
  for (const page of pages) {
    const texts = [...(page.questions ?? []), page.title, page.description, page.keywords.join(' ')];
    const wordSets = texts.map((text) => new Set(tokenize(text)));
    classOf.forEach((topicOf, m) => {
      const { topics, ids, counts, totals, examples } = models[m]!;
      const topic = topicOf(page.url);
      let id = ids.get(topic);
      if (id === undefined) {
        ids.set(topic, (id = topics.length));
        topics.push(topic);
        counts.push(new Map());
        totals.push(0);
        examples.push(0);
      }
      for (const words of wordSets) {
        for (const word of words) counts[id]!.set(word, (counts[id]!.get(word) ?? 0) + 1);
        totals[id]! += words.size;
        examples[id]! += 1;
      }
    });
  }
  return models.map(finish);
}

function finish({ topics, counts, totals, examples }: Counts): TopicModel {
  const vocabulary = new Set(counts.flatMap((c) => [...c.keys()]));
  const all = examples.reduce((sum, n) => sum + n, 0) || 1;
  const logPrior = Float64Array.from(examples, (n) => Math.log((n + 1) / (all + topics.length)));
  const denominators = totals.map((total) => total + SMOOTHING * vocabulary.size);
  const unseen = Float64Array.from(denominators, (d) => Math.log(SMOOTHING / d));
  const lists = new Map<string, { topics: number[]; logLikelihood: number[] }>();
  counts.forEach((c, t) => {
    for (const [word, n] of c) {
      let list = lists.get(word);
      if (!list) lists.set(word, (list = { topics: [], logLikelihood: [] }));
      list.topics.push(t);
      list.logLikelihood.push(Math.log((n + SMOOTHING) / denominators[t]!));
    }
  });
  const seen = new Map<string, { topics: Int32Array; logLikelihood: Float64Array }>();
  for (const [word, list] of lists) {
    seen.set(word, { topics: Int32Array.from(list.topics), logLikelihood: Float64Array.from(list.logLikelihood) });
  }
  return { topics, seen, unseen, logPrior };
}

/**
 * P(topic | question) for every topic. The words' log-likelihoods are averaged rather than summed, so
 * a long question is not more certain than a short one; words the model never saw say nothing.
 */
export function topicPosterior(model: TopicModel, terms: Iterable<[string, number]>): Float64Array {
  const scores = new Float64Array(model.logPrior.length);
  let weight = 0;
  for (const [term, w] of terms) {
    const entry = model.seen.get(term);
    if (!entry) continue;
    weight += w;
    // Every topic gets the term's unseen log-likelihood below; the topics that use it, the difference here.
    for (let i = 0; i < entry.topics.length; i++) {
      const t = entry.topics[i]!;
      scores[t]! += w * (entry.logLikelihood[i]! - model.unseen[t]!);
    }
  }
  if (weight === 0) return new Float64Array(scores.length);
  let max = -Infinity;
  for (let t = 0; t < scores.length; t++) {
    scores[t] = (scores[t]! + weight * model.unseen[t]!) / weight + model.logPrior[t]! / Math.max(weight, 1);
    if (scores[t]! > max) max = scores[t]!;
  }
  let sum = 0;
  for (let t = 0; t < scores.length; t++) sum += scores[t] = Math.exp((scores[t]! - max) * SHARPNESS);
  for (let t = 0; t < scores.length; t++) scores[t]! /= sum;
  return scores;
}

/** How sharply the averaged log-likelihoods separate the topics (a temperature's inverse). */
const SHARPNESS = 2;
