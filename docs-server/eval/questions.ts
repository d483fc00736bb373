import { readFileSync } from 'node:fs';

/**
 * The answer-quality evaluation: questions a reader might ask the docs assistant, each with
 * the pages that answer it. Our own set is own.json (tuned against; the held-out sets are
 * heldout.json and former-heldout.json, read by evaluate.ts). Pages are doc paths under /docs/2.0/ (the .mdx path without its
 * extension); any section of one of them counts as a right source. `mentions` is a phrase that
 * every listed page contains (case-insensitive): eval.test.ts checks it, so a page that was
 * moved or rewritten away from the subject shows up as a broken question, not a ranking miss.
 */
export interface EvalQuestion {
  /** The docs section the question is about (for the report). */
  area: string;
  question: string;
  pages: string[];
  mentions: string;
  /**
   * What a useful answer must contain (an identifier, command or value), matched without case;
   * `mentions` when not given. One of the pages contains it.
   */
  fact?: string;
}

export const factOf = (question: EvalQuestion): string => question.fact ?? question.mentions;

/** Our own set: questions in the pages' words and in readers' (forums, issue trackers: symptoms, goals, "can I…"). */
export const QUESTIONS: EvalQuestion[] = JSON.parse(
  readFileSync(new URL('./own.json', import.meta.url), 'utf8'),
) as EvalQuestion[];
