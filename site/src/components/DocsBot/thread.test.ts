import { beforeEach, describe, expect, it } from 'vitest';
import { DOCS_BOT } from './settings';
import { MAX_FRAME_BYTES, parseServerFrame } from './protocol';
import {
  clearThread,
  INTERRUPTED,
  loadThread,
  newThread,
  nextQueryId,
  queryFrame,
  readerId,
  saveThread,
  threadKey,
  type Thread,
  type Turn,
} from './thread';
import { parseClientFrame } from 'docs-server/protocol';

const turn = (n: number, extra: Partial<Turn> = {}): Turn => ({
  id: `t-${n}`,
  question: `Question ${n}?`,
  answer: `Answer ${n} [1]`,
  sources: [{ title: `Page ${n}`, url: `/docs/2.0/page-${n}/` }],
  status: 'done',
  ...extra,
});

beforeEach(() => localStorage.clear());

describe('thread storage', () => {
  it('starts a fresh thread when nothing is stored', () => {
    const thread = loadThread(localStorage, 'v2.x');
    expect(thread.turns).toEqual([]);
    expect(thread.seq).toBe(0);
    expect(thread.id).toMatch(/^[a-z0-9]{16}$/);
    expect(newThread().id).not.toBe(thread.id);
  });

  it('keeps one thread per docs version, under the key from its settings', () => {
    const docs: Thread = { id: 'docsthread', seq: 2, turns: [turn(1), turn(2)] };
    const wiki: Thread = { id: 'wikithread', seq: 1, turns: [turn(3)] };
    expect(saveThread(localStorage, 'v2.x', docs)).toBe(true);
    expect(saveThread(localStorage, 'Next', wiki)).toBe(true);
    expect(threadKey('v2.x')).toBe(`${DOCS_BOT.threadStoragePrefix}v2.x`);
    expect(localStorage.getItem('docsbot.thread.v2.x')).not.toBeNull();
    expect(loadThread(localStorage, 'v2.x')).toEqual(docs);
    expect(loadThread(localStorage, 'Next')).toEqual(wiki);
  });

  it('turns answers that were still on their way into interrupted ones', () => {
    const thread: Thread = {
      id: 'abc',
      seq: 3,
      turns: [
        turn(1),
        turn(2, { status: 'streaming', answer: 'Half an ans' }),
        turn(3, { status: 'waiting', answer: '' }),
      ],
    };
    saveThread(localStorage, 'v2.x', thread);
    const loaded = loadThread(localStorage, 'v2.x');
    expect(loaded.turns.map((t) => t.status)).toEqual(['done', 'failed', 'failed']);
    expect(loaded.turns[1]!.error).toEqual({ code: 'interrupted', message: INTERRUPTED });
    expect(loaded.turns[1]!.answer).toBe('Half an ans');
  });

  it('keeps errors and sent feedback, but not retry deadlines or feedback still sending', () => {
    const thread: Thread = {
      id: 'abc',
      seq: 2,
      turns: [
        turn(1, { feedback: 'sent' }),
        turn(2, {
          status: 'failed',
          error: { code: 'rate_limited', message: 'Slow down.', retryAt: Date.now() + 5000 },
        }),
        turn(3, { feedback: 'sending' }),
      ],
    };
    saveThread(localStorage, 'v2.x', thread);
    const loaded = loadThread(localStorage, 'v2.x');
    expect(loaded.turns[0]!.feedback).toBe('sent');
    expect(loaded.turns[1]!.error).toEqual({ code: 'rate_limited', message: 'Slow down.' });
    expect(loaded.turns[2]!.feedback).toBeUndefined();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '42'],
    ['a bad id', JSON.stringify({ id: '<script>', seq: 0, turns: [] })],
    ['no turns', JSON.stringify({ id: 'abc', seq: 0 })],
  ])('starts afresh when the stored value is %s', (_what, stored) => {
    localStorage.setItem(threadKey('v2.x'), stored);
    const thread = loadThread(localStorage, 'v2.x');
    expect(thread.turns).toEqual([]);
    expect(thread.id).toMatch(/^[a-z0-9]{16}$/);
  });

  it('drops stored turns that are malformed and keeps the good ones', () => {
    localStorage.setItem(
      threadKey('v2.x'),
      JSON.stringify({
        id: 'abc',
        seq: 5,
        turns: [turn(1), { id: 1 }, null, turn(2, { sources: [{ title: 1 }] as never })],
      }),
    );
    const loaded = loadThread(localStorage, 'v2.x');
    expect(loaded.turns.map((t) => t.id)).toEqual(['t-1', 't-2']);
    expect(loaded.turns[1]!.sources).toEqual([]);
  });

  it('stores only the newest turns', () => {
    const turns = Array.from({ length: DOCS_BOT.maxStoredTurns + 5 }, (_, i) => turn(i));
    saveThread(localStorage, 'v2.x', { id: 'abc', seq: turns.length, turns });
    const loaded = loadThread(localStorage, 'v2.x');
    expect(loaded.turns).toHaveLength(DOCS_BOT.maxStoredTurns);
    expect(loaded.turns[0]!.id).toBe('t-5');
    expect(loaded.seq).toBe(turns.length);
  });

  it('clears one version’s thread and leaves the other', () => {
    saveThread(localStorage, 'v2.x', { id: 'docs', seq: 1, turns: [turn(1)] });
    saveThread(localStorage, 'Next', { id: 'wiki', seq: 1, turns: [turn(2)] });
    const fresh = clearThread(localStorage, 'v2.x');
    expect(fresh.turns).toEqual([]);
    expect(fresh.id).not.toBe('docs');
    expect(localStorage.getItem(threadKey('v2.x'))).toBeNull();
    expect(loadThread(localStorage, 'Next').id).toBe('wiki');
  });

  it('survives full or missing storage', () => {
    const full = {
      ...localStorage,
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    expect(saveThread(full, 'v2.x', newThread())).toBe(false);
    expect(clearThread(full, 'v2.x').turns).toEqual([]);
    expect(saveThread(undefined, 'v2.x', newThread())).toBe(false);
    expect(loadThread(undefined, 'v2.x').turns).toEqual([]);
    expect(readerId(full)).toMatch(/^[a-z0-9]{16}$/);
  });

  it('gives the reader one anonymous id that lasts', () => {
    const id = readerId(localStorage);
    expect(id).toMatch(/^[a-z0-9]{16}$/);
    expect(localStorage.getItem(DOCS_BOT.userIdStorageKey)).toBe(id);
    expect(readerId(localStorage)).toBe(id);
    localStorage.setItem(DOCS_BOT.userIdStorageKey, 'bad id!');
    expect(readerId(localStorage)).not.toBe('bad id!');
  });
});

describe('query frames', () => {
  it('numbers queries within the thread', () => {
    const thread: Thread = { id: 'abc', seq: 4, turns: [] };
    expect(nextQueryId(thread)).toEqual({ id: 'abc-5', seq: 5 });
  });

  it('sends the newest answered turns as history, and no history on a first question', () => {
    expect(queryFrame('q', 'First?', [])).toEqual({ type: 'query', id: 'q', question: 'First?' });
    const earlier = [...Array.from({ length: 8 }, (_, i) => turn(i)), turn(99, { status: 'failed', answer: '' })];
    const frame = queryFrame('q', 'And then?', earlier);
    expect(frame.history!.map((h) => h.q)).toEqual(
      Array.from({ length: DOCS_BOT.historyTurns }, (_, i) => `Question ${8 - DOCS_BOT.historyTurns + i}?`),
    );
    expect(frame.history![0]!.a).toBe(`Answer ${8 - DOCS_BOT.historyTurns} [1]`);
  });

  it('keeps the frame under the server’s size limit, dropping the oldest turns first', () => {
    // Long answers in four-byte characters: six of them would be far over 16 KiB.
    const long = '𝔸'.repeat(3000);
    const earlier = Array.from({ length: 6 }, (_, i) => turn(i, { answer: long }));
    const question = '𝔹'.repeat(1000);
    const frame = queryFrame('q-1', question, earlier);
    const bytes = new TextEncoder().encode(JSON.stringify(frame)).length;
    expect(bytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(frame.history!.length).toBeGreaterThan(0);
    expect(frame.history!.at(-1)!.q).toBe('Question 5?');
    // Each answer is cut by characters, not UTF-16 units, so no half character is sent.
    expect(frame.history![0]!.a).not.toMatch(/[\ud800-\udbff]$/);
    // And the server's own validator accepts it.
    const parsed = parseClientFrame(JSON.stringify(frame));
    expect(parsed.ok).toBe(true);
    expect(parseServerFrame(JSON.stringify({ type: 'done', id: 'q-1' }))).toEqual({ type: 'done', id: 'q-1' });
  });
});
