import { useCallback, useEffect, useReducer, useRef } from 'react';
import { BotConnection, type ConnectionState } from './connection';
import { charCount, MAX_COMMENT_CHARS, MAX_QUESTION_CHARS, type ServerFrame } from './protocol';
import {
  browserStorage,
  clearThread,
  INTERRUPTED,
  loadThread,
  nextQueryId,
  queryFrame,
  saveThread,
  type Thread,
  type Turn,
} from './thread';

/** The widget's state: the thread, the connection, and a notice for errors that belong to no answer. */
export interface BotState {
  thread: Thread;
  connection: ConnectionState;
  notice?: string;
}

export type BotAction =
  | { type: 'connection'; state: ConnectionState }
  | { type: 'frame'; frame: ServerFrame; now: number }
  | { type: 'asked'; turn: Turn; seq: number }
  | { type: 'retried'; index: number; id: string; seq: number }
  | { type: 'feedback'; id: string; rating: 'up' | 'down' }
  | { type: 'feedback-unsent'; id: string; message: string }
  | { type: 'cleared'; thread: Thread };

/** A turn whose answer is still expected. */
export const isOpen = (turn: Turn) => turn.status === 'waiting' || turn.status === 'streaming';

function updateTurn(state: BotState, id: string, change: (turn: Turn) => Turn | undefined): BotState {
  let changed = false;
  const turns = state.thread.turns.map((turn) => {
    if (turn.id !== id) return turn;
    const next = change(turn);
    if (!next) return turn;
    changed = true;
    return next;
  });
  return changed ? { ...state, thread: { ...state.thread, turns } } : state;
}

export function botReducer(state: BotState, action: BotAction): BotState {
  switch (action.type) {
    case 'connection': {
      const next = { ...state, connection: action.state };
      if (action.state.kind === 'connected' || state.connection.kind !== 'connected') return next;
      // The connection dropped: answers in flight will never finish, feedback on its way is lost.
      const turns = state.thread.turns.map((turn): Turn => {
        if (isOpen(turn)) return { ...turn, status: 'failed', error: { code: 'interrupted', message: INTERRUPTED } };
        if (turn.feedback === 'sending') {
          return { ...turn, feedback: undefined, feedbackError: 'Not sent: the connection dropped. Try again.' };
        }
        return turn;
      });
      return { ...next, thread: { ...state.thread, turns } };
    }
    case 'frame': {
      const { frame } = action;
      switch (frame.type) {
        case 'chunk':
          return updateTurn(state, frame.id, (t) =>
            isOpen(t) ? { ...t, status: 'streaming', answer: t.answer + frame.text } : undefined,
          );
        case 'sources':
          return updateTurn(state, frame.id, (t) => (isOpen(t) ? { ...t, sources: frame.sources } : undefined));
        case 'done':
          return updateTurn(state, frame.id, (t) => (isOpen(t) ? { ...t, status: 'done' } : undefined));
        case 'ack':
          return updateTurn(state, frame.id, (t) =>
            t.feedback === 'sending' ? { ...t, feedback: 'sent' } : undefined,
          );
        case 'error': {
          if (frame.id === undefined) return { ...state, notice: frame.message };
          const retryAt =
            frame.code === 'rate_limited' && frame.retryAfterMs !== undefined
              ? action.now + frame.retryAfterMs
              : undefined;
          return updateTurn(state, frame.id, (t) => {
            if (isOpen(t)) {
              return { ...t, status: 'failed', error: { code: frame.code, message: frame.message, retryAt } };
            }
            if (t.feedback === 'sending') return { ...t, feedback: undefined, feedbackError: frame.message };
            return undefined;
          });
        }
      }
      return state;
    }
    case 'asked':
      return {
        ...state,
        notice: undefined,
        thread: { ...state.thread, seq: action.seq, turns: [...state.thread.turns, action.turn] },
      };
    case 'retried': {
      const turns = state.thread.turns.map((turn, i): Turn =>
        i === action.index
          ? {
              ...turn,
              id: action.id,
              answer: '',
              sources: [],
              status: 'waiting',
              error: undefined,
              feedback: undefined,
            }
          : turn,
      );
      return { ...state, notice: undefined, thread: { ...state.thread, seq: action.seq, turns } };
    }
    case 'feedback':
      return updateTurn(state, action.id, (t) => ({
        ...t,
        feedback: 'sending',
        rating: action.rating,
        feedbackError: undefined,
      }));
    case 'feedback-unsent':
      return updateTurn(state, action.id, (t) => ({ ...t, feedbackError: action.message }));
    case 'cleared':
      return { ...state, notice: undefined, thread: action.thread };
  }
}

/** Why a question cannot be sent as typed, or undefined when it can. */
export function questionProblem(question: string): string | undefined {
  if (question.trim() === '') return 'Type a question first.';
  const chars = charCount(question);
  if (chars > MAX_QUESTION_CHARS) {
    return `Questions can be up to ${MAX_QUESTION_CHARS} characters; this one has ${chars}. Shorten it a little.`;
  }
  return undefined;
}

export function commentProblem(comment: string): string | undefined {
  const chars = charCount(comment);
  return chars > MAX_COMMENT_CHARS
    ? `Comments can be up to ${MAX_COMMENT_CHARS} characters; this one has ${chars}.`
    : undefined;
}

const NOT_CONNECTED = 'The assistant is not connected right now; your text is kept, send it once it is back.';

/** The assistant's state and actions for one docs version, talking to `url`. */
export function useDocsBot(version: string, url: string) {
  const [state, dispatch] = useReducer(botReducer, version, (v): BotState => ({
    thread: loadThread(browserStorage(), v),
    connection: { kind: 'connecting' },
  }));
  const latest = useRef(state);
  latest.current = state;
  const connection = useRef<BotConnection | undefined>(undefined);

  useEffect(() => {
    const conn = new BotConnection(url, {
      onState: (s) => dispatch({ type: 'connection', state: s }),
      onFrame: (frame) => dispatch({ type: 'frame', frame, now: Date.now() }),
    });
    connection.current = conn;
    conn.start();
    return () => conn.stop();
  }, [url]);

  // Stored after every change except each streamed chunk; a reload mid-answer shows it as interrupted.
  useEffect(() => {
    if (!state.thread.turns.some((t) => t.status === 'streaming')) saveThread(browserStorage(), version, state.thread);
  }, [state.thread, version]);

  /** Sends a question; returns why it was not sent, or undefined. */
  const ask = useCallback((question: string): string | undefined => {
    const problem = questionProblem(question);
    if (problem) return problem;
    const { thread } = latest.current;
    if (thread.turns.some(isOpen)) return 'Wait for the current answer to finish.';
    const { id, seq } = nextQueryId(thread);
    if (!connection.current?.send(queryFrame(id, question, thread.turns))) return NOT_CONNECTED;
    dispatch({ type: 'asked', seq, turn: { id, question, answer: '', sources: [], status: 'waiting' } });
    return undefined;
  }, []);

  /** Asks a failed turn's question again, with the turns before it as history. */
  const retry = useCallback((index: number): string | undefined => {
    const { thread } = latest.current;
    const turn = thread.turns[index];
    if (!turn || turn.status !== 'failed') return undefined;
    if (thread.turns.some(isOpen)) return 'Wait for the current answer to finish.';
    const { id, seq } = nextQueryId(thread);
    if (!connection.current?.send(queryFrame(id, turn.question, thread.turns.slice(0, index)))) return NOT_CONNECTED;
    dispatch({ type: 'retried', index, id, seq });
    return undefined;
  }, []);

  /** Sends feedback (helpful or not), with an optional comment, about the answer `id`. */
  const sendFeedback = useCallback((id: string, rating: 'up' | 'down', comment = ''): void => {
    const problem = commentProblem(comment);
    if (problem) return dispatch({ type: 'feedback-unsent', id, message: problem });
    const text = comment.trim();
    const sent = connection.current?.send(
      text ? { type: 'feedback', id, rating, comment: text } : { type: 'feedback', id, rating },
    );
    dispatch(sent ? { type: 'feedback', id, rating } : { type: 'feedback-unsent', id, message: NOT_CONNECTED });
  }, []);

  const clear = useCallback(
    () => dispatch({ type: 'cleared', thread: clearThread(browserStorage(), version) }),
    [version],
  );
  const reconnectNow = useCallback(() => connection.current?.retryNow(), []);

  return { state, ask, retry, sendFeedback, clear, reconnectNow };
}
