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
  /** Word → log P(word | topic) for each topic. */
  logLikelihood: Map<string, Float64Array>;
  logPrior: Float64Array;
}

/** A page's topic: the first folder of its route under the base path ("event-triggers"). */
export function topicOfUrl(url: string): string {
  const path = url.replace(/^\/docs\/2\.0\//, '').split('#')[0]!;
  return path.split('/').filter(Boolean)[0] ?? '';
}

/**
 * Trains the classifier. By default its classes are the topics (topicOfUrl); `topicOf` can make them finer:
 * rank.ts also trains one whose classes are the pages themselves.
 */
export function trainTopics(pages: CorpusPage[], topicOf: (url: string) => string = topicOfUrl): TopicModel {
  const topics: string[] = [];
  const ids = new Map<string, number>();
  const counts: Map<string, number>[] = [];
  const totals: number[] = [];
  const examples: number[] = [];
  for (const page of pages) {
    const topic = topicOf(page.url);
    let id = ids.get(topic);
    if (id === undefined) {
      ids.set(topic, (id = topics.length));
      topics.push(topic);
      counts.push(new Map());
      totals.push(0);
      examples.push(0);
    }
    for (const text of [...(page.questions ?? []), page.title, page.description, page.keywords.join(' ')]) {
      const words = new Set(tokenize(text));
      for (const word of words) counts[id]!.set(word, (counts[id]!.get(word) ?? 0) + 1);
      totals[id]! += words.size;
      examples[id]! += 1;
    }
  }
  const vocabulary = new Set(counts.flatMap((c) => [...c.keys()]));
  const all = examples.reduce((sum, n) => sum + n, 0) || 1;
  const logPrior = Float64Array.from(examples, (n) => Math.log((n + 1) / (all + topics.length)));
  const logLikelihood = new Map<string, Float64Array>();
  for (const word of vocabulary) {
    logLikelihood.set(
      word,
      Float64Array.from(counts, (c, t) =>
        Math.log(((c.get(word) ?? 0) + SMOOTHING) / (totals[t]! + SMOOTHING * vocabulary.size)),
      ),
    );
  }
  return { topics, logLikelihood, logPrior };
}

/**
 * P(topic | question) for every topic. The words' log-likelihoods are averaged rather than summed, so
 * a long question is not more certain than a short one; words the model never saw say nothing.
 */
export function topicPosterior(model: TopicModel, terms: Iterable<[string, number]>): Float64Array {
  const scores = new Float64Array(model.logPrior.length);
  let weight = 0;
  for (const [term, w] of terms) {
    const likelihood = model.logLikelihood.get(term);
    if (!likelihood) continue;
    weight += w;
    for (let t = 0; t < scores.length; t++) scores[t]! += w * likelihood[t]!;
  }
  if (weight === 0) return new Float64Array(scores.length);
  let max = -Infinity;
  for (let t = 0; t < scores.length; t++) {
    scores[t] = scores[t]! / weight + model.logPrior[t]! / Math.max(weight, 1);
    if (scores[t]! > max) max = scores[t]!;
  }
  let sum = 0;
  for (let t = 0; t < scores.length; t++) sum += scores[t] = Math.exp((scores[t]! - max) * SHARPNESS);
  for (let t = 0; t < scores.length; t++) scores[t]! /= sum;
  return scores;
}

/** How sharply the averaged log-likelihoods separate the topics (a temperature's inverse). */
const SHARPNESS = 2;
