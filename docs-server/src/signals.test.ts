import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FIXTURE_CORPUS, spawnServer, TestClient } from '../test/helpers.js';
import type { Corpus } from './corpus-schema.js';

// The real entry point in a child process, driven by real signals.

// Each test starts the real process (tsx compiles it on the way): on a loaded machine that alone can take
// seconds, so these tests get more than the default 5 s. What they assert does not depend on time.
describe('signals (child process)', { timeout: 30_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docs-server-signals-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reloads the corpus on SIGHUP without dropping the connection', async () => {
    const path = join(dir, 'corpus.json');
    await copyFile(FIXTURE_CORPUS, path);
    const child = await spawnServer({ CORPUS_PATH: path });
    try {
      const client = await TestClient.connect(`ws://127.0.0.1:${child.port}/bot/query`);
      const question = 'How do I send events to a Kafka topic?';
      expect((await client.ask('s1', question)).text).toContain(
        "I'm not sure the Hasura GraphQL Engine v2.x docs answer that",
      );

      const corpus = JSON.parse(await readFile(path, 'utf8')) as Corpus;
      corpus.sections.push({
        url: '/docs/2.0/event-triggers/kafka/',
        pageTitle: 'Kafka connector',
        headings: [],
        text: 'The Kafka connector sends each database event to a Kafka topic instead of calling a webhook.',
        code: [],
        area: 'docs',
      });
      await writeFile(path, JSON.stringify(corpus));
      child.process.kill('SIGHUP');
      expect(await child.waitForLog('corpus reloaded')).toMatchObject({ sections: 25, previousSections: 24 });

      const after = await client.ask('s2', question);
      expect(after.sources[0]!.url).toBe('/docs/2.0/event-triggers/kafka/');
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
      client.close();
    } finally {
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
    }
  });

  it('drains on SIGTERM: finishes the answer in flight, refuses new work, closes with 1001, exits 0', async () => {
    const child = await spawnServer({ CHUNK_DELAY_MS: '40', SHUTDOWN_GRACE_MS: '10000' });
    const url = `ws://127.0.0.1:${child.port}/bot/query`;
    const busy = await TestClient.connect(url);
    const idle = await TestClient.connect(url);
    busy.send({ type: 'query', id: 'd1', question: 'how do I let users only see their own rows?' });
    await busy.until((frames) => frames.some((f) => f.type === 'chunk'));
    child.process.kill('SIGTERM');
    await child.waitForLog('draining');

    // The idle connection goes at once; new questions and connections are refused.
    expect((await idle.closed).code).toBe(1001);
    busy.send({ type: 'query', id: 'd2', question: 'pg_track_table' });
    const refused = await busy.answer('d2');
    expect(refused.frames).toEqual([
      {
        type: 'error',
        id: 'd2',
        code: 'unavailable',
        message: 'The docs server is restarting; ask again in a moment.',
      },
    ]);
    await expect(TestClient.connect(url)).rejects.toThrow(/ECONNREFUSED/);

    // The answer in flight is complete, then the connection closes.
    const answer = await busy.answer('d1', 10_000);
    expect(answer.frames.slice(-2).map((f) => f.type)).toEqual(['sources', 'done']);
    expect(answer.text).toContain('_eq: X-Hasura-User-Id');
    expect((await busy.closed).code).toBe(1001);
    expect(await child.exited).toBe(0);
    expect(child.logs.some((l) => l.msg === 'stopped')).toBe(true);
    expect(child.logs.some((l) => l.msg === 'grace period over; cutting answers short')).toBe(false);
  });

  it('cuts answers short when the grace period runs out, and still exits 0', async () => {
    const child = await spawnServer({ CHUNK_DELAY_MS: '200', SHUTDOWN_GRACE_MS: '300' });
    const client = await TestClient.connect(`ws://127.0.0.1:${child.port}/bot/query`);
    client.send({ type: 'query', id: 'g1', question: 'how do I let users only see their own rows?' });
    await client.until((frames) => frames.some((f) => f.type === 'chunk'));
    const started = Date.now();
    child.process.kill('SIGTERM');
    expect((await client.closed).code).toBe(1001);
    expect(await child.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(client.framesFor('g1').some((f) => f.type === 'done')).toBe(false);
    expect(child.logs.some((l) => l.msg === 'grace period over; cutting answers short')).toBe(true);
  });
});
