import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sleep, startServer, TestClient } from '../test/helpers.js';
import { mulberry32 } from '../test/seeded-random.js';

// 10,000 random and malformed frames: every one gets its answer, nothing crashes, the
// server still answers correctly afterwards, and its memory comes back.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** What the server must answer a frame with. */
type Expect = 'error' | 'done' | 'ack' | 'close';

interface Fuzz {
  data: string | Buffer;
  /** Send as a binary frame. */
  binary?: boolean;
  expect: Expect;
  closeCode?: number;
}

function generator(seed: number) {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const randomString = (max: number) => {
    const alphabets = ['abc xyz{}[]":,\\', '\u0000\u0001\u001f\u007f', 'éü中文😀\u200b\ud800', '{"type":"query"'];
    let out = '';
    const length = int(max);
    for (let i = 0; i < length; i++) {
      out += random() < 0.3 ? String.fromCharCode(int(0x3000)) : pick([...pick(alphabets)]);
    }
    return out;
  };
  let n = 0;
  const id = () => `fz-${n++}`;
  const badObjects = (): unknown[] => [
    {},
    { type: null },
    { type: 42, id: id() },
    { type: 'QUERY', id: id(), question: 'pg_track_table' },
    { type: 'query' },
    { type: 'query', id: '', question: 'x' },
    { type: 'query', id: 7, question: 'x' },
    { type: 'query', id: 'x'.repeat(129), question: 'x' },
    { type: 'query', id: id(), question: 12 },
    { type: 'query', id: id(), question: '' },
    { type: 'query', id: id(), question: ' \t\n' },
    { type: 'query', id: id(), question: ['a'] },
    { type: 'query', id: id(), question: 'x'.repeat(1001 + int(5000)) },
    { type: 'query', id: id(), question: 'ok', history: {} },
    { type: 'query', id: id(), question: 'ok', history: [null] },
    { type: 'query', id: id(), question: 'ok', history: [{ q: 1, a: 'b' }] },
    { type: 'query', id: id(), question: 'ok', history: Array(21).fill({ q: 'a', a: 'b' }) },
    { type: 'feedback', id: id(), rating: 'sideways' },
    { type: 'feedback', id: id() },
    { type: 'feedback', id: id(), rating: 'down', comment: { text: 'x' } },
    { type: 'feedback', id: id(), rating: 'down', comment: 'x'.repeat(1001) },
    { type: 'subscribe', id: id() },
    { type: 'toString', id: id() },
    { type: '__proto__', id: id() },
    JSON.parse('{"__proto__": {"type": "query"}, "id": "p", "question": "x"}'),
  ];
  return (): Fuzz => {
    const roll = random();
    if (roll < 0.12) {
      const bytes = Buffer.alloc(int(2048));
      for (let i = 0; i < bytes.length; i++) bytes[i] = int(256);
      return { data: bytes, binary: true, expect: 'error' };
    }
    if (roll < 0.3) return { data: randomString(600), expect: 'error' };
    if (roll < 0.42) {
      const valid = JSON.stringify({ type: 'query', id: id(), question: 'how do row level permissions work?' });
      return { data: valid.slice(0, int(valid.length - 1)), expect: 'error' }; // truncated
    }
    if (roll < 0.5) {
      return {
        data: JSON.stringify(pick([0, -1.5e308, true, null, 'query', [], [{ type: 'query' }], '{}'])),
        expect: 'error',
      };
    }
    if (roll < 0.53) {
      const depth = 1 + int(7000);
      return { data: '['.repeat(depth) + ']'.repeat(depth), expect: 'error' };
    }
    if (roll < 0.9) return { data: JSON.stringify(pick(badObjects())), expect: 'error' };
    if (roll < 0.95) {
      const question = pick([
        'pg_track_table',
        'own rows',
        'x-hasura-role',
        'weather in Paris',
        '😀 '.repeat(int(300) + 1),
        '\ud800 lone surrogate in a weather question \udfff',
      ]);
      return { data: JSON.stringify({ type: 'query', id: id(), question }), expect: 'done' };
    }
    return {
      data: JSON.stringify({ type: 'feedback', id: id(), rating: 'down', comment: randomString(200) }),
      expect: 'ack',
    };
  };
}

const terminal = new Set(['done', 'error', 'ack']);

/** Budgets out of the way: this test is about each frame's answer, not about limits. */
const UNLIMITED = {
  RATE_LIMIT_BURST: '1000000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ADDRESS_RATE_LIMIT_BURST: '1000000',
  ADDRESS_RATE_LIMIT_PER_MINUTE: '100000000',
  BAD_FRAME_LIMIT_BURST: '1000000',
  BAD_FRAME_LIMIT_PER_MINUTE: '100000000',
};

describe('fuzz', () => {
  it('answers 10,000 random and malformed frames one for one, keeps working, and gives memory back', async () => {
    const running = await startServer({ ...UNLIMITED, MAX_IN_FLIGHT_PER_CONNECTION: '1000' });
    try {
      const probe = await TestClient.connect(running.url);
      const before = await probe.ask('probe-1', 'how do I let users only see their own rows?');
      probe.close();
      await probe.closed;

      gc();
      const heapBefore = process.memoryUsage().heapUsed;

      const next = generator(20240611);
      const TOTAL = 10_000;
      const BATCH = 250;
      const counts: Record<Expect, number> = { error: 0, done: 0, ack: 0, close: 0 };
      let sent = 0;
      let client = await TestClient.connect(running.url);
      while (sent < TOTAL) {
        const batch = Math.min(BATCH, TOTAL - sent);
        const expected: Record<string, number> = { error: 0, done: 0, ack: 0 };
        const start = client.frames.length;
        for (let i = 0; i < batch; i++) {
          const frame = next();
          client.ws.send(frame.data, { binary: frame.binary === true });
          expected[frame.expect]!++;
          counts[frame.expect]++;
        }
        sent += batch;
        // One terminal frame (done, error or ack) per frame sent, of the expected kind.
        await client.until((frames) => frames.slice(start).filter((f) => terminal.has(f.type)).length >= batch, 20_000);
        const got = { error: 0, done: 0, ack: 0 } as Record<string, number>;
        for (const f of client.frames.slice(start)) if (terminal.has(f.type)) got[f.type]!++;
        expect(got).toEqual(expected);

        // Every few batches, a frame that must close the connection: too big, or not UTF-8.
        if ((sent / BATCH) % 8 === 0 && sent < TOTAL) {
          const tooBig = (sent / BATCH) % 16 === 0;
          if (tooBig) client.ws.send('x'.repeat(16 * 1024 + 1 + (sent % 1000)));
          else client.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
          expect((await client.closed).code).toBe(tooBig ? 1009 : 1007);
          counts.close++;
          client = await TestClient.connect(running.url);
        } else {
          client.frames.length = 0;
        }
      }
      expect(sent).toBe(TOTAL);
      expect(counts.done).toBeGreaterThan(100);
      expect(counts.ack).toBeGreaterThan(100);
      expect(counts.close).toBeGreaterThanOrEqual(4);

      // Still answers, and the same way as before.
      const after = await client.ask('probe-2', 'how do I let users only see their own rows?');
      expect(after.text).toBe(before.text);
      expect(after.sources).toEqual(before.sources);
      client.close();
      await client.closed;

      // Nothing is left behind: no connections, no answers, no address counters.
      await sleep(50);
      expect(running.server.stats()).toEqual({ connections: 0, addresses: 0, inFlight: 0, draining: false });
      for (let i = 0; i < 3; i++) {
        gc();
        await sleep(20);
      }
      const grown = process.memoryUsage().heapUsed - heapBefore;
      // About 1.5 MB here, mostly the test's own captured log lines; keeping the frames would be ~10 MB.
      expect(grown).toBeLessThan(4 * 1024 * 1024);
      expect(running.logs.filter((l) => l.level >= 50)).toEqual([]); // no error-level logs
    } finally {
      await running.stop();
    }
  }, 60_000);

  it('survives a flood of frames from a client that never reads', async () => {
    const running = await startServer({ ...UNLIMITED, MAX_IN_FLIGHT_PER_CONNECTION: '100000' });
    try {
      const ws = new WebSocket(running.url);
      await new Promise((resolve) => ws.once('open', resolve));
      ws.pause(); // stop reading: the server's replies pile up until it cuts the client off
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      // Each answer is a few KiB of frames: enough of them fill the socket buffers and then ours.
      for (let i = 0; i < 20_000 && ws.readyState === WebSocket.OPEN; i++) {
        ws.send(
          JSON.stringify({ type: 'query', id: `i${i}`, question: 'how do I let users only see their own rows?' }),
        );
        if (i % 200 === 0) await sleep(5);
      }
      ws.resume();
      await closed;
      await sleep(50);
      expect(running.logs.some((l) => l.msg === 'client is not reading; closing')).toBe(true);
      expect(running.server.stats().connections).toBe(0);
      const probe = await TestClient.connect(running.url);
      expect((await probe.ask('p', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
      probe.close();
    } finally {
      await running.stop();
    }
  }, 30_000);
});
