/**
 * The docs bot wire protocol: JSON text frames over one websocket.
 *
 * This file is shared with the site's widget (it imports the types), so it has no
 * runtime dependencies. Change PROTOCOL_VERSION when a change would break the other side.
 *
 * Client → server
 *   { "type": "query", "id": string, "question": string (1..1000 chars), "history"?: [{ "q", "a" }] }
 *   { "type": "feedback", "id": string, "rating": "up" | "down", "comment"?: string (≤ 1000 chars) }
 *     `id` of a feedback frame is the id of the answer it is about.
 *
 * Server → client, for a query (in this order)
 *   { "type": "chunk", "id", "text" }           zero or more; concatenate the texts (Markdown)
 *   { "type": "sources", "id", "sources": [{ "title", "url" }] }
 *   { "type": "done", "id" }
 * Server → client, for a feedback frame
 *   { "type": "ack", "id" }
 * Server → client, when something is wrong (the connection stays open)
 *   { "type": "error", "id"?, "code", "message", "retryAfterMs"? }
 *     bad_request   the frame is not valid JSON, not a known type, or has a wrong field
 *     too_long      the question is over MAX_QUESTION_CHARS characters
 *     rate_limited  too many frames; retryAfterMs says when to try again
 *     unavailable   the server cannot answer now (corpus missing, shutting down, internal error)
 *   An error frame with an id ends that query: no chunk, sources or done follow it.
 *
 * Transport limits: a frame over MAX_FRAME_BYTES closes the connection with code 1009;
 * binary frames get bad_request.
 */

export const PROTOCOL_VERSION = 1;

/** Largest frame the server reads (bytes); larger frames close the connection with 1009. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Longest question, in characters (Unicode code points). */
export const MAX_QUESTION_CHARS = 1000;
/** Longest feedback comment, in characters. */
export const MAX_COMMENT_CHARS = 1000;
/** Longest id a client may choose. */
export const MAX_ID_CHARS = 128;
/** Most history turns a query may carry (older turns are the client's to drop). */
export const MAX_HISTORY_TURNS = 20;

export interface HistoryTurn {
  q: string;
  a: string;
}

export interface QueryFrame {
  type: 'query';
  id: string;
  question: string;
  history?: HistoryTurn[];
}

export interface FeedbackFrame {
  type: 'feedback';
  id: string;
  rating: 'up' | 'down';
  comment?: string;
}

export type ClientFrame = QueryFrame | FeedbackFrame;

export interface Source {
  title: string;
  url: string;
}

export interface ChunkFrame {
  type: 'chunk';
  id: string;
  text: string;
}

export interface SourcesFrame {
  type: 'sources';
  id: string;
  sources: Source[];
}

export interface DoneFrame {
  type: 'done';
  id: string;
}

export interface AckFrame {
  type: 'ack';
  id: string;
}

export type ErrorCode = 'bad_request' | 'too_long' | 'rate_limited' | 'unavailable';

export interface ErrorFrame {
  type: 'error';
  id?: string;
  code: ErrorCode;
  message: string;
  /** Only with rate_limited: milliseconds to wait before sending again. */
  retryAfterMs?: number;
}

export type ServerFrame = ChunkFrame | SourcesFrame | DoneFrame | AckFrame | ErrorFrame;

export type ParseResult<T> = { ok: true; frame: T } | { ok: false; code: ErrorCode; message: string; id?: string };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Counts code points, so an emoji is one character as a reader sees it. */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * Replaces lone UTF-16 surrogates (valid in JSON as "\ud800" escapes) with U+FFFD, so no
 * later step (URL encoding, logging, the model request) trips over a half character.
 */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function fail(code: ErrorCode, message: string, id?: string): ParseResult<never> {
  return id === undefined ? { ok: false, code, message } : { ok: false, code, message, id };
}

function validId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_CHARS;
}

/**
 * Parses and validates one client frame. Never throws: every problem becomes a
 * result with the error code and a message that says what to fix. The id is
 * echoed back when the frame had a usable one, so the client can match the error.
 */
export function parseClientFrame(raw: string): ParseResult<ClientFrame> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return fail('bad_request', 'The frame is not valid JSON.');
  }
  if (!isObject(data)) return fail('bad_request', 'The frame must be a JSON object.');

  const id = validId(data.id) ? data.id : undefined;
  if (data.type === 'query') return parseQuery(data, id);
  if (data.type === 'feedback') return parseFeedback(data, id);
  if (typeof data.type !== 'string') return fail('bad_request', 'The frame has no "type".', id);
  return fail('bad_request', 'Unknown frame type; expected "query" or "feedback".', id);
}

function parseQuery(data: Json, id: string | undefined): ParseResult<QueryFrame> {
  if (id === undefined) {
    return fail('bad_request', `"id" must be a string of 1 to ${MAX_ID_CHARS} characters.`);
  }
  const { question, history } = data;
  if (typeof question !== 'string') return fail('bad_request', '"question" must be a string.', id);
  if (question.trim() === '') return fail('bad_request', '"question" is empty.', id);
  if (charCount(question) > MAX_QUESTION_CHARS) {
    return fail('too_long', `The question is over ${MAX_QUESTION_CHARS} characters.`, id);
  }
  const frame: QueryFrame = { type: 'query', id, question: wellFormed(question) };
  if (history !== undefined) {
    if (!Array.isArray(history) || history.length > MAX_HISTORY_TURNS) {
      return fail('bad_request', `"history" must be an array of at most ${MAX_HISTORY_TURNS} turns.`, id);
    }
    const turns: HistoryTurn[] = [];
    for (const turn of history) {
      if (!isObject(turn) || typeof turn.q !== 'string' || typeof turn.a !== 'string') {
        return fail('bad_request', 'Each "history" turn must be { "q": string, "a": string }.', id);
      }
      turns.push({ q: wellFormed(turn.q), a: wellFormed(turn.a) });
    }
    frame.history = turns;
  }
  return { ok: true, frame };
}

function parseFeedback(data: Json, id: string | undefined): ParseResult<FeedbackFrame> {
  if (id === undefined) {
    return fail('bad_request', `"id" must be a string of 1 to ${MAX_ID_CHARS} characters.`);
  }
  if (data.rating !== 'up' && data.rating !== 'down')
    return fail('bad_request', '"rating" must be "up" or "down".', id);
  const frame: FeedbackFrame = { type: 'feedback', id, rating: data.rating };
  if (data.comment !== undefined) {
    if (typeof data.comment !== 'string') return fail('bad_request', '"comment" must be a string.', id);
    if (charCount(data.comment) > MAX_COMMENT_CHARS) {
      return fail('too_long', `The comment is over ${MAX_COMMENT_CHARS} characters.`, id);
    }
    frame.comment = wellFormed(data.comment);
  }
  return { ok: true, frame };
}

const ERROR_CODES: readonly string[] = ['bad_request', 'too_long', 'rate_limited', 'unavailable'];

/** Validates a server frame: for the widget, which should not trust the wire either. */
export function parseServerFrame(raw: string): ServerFrame | undefined {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isObject(data)) return undefined;
  const id = typeof data.id === 'string' ? data.id : undefined;
  switch (data.type) {
    case 'chunk':
      return id !== undefined && typeof data.text === 'string' ? { type: 'chunk', id, text: data.text } : undefined;
    case 'sources': {
      if (id === undefined || !Array.isArray(data.sources)) return undefined;
      const sources: Source[] = [];
      for (const s of data.sources) {
        if (!isObject(s) || typeof s.title !== 'string' || typeof s.url !== 'string') return undefined;
        sources.push({ title: s.title, url: s.url });
      }
      return { type: 'sources', id, sources };
    }
    case 'done':
    case 'ack':
      return id !== undefined ? { type: data.type, id } : undefined;
    case 'error': {
      if (typeof data.code !== 'string' || !ERROR_CODES.includes(data.code)) return undefined;
      if (typeof data.message !== 'string') return undefined;
      const frame: ErrorFrame = { type: 'error', code: data.code as ErrorCode, message: data.message };
      if (id !== undefined) frame.id = id;
      if (typeof data.retryAfterMs === 'number') frame.retryAfterMs = data.retryAfterMs;
      return frame;
    }
    default:
      return undefined;
  }
}
