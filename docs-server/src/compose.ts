import type { CodeBlock, CorpusSection } from './corpus.js';
import { wellFormed, type Source } from './protocol.js';
import { idf, pageUrlOf, type AnalyzedQuery, type Hit, type SearchIndex } from './rank.js';
import { tokenize } from './tokenize.js';

/**
 * The answer without a model: the best sentences of the best passages, the most relevant
 * code example, and the sources, with [n] marks that match the order of the sources.
 */

/** Below this share of the question's concepts, the best passage is too weak to answer from. */
export const MIN_COVERAGE = 0.5;
/** Below this BM25 score, likewise (a single common word matching is not an answer). */
export const MIN_SCORE = 1;
/** A passage is cited next to the best one only when it scores at least this share of it. */
const SUPPORT_RATIO = 0.6;
const MAX_SOURCES = 3;
const MAX_CODE_LINES = 40;

export interface ComposedAnswer {
  text: string;
  sources: Source[];
  /** True when nothing in the docs answered well enough; the text then points to search. */
  weak: boolean;
}

export function sourceTitle(section: CorpusSection): string {
  const heading = section.headings.at(-1);
  return heading && heading !== section.pageTitle ? `${section.pageTitle} › ${heading}` : section.pageTitle;
}

export function isWeak(hits: Hit[]): boolean {
  const best = hits[0];
  return !best || best.coverage < MIN_COVERAGE || best.score < MIN_SCORE;
}

/**
 * The hits worth citing: the best one, and close runners-up that also cover the question,
 * one section per page (three sections of one page are one source to the reader).
 */
export function supportingHits(hits: Hit[]): Hit[] {
  const best = hits[0];
  if (!best) return [];
  const chosen: Hit[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (chosen.length === MAX_SOURCES) break;
    const strong = hit === best || (hit.score >= best.score * SUPPORT_RATIO && hit.coverage >= MIN_COVERAGE);
    const page = pageUrlOf(hit.section);
    if (!strong || seen.has(page)) continue;
    seen.add(page);
    chosen.push(hit);
  }
  return chosen;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}`"'(])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** How much of the query a piece of text mentions: the sum of its matched terms' weight × IDF. */
function relevance(index: SearchIndex, query: AnalyzedQuery, text: string): number {
  let score = 0;
  for (const token of new Set(tokenize(text))) {
    const weight = query.terms.get(token);
    if (weight) score += weight * idf(index, token);
  }
  return score;
}

/** Whether a text names one of the question's own concepts (history terms do not count). */
function mentionsQuestion(query: AnalyzedQuery, text: string): boolean {
  const tokens = new Set(tokenize(text));
  return query.concepts.some((concept) => [...concept.tokens].some((t) => tokens.has(t)));
}

/**
 * The best `count` sentences of a passage, kept in the passage's order. With `strict`,
 * only sentences that name something the question asks about.
 */
function bestSentences(
  index: SearchIndex,
  query: AnalyzedQuery,
  text: string,
  count: number,
  strict: boolean,
): string[] {
  const scored = splitSentences(text).map((sentence, position) => ({
    sentence,
    position,
    score: relevance(index, query, sentence),
  }));
  return scored
    .filter((s) => s.score > 0 && (!strict || mentionsQuestion(query, s.sentence)))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, count)
    .sort((a, b) => a.position - b.position)
    .map((s) => s.sentence);
}

/**
 * The code example to show: the block of these passages that mentions the most of the
 * question, or else the best passage's first block (its example usually is the answer's example).
 */
export function bestCode(index: SearchIndex, query: AnalyzedQuery, cited: Hit[]): CodeBlock | undefined {
  let best: CodeBlock | undefined;
  let bestScore = 0;
  for (const hit of cited) {
    for (const block of hit.section.code) {
      const score = relevance(index, query, block.code);
      if (score > bestScore) {
        best = block;
        bestScore = score;
      }
    }
  }
  return best ?? cited[0]?.section.code[0];
}

function fence(block: CodeBlock): string {
  const lines = block.code.replace(/\s+$/, '').split('\n');
  const shown = lines.length > MAX_CODE_LINES ? [...lines.slice(0, MAX_CODE_LINES), '…'] : lines;
  // A fence longer than any backtick run inside the code, so the code cannot close it.
  const longest = Math.max(2, ...(block.code.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${block.lang}\n${shown.join('\n')}\n${ticks}`;
}

export function searchLink(searchUrl: string, question: string): Source {
  // Cut by code points: half an emoji would make encodeURIComponent throw.
  const q = Array.from(wellFormed(question).trim().replace(/\s+/g, ' ')).slice(0, 100).join('').trim();
  return { title: `Search the docs for “${q}”`, url: `${searchUrl}?q=${encodeURIComponent(q)}` };
}

function markdownLink(title: string, url: string): string {
  const safeUrl = url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${title.replace(/[[\]]/g, '')}](${safeUrl})`;
}

/** The answer when the docs do not answer well enough: say so, and point to search. */
export function weakAnswer(question: string, hits: Hit[], searchUrl: string): ComposedAnswer {
  const search = searchLink(searchUrl, question);
  const hasWords = tokenize(question).length > 0;
  let text = hasWords
    ? "I couldn't find a confident answer to that in the Hasura GraphQL Engine v2.x docs, so I won't guess. "
    : 'Could you add some detail, such as the feature, API or error message you are asking about? ';
  text += `Try ${markdownLink('searching the docs', search.url)} instead.`;
  const closest = hits[0];
  if (hasWords && closest && closest.coverage > 0) {
    text += ` The closest page I found is ${markdownLink(sourceTitle(closest.section), closest.section.url)}, but it may not answer your question.`;
  }
  return { text, sources: [search], weak: true };
}

export function composeAnswer(
  index: SearchIndex,
  query: AnalyzedQuery,
  question: string,
  hits: Hit[],
  searchUrl: string,
): ComposedAnswer {
  if (isWeak(hits)) return weakAnswer(question, hits, searchUrl);
  const cited = supportingHits(hits);
  const paragraphs: string[] = [];
  const sources: Source[] = [];
  const used: Hit[] = [];
  cited.forEach((hit, i) => {
    // Two sentences from the best passage, one from each runner-up: short, and every
    // sentence is the docs' own words.
    // A runner-up is cited only for a sentence on the question itself, not on the thread's topic.
    const sentences = bestSentences(index, query, hit.section.text, i === 0 ? 2 : 1, i > 0);
    if (sentences.length === 0 && i > 0) return;
    used.push(hit);
    sources.push({ title: sourceTitle(hit.section), url: hit.section.url });
    const body = sentences.length > 0 ? sentences.join(' ') : (splitSentences(hit.section.text)[0] ?? '');
    if (body) paragraphs.push(`${body} [${sources.length}]`);
  });
  // The example may come from another retrieved section of a cited page: one source per
  // page, but the page's best example.
  const citedPages = new Set(used.map((hit) => pageUrlOf(hit.section)));
  const samePage = hits.filter((hit) => !used.includes(hit) && citedPages.has(pageUrlOf(hit.section)));
  const code = bestCode(index, query, [...used, ...samePage]);
  if (code) paragraphs.push(fence(code));
  return { text: paragraphs.join('\n\n'), sources, weak: false };
}

/**
 * Cuts an answer into pieces of about `size` characters at spaces, for chunk frames.
 * Joining the pieces gives back the text exactly.
 */
export function chunkText(text: string, size = 48): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.slice(end).search(/\s/);
      end = space === -1 ? text.length : end + space + 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
