import type { Logger } from 'pino';
import { chunkText, composeAnswer, isWeak, sourceTitle, type ComposedAnswer } from './compose.js';
import type { Config } from './config.js';
import type { LoadedCorpus } from './corpus.js';
import { buildMessages, streamChat } from './llm.js';
import type { QueryFrame, Source } from './protocol.js';
import { analyzeQuery, search, type Hit, type SearchIndex } from './rank.js';

/** How one question is answered: retrieve, then compose or ask the model, then stream. */

/** Where the answer goes; `chunk` resolves when the next piece may be sent. */
export interface AnswerSink {
  chunk(text: string): Promise<void>;
  sources(sources: Source[]): void;
}

export type AnswerMode = 'composed' | 'llm' | 'fallback' | 'weak';

export interface AnswerInfo {
  mode: AnswerMode;
  topScore: number;
  sources: number;
}

/** Passages given to the model: enough context, but no passage far below the best. */
const LLM_PASSAGES = 4;
const LLM_MIN_RATIO = 0.3;

export const FALLBACK_NOTE =
  '_The AI model is unavailable right now, so this answer is composed directly from the docs._\n\n';
export const CUT_OFF_NOTE =
  '\n\n_The AI model stopped before finishing, so here is the answer composed directly from the docs:_\n\n';

/**
 * Sections retrieved per question: the composer cites up to five sections besides the lead's, the model gets up
 * to four sections. The best page's sections often fill the first eight, so more are kept for "More on this".
 */
const HITS_PER_QUESTION = 30;

export interface Retrieval {
  hits: Hit[];
  composed: ComposedAnswer;
}

/** Ranks the sections for a question (and its thread) and composes the answer without a model. */
export function retrieve(index: SearchIndex, question: string, history: string[], searchUrl: string): Retrieval {
  const query = analyzeQuery(index, question, history);
  const hits = search(index, query, HITS_PER_QUESTION);
  return { hits, composed: composeAnswer(index, query, question, hits, searchUrl) };
}

async function stream(text: string, sink: AnswerSink): Promise<void> {
  for (const piece of chunkText(text)) await sink.chunk(piece);
}

export async function answerQuestion(
  frame: QueryFrame,
  corpus: LoadedCorpus,
  config: Config,
  logger: Logger,
  signal: AbortSignal,
  sink: AnswerSink,
): Promise<AnswerInfo> {
  const history = frame.history ?? [];
  const { hits, composed } = retrieve(
    corpus.index,
    frame.question,
    history.map((turn) => turn.q),
    config.searchUrl,
  );
  const topScore = hits[0]?.score ?? 0;

  // The model only gets questions the docs can answer: a weak match is not sent to be guessed at.
  if (!config.llm || isWeak(hits)) {
    await stream(composed.text, sink);
    sink.sources(composed.sources);
    return { mode: composed.weak ? 'weak' : 'composed', topScore, sources: composed.sources.length };
  }

  const best = hits[0]!.score;
  const passages: Hit[] = hits.filter((hit) => hit.score >= best * LLM_MIN_RATIO).slice(0, LLM_PASSAGES);
  let streamed = false;
  try {
    for await (const token of streamChat(config.llm, buildMessages(frame.question, passages, history), signal)) {
      streamed = true;
      await sink.chunk(token);
    }
    if (!streamed) throw new Error('the model returned an empty answer');
    const sources = passages.map((hit) => ({ title: sourceTitle(hit.section), url: hit.section.url }));
    sink.sources(sources);
    return { mode: 'llm', topScore, sources: sources.length };
  } catch (err) {
    if (signal.aborted) throw err;
    logger.warn({ id: frame.id, err: (err as Error).message, streamed }, 'llm failed, falling back to composed answer');
    await stream((streamed ? CUT_OFF_NOTE : FALLBACK_NOTE) + composed.text, sink);
    sink.sources(composed.sources);
    return { mode: 'fallback', topScore, sources: composed.sources.length };
  }
}
