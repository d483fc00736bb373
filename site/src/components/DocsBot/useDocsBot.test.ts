import { describe, expect, it } from 'vitest';
import { INTERRUPTED, type Thread, type Turn } from './thread';
import { botReducer, commentProblem, questionProblem, type BotAction, type BotState } from './useDocsBot';

const waiting = (id: string, question = 'Q?'): Turn => ({ id, question, answer: '', sources: [], status: 'waiting' });
const state = (turns: Turn[]): BotState => ({
  thread: { id: 'abc', seq: turns.length, turns } satisfies Thread,
  connection: { kind: 'connected' },
});
const frame = (f: Extract<BotAction, { type: 'frame' }>['frame']): BotAction => ({
  type: 'frame',
  frame: f,
  now: 1000,
});
const run = (start: BotState, actions: BotAction[]) => actions.reduce(botReducer, start);

describe('botReducer', () => {
  it('streams chunks into the turn with that id, then sources, then done', () => {
    const end = run(state([waiting('a-1'), waiting('a-2')]), [
      frame({ type: 'chunk', id: 'a-2', text: 'Use a ' }),
      frame({ type: 'chunk', id: 'a-2', text: 'permission [1].' }),
      frame({ type: 'sources', id: 'a-2', sources: [{ title: 'P', url: '/docs/2.0/p/' }] }),
      frame({ type: 'done', id: 'a-2' }),
    ]);
    expect(end.thread.turns[0]).toEqual(waiting('a-1'));
    expect(end.thread.turns[1]).toMatchObject({
      answer: 'Use a permission [1].',
      sources: [{ title: 'P', url: '/docs/2.0/p/' }],
      status: 'done',
    });
  });

  it('ignores frames for unknown or finished answers (for example after the thread was cleared)', () => {
    const start = state([{ ...waiting('a-1'), status: 'done', answer: 'Done.' }]);
    const end = run(start, [
      frame({ type: 'chunk', id: 'a-1', text: ' more' }),
      frame({ type: 'chunk', id: 'old-7', text: 'stray' }),
      frame({ type: 'done', id: 'old-7' }),
    ]);
    expect(end).toBe(start);
  });

  it('fails the answer on an error frame, with the retry time for rate_limited', () => {
    const end = run(state([waiting('a-1')]), [
      frame({
        type: 'error',
        id: 'a-1',
        code: 'rate_limited',
        message: 'Too many messages; slow down.',
        retryAfterMs: 2400,
      }),
    ]);
    expect(end.thread.turns[0]).toMatchObject({
      status: 'failed',
      error: { code: 'rate_limited', message: 'Too many messages; slow down.', retryAt: 3400 },
    });
  });

  it('shows an error without an id as a notice, and clears it on the next question', () => {
    const noticed = run(state([]), [
      frame({ type: 'error', code: 'bad_request', message: 'The frame is not valid JSON.' }),
    ]);
    expect(noticed.notice).toBe('The frame is not valid JSON.');
    const asked = botReducer(noticed, { type: 'asked', seq: 1, turn: waiting('abc-1') });
    expect(asked.notice).toBeUndefined();
    expect(asked.thread.seq).toBe(1);
  });

  it('marks answers in flight as interrupted and unsent feedback as not sent when the connection drops', () => {
    const done: Turn = { ...waiting('a-1'), status: 'done', answer: 'Yes.', feedback: 'sending' };
    const streaming: Turn = { ...waiting('a-2'), status: 'streaming', answer: 'Half' };
    const end = botReducer(state([done, streaming]), {
      type: 'connection',
      state: { kind: 'reconnecting', failures: 1, retryAt: 0 },
    });
    expect(end.connection.kind).toBe('reconnecting');
    expect(end.thread.turns[0]).toMatchObject({ status: 'done', feedback: undefined });
    expect(end.thread.turns[0]!.feedbackError).toMatch(/Not sent/);
    expect(end.thread.turns[1]).toMatchObject({
      status: 'failed',
      answer: 'Half',
      error: { code: 'interrupted', message: INTERRUPTED },
    });
  });

  it('tracks feedback until the server acknowledges it, or says why it failed', () => {
    const done: Turn = { ...waiting('a-1'), status: 'done', answer: 'Yes.' };
    const sending = botReducer(state([done]), { type: 'feedback', id: 'a-1', rating: 'down' });
    expect(sending.thread.turns[0]!).toMatchObject({ feedback: 'sending', rating: 'down' });
    expect(botReducer(state([done]), { type: 'feedback', id: 'a-1', rating: 'up' }).thread.turns[0]!.rating).toBe('up');
    expect(botReducer(sending, frame({ type: 'ack', id: 'a-1' })).thread.turns[0]!.feedback).toBe('sent');
    const refused = botReducer(
      sending,
      frame({ type: 'error', id: 'a-1', code: 'rate_limited', message: 'Slow down.', retryAfterMs: 500 }),
    );
    expect(refused.thread.turns[0]).toMatchObject({ status: 'done', feedback: undefined, feedbackError: 'Slow down.' });
  });

  it('restarts a failed turn under a new id when retried', () => {
    const failed: Turn = {
      ...waiting('a-1'),
      status: 'failed',
      answer: 'Ha',
      error: { code: 'interrupted', message: 'x' },
    };
    const end = botReducer(state([failed]), { type: 'retried', index: 0, id: 'abc-2', seq: 2 });
    expect(end.thread.turns[0]).toEqual({
      id: 'abc-2',
      question: 'Q?',
      answer: '',
      sources: [],
      status: 'waiting',
      error: undefined,
      feedback: undefined,
    });
    expect(end.thread.seq).toBe(2);
  });
});

describe('input checks', () => {
  it('explains empty and too long questions, counting characters as readers see them', () => {
    expect(questionProblem('   ')).toBe('Type a question first.');
    expect(questionProblem('😀'.repeat(1000))).toBeUndefined();
    expect(questionProblem('😀'.repeat(1001))).toMatch(/up to 1000 characters; this one has 1001/);
    expect(commentProblem('')).toBeUndefined();
    expect(commentProblem('x'.repeat(1001))).toMatch(/up to 1000 characters/);
  });
});
