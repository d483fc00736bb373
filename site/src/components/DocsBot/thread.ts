import { DOCS_BOT } from './settings';
import { MAX_FRAME_BYTES, MAX_HISTORY_TURNS, type ErrorCode, type QueryFrame, type Source } from './protocol';

/**
 * The conversation: its turns, kept in localStorage per docs version so that it survives
 * reloads and navigation, and the query frames built from it.
 */

export type TurnError = {
  /** A server error code, or "interrupted" when the connection dropped mid-answer. */
  code: ErrorCode | 'interrupted';
  message: string;
  /** When the question may be sent again (epoch ms), after rate_limited. */
  retryAt?: number;
};

export interface Turn {
  /** The query id of this turn's answer; feedback frames carry it. A retry gets a new one. */
  id: string;
  question: string;
  /** Markdown, joined from the chunk frames. */
  answer: string;
  sources: Source[];
  status: 'waiting' | 'streaming' | 'done' | 'failed';
  error?: TurnError;
  /** Feedback on the answer: on its way, or acknowledged by the server. */
  feedback?: 'sending' | 'sent';
  /** Which feedback: helpful (up) or not (down). */
  rating?: 'up' | 'down';
  /** Why the feedback was not sent (not stored). */
  feedbackError?: string;
}

export interface Thread {
  id: string;
  /** Number of queries sent in this thread, so every query id is new. */
  seq: number;
  turns: Turn[];
}

/** A random id of letters and digits (safe in URLs and in the server's id and userId rules). */
export function randomId(length = 16): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

export function newThread(): Thread {
  return { id: randomId(), seq: 0, turns: [] };
}

/** The next query id in a thread. */
export function nextQueryId(thread: Thread): { id: string; seq: number } {
  const seq = thread.seq + 1;
  return { id: `${thread.id}-${seq}`, seq };
}

export const threadKey = (version: string) => `${DOCS_BOT.threadStoragePrefix}${version}`;

/** localStorage, or undefined where it is blocked (some privacy modes throw on access). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';

function readTurn(value: unknown): Turn | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const t = value as Record<string, unknown>;
  if (!isString(t.id) || !isString(t.question) || !isString(t.answer) || !Array.isArray(t.sources)) return undefined;
  const sources = t.sources.filter(
    (s): s is Source => typeof s === 'object' && s !== null && isString(s.title) && isString(s.url),
  );
  const turn: Turn = { id: t.id, question: t.question, answer: t.answer, sources, status: 'done' };
  if (t.status === 'failed' && typeof t.error === 'object' && t.error !== null) {
    const error = t.error as Record<string, unknown>;
    turn.status = 'failed';
    turn.error = { code: 'interrupted', message: isString(error.message) ? error.message : 'This answer failed.' };
    if (isString(error.code)) turn.error.code = error.code as TurnError['code'];
  } else if (t.status !== 'done') {
    // The page was left while this answer was on its way: it will never finish now.
    turn.status = 'failed';
    turn.error = { code: 'interrupted', message: INTERRUPTED };
  }
  if (t.feedback === 'sent') turn.feedback = 'sent';
  return turn;
}

export const INTERRUPTED = 'The connection dropped before this answer was complete.';

/** The stored thread of a docs version; a fresh one when there is none or it is unreadable. */
export function loadThread(storage: Storage | undefined, version: string): Thread {
  let data: unknown;
  try {
    data = JSON.parse(storage?.getItem(threadKey(version)) ?? 'null');
  } catch {
    return newThread();
  }
  if (typeof data !== 'object' || data === null) return newThread();
  const { id, seq, turns } = data as Record<string, unknown>;
  if (!isString(id) || !/^[a-z0-9]{1,64}$/.test(id) || !Array.isArray(turns)) return newThread();
  const read = turns.map(readTurn).filter((t): t is Turn => t !== undefined);
  return {
    id,
    seq: typeof seq === 'number' && Number.isInteger(seq) && seq >= read.length ? seq : read.length,
    turns: read,
  };
}

/** Stores the thread (its newest turns). Returns false when storage is full or blocked. */
export function saveThread(storage: Storage | undefined, version: string, thread: Thread): boolean {
  if (!storage) return false;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- feedbackError is left out on purpose
  const turns = thread.turns.slice(-DOCS_BOT.maxStoredTurns).map(({ error, feedbackError, ...turn }) => {
    // Retry deadlines mean nothing after a reload.
    return error ? { ...turn, error: { code: error.code, message: error.message } } : turn;
  });
  try {
    storage.setItem(threadKey(version), JSON.stringify({ id: thread.id, seq: thread.seq, turns }));
    return true;
  } catch {
    return false;
  }
}

export function clearThread(storage: Storage | undefined, version: string): Thread {
  try {
    storage?.removeItem(threadKey(version));
  } catch {
    // Blocked storage: nothing was stored either.
  }
  return newThread();
}

/** The reader's anonymous id: random, kept in storage so the server's logs can group a reader's questions. */
export function readerId(storage: Storage | undefined): string {
  try {
    const stored = storage?.getItem(DOCS_BOT.userIdStorageKey);
    if (stored && /^[a-z0-9]{8,64}$/.test(stored)) return stored;
    const id = randomId();
    storage?.setItem(DOCS_BOT.userIdStorageKey, id);
    return id;
  } catch {
    return randomId();
  }
}

/** Longest earlier answer sent as history; the start of an answer says what it was about. */
const HISTORY_ANSWER_CHARS = 1500;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * The query frame for a question, with the answered turns before it as history: the newest
 * DOCS_BOT.historyTurns of them, dropping the oldest until the frame fits in MAX_FRAME_BYTES.
 */
export function queryFrame(id: string, question: string, earlier: readonly Turn[]): QueryFrame {
  const history = earlier
    .filter((t) => t.status === 'done' && t.answer !== '')
    .slice(-Math.min(DOCS_BOT.historyTurns, MAX_HISTORY_TURNS))
    .map((t) => ({ q: t.question, a: Array.from(t.answer).slice(0, HISTORY_ANSWER_CHARS).join('') }));
  for (;;) {
    const frame: QueryFrame =
      history.length > 0 ? { type: 'query', id, question, history } : { type: 'query', id, question };
    if (history.length === 0 || byteLength(JSON.stringify(frame)) <= MAX_FRAME_BYTES) return frame;
    history.shift();
  }
}
