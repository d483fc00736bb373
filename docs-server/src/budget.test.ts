import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ORIGIN, refusedStatus, sleep, startServer, TestClient } from '../test/helpers.js';

// The per-client budgets across reconnects: a client that reconnects in a loop got a fresh per-connection limit
// each time (about 17,500 answers in 20 s from one address), which the connection limits alone could not stop.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const from = (localAddress: string) => ({ origin: ORIGIN, localAddress });

/** Connects, asks `n` questions at once, waits for every answer or refusal, disconnects. */
async function askAndLeave(url: string, localAddress: string, n: number, tag: string) {
  const client = await TestClient.connect(url, from(localAddress));
  for (let i = 0; i < n; i++) client.send({ type: 'query', id: `${tag}-${i}`, question: 'pg_track_table' });
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => client.answer(`${tag}-${i}`)));
  client.close();
  await client.closed;
  return answers.map((a) => a.frames.at(-1)!);
}

async function heapUsed(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(20);
  }
  return process.memoryUsage().heapUsed;
}

describe('per-client budget', () => {
  it('holds across reconnects: a loop from one address gets its budget and no more, another address is unaffected', async () => {
    // One question a minute after a burst of 10, so the bound below does not depend on how fast this runs.
    const running = await startServer({
      ADDRESS_RATE_LIMIT_BURST: '10',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '1',
      CONNECT_RATE_LIMIT_BURST: '1000',
      BAD_FRAME_LIMIT_BURST: '1000',
      MAX_IN_FLIGHT_PER_CONNECTION: '5',
    });
    try {
      await askAndLeave(running.url, '127.0.0.3', 1, 'warm-up'); // code paths loaded before the baseline
      const baseline = await heapUsed();
      const started = performance.now();
      let answered = 0;
      let refused = 0;
      for (let round = 0; round < 40; round++) {
        // Five at once per connection: the per-connection burst, which used to reset on every reconnect.
        for (const frame of await askAndLeave(running.url, '127.0.0.1', 5, `loop${round}`)) {
          if (frame.type === 'done') answered++;
          else if (frame.type === 'error' && frame.code === 'rate_limited') refused++;
        }
      }
      const refilled = Math.floor((performance.now() - started) / 60_000);
      expect(answered).toBeGreaterThanOrEqual(10);
      expect(answered).toBeLessThanOrEqual(10 + refilled);
      expect(answered + refused).toBe(200);

      // Another reader, from another address, gets every answer.
      const other = await askAndLeave(running.url, '127.0.0.2', 5, 'other');
      expect(other.map((f) => f.type)).toEqual(['done', 'done', 'done', 'done', 'done']);

      await sleep(50);
      expect(running.server.stats()).toEqual({ connections: 0, addresses: 0, inFlight: 0, draining: false });
      // 41 connections and 205 questions later the heap is where it was (the captured log lines stay).
      expect((await heapUsed()) - baseline).toBeLessThan(2 * 1024 * 1024);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it('counts connection attempts per address, refused ones included', async () => {
    const running = await startServer({ CONNECT_RATE_LIMIT_BURST: '3', CONNECT_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      for (let i = 0; i < 3; i++) {
        const client = await TestClient.connect(running.url, from('127.0.0.1'));
        client.close();
        await client.closed;
      }
      expect(await refusedStatus(running.url, from('127.0.0.1'))).toBe(429);
      expect(await refusedStatus(running.url, from('127.0.0.1'))).toBe(429);
      expect(running.logs.filter((l) => l.msg === 'connection attempts over budget')).toHaveLength(2);
      const other = await TestClient.connect(running.url, from('127.0.0.2'));
      expect((await other.ask('o', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
      other.close();
    } finally {
      await running.stop();
    }
  });

  it('bounds a flood of bad frames per address: past the budget the connection closes with 1008', async () => {
    const running = await startServer({ BAD_FRAME_LIMIT_BURST: '10', BAD_FRAME_LIMIT_PER_MINUTE: '1' });
    try {
      const flooder = await TestClient.connect(running.url, from('127.0.0.1'));
      for (let i = 0; i < 50; i++) flooder.send('not json');
      expect(await flooder.closed).toEqual({ code: 1008, reason: 'too many refused frames' });
      expect(flooder.frames.filter((f) => f.type === 'error')).toHaveLength(10);
      // A new connection from the same address does not start over.
      const again = await TestClient.connect(running.url, from('127.0.0.1'));
      again.send('not json');
      expect((await again.closed).code).toBe(1008);
      expect(again.frames).toEqual([]);
      // Bad frames did not use up the question budget, and other addresses are unaffected.
      const asker = await TestClient.connect(running.url, from('127.0.0.1'));
      expect((await asker.ask('q', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
      asker.close();
      const other = await TestClient.connect(running.url, from('127.0.0.2'));
      other.send('not json');
      expect(await other.nextError(0)).toMatchObject({ code: 'bad_request' });
      other.close();
    } finally {
      await running.stop();
    }
  });
});
