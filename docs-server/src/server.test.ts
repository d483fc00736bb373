import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  FIXTURE_CORPUS,
  ORIGIN,
  refusedStatus,
  sleep,
  startServer,
  TestClient,
  type Running,
} from '../test/helpers.js';
import type { Corpus } from './corpus-schema.js';

// Server behaviour over real websockets, against the fixture corpus.

const ROW_LEVEL = '/docs/2.0/auth/authorization/permissions/row-level-permissions/#using-session-variables';

describe('docs-server', () => {
  let running: Running;
  const clients: TestClient[] = [];
  const connect = async (path = '/bot/query', options?: WebSocket.ClientOptions) => {
    const client = await TestClient.connect(`ws://127.0.0.1:${running.port}${path}`, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    running = await startServer({
      RATE_LIMIT_BURST: '50',
      RATE_LIMIT_PER_MINUTE: '6000',
      MAX_IN_FLIGHT_PER_CONNECTION: '4',
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => running.stop());

  describe('health', () => {
    it.each(['/docs-services/docs-server/health', '/health'])('GET %s reports the corpus and mode', async (path) => {
      const res = await fetch(`http://127.0.0.1:${running.port}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        status: 'ok',
        protocol: 1,
        mode: 'composed',
        corpus: { sections: 24, generatedAt: '2025-01-15T12:00:00.000Z' },
      });
    });

    it('answers other methods and paths with the right status', async () => {
      const base = `http://127.0.0.1:${running.port}`;
      expect((await fetch(`${base}/health`, { method: 'POST' })).status).toBe(405);
      expect((await fetch(`${base}/bot/query`)).status).toBe(426);
      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    });
  });

  describe('answers', () => {
    it.each(['/docs-services/docs-server/bot/query?version=v2.x&userId=u-123', '/bot/query'])(
      'streams chunk… then sources then done on %s',
      async (path) => {
        const client = await connect(path);
        const answer = await client.ask('a1', 'how do I let users only see their own rows?');
        const types = answer.frames.map((f) => f.type);
        expect(types.length).toBeGreaterThan(3);
        expect(types.slice(-2)).toEqual(['sources', 'done']);
        expect(types.slice(0, -2).every((t) => t === 'chunk')).toBe(true);
        expect(answer.chunks.length).toBeGreaterThan(1);
        expect(answer.text).toContain('To let users see only their own rows');
        expect(answer.text).toContain('_eq: X-Hasura-User-Id');
        expect(answer.sources[0]).toEqual({ title: 'Row-level permissions › Using session variables', url: ROW_LEVEL });
        // Nothing arrives for that id after done.
        await sleep(50);
        expect(client.framesFor('a1')).toHaveLength(answer.frames.length);
      },
    );

    it('uses the history for follow-up questions', async () => {
      const client = await connect();
      const question = 'What does the payload look like?';
      const triggers = await client.ask('h1', question, [
        { q: 'How do event triggers work?', a: 'They call a webhook.' },
      ]);
      const actions = await client.ask('h2', question, [
        { q: 'How do I write an action handler?', a: 'An HTTP server.' },
      ]);
      expect(triggers.sources[0]!.url).toBe('/docs/2.0/event-triggers/payload/');
      expect(actions.sources[0]!.url).toBe('/docs/2.0/actions/action-handlers/#payload');
    });

    it('answers two questions on one connection at once, each under its own id', async () => {
      const client = await connect();
      client.send({ type: 'query', id: 'p1', question: 'pg_track_table' });
      client.send({ type: 'query', id: 'p2', question: 'What is the default claims namespace?' });
      const [one, two] = await Promise.all([client.answer('p1'), client.answer('p2')]);
      expect(one.sources[0]!.url).toBe('/docs/2.0/schema/postgres/tables/#track-table');
      expect(two.sources[0]!.url).toBe('/docs/2.0/auth/authentication/jwt/#claims');
    });

    it('points to search when the docs do not answer', async () => {
      const client = await connect();
      const answer = await client.ask('w1', 'what is the weather in Paris?');
      expect(answer.text).toContain("I'm not sure the Hasura GraphQL Engine v2.x docs answer that");
      expect(answer.sources).toHaveLength(1);
      expect(answer.sources[0]!.url).toMatch(/^\/docs\/2\.0\/search\/\?q=/);
      expect(answer.frames.at(-1)!.type).toBe('done');
    });

    it('acknowledges feedback', async () => {
      const client = await connect();
      client.send({ type: 'feedback', id: 'a1', rating: 'down', comment: 'It missed the JWT part.' });
      await client.until((frames) => frames.some((f) => f.type === 'ack'));
      expect(client.frames).toEqual([{ type: 'ack', id: 'a1' }]);
      const line = running.logs.find((l) => l.msg === 'feedback' && l.id === 'a1');
      expect(line).toMatchObject({ rating: 'down', commentChars: 23 });
    });

    it('keeps question text and feedback comments out of info logs', async () => {
      const client = await connect();
      const secret = 'unmistakable-question-marker';
      const question = `how do I frobnicate ${secret}?`;
      await client.ask('l1', question);
      client.send({ type: 'feedback', id: 'l1', rating: 'down', comment: `${secret} comment` });
      await client.until((frames) => frames.some((f) => f.type === 'ack'));
      const answered = running.logs.find((l) => l.msg === 'answered' && l.id === 'l1');
      expect(answered).toMatchObject({ questionChars: question.length, mode: 'weak' });
      expect(JSON.stringify(running.logs)).not.toContain(secret);
    });

    it('records the version query parameter at info level and userId at debug level only', async () => {
      const debug = await startServer({}, 'debug');
      try {
        const client = await TestClient.connect(`${debug.url}?version=v2.x&userId=user-marker-91`);
        await client.ask('v1', 'pg_track_table');
        const opened = debug.logs.find((l) => l.msg === 'connection opened');
        expect(opened).toMatchObject({ level: 30, version: 'v2.x' });
        expect(debug.logs.find((l) => l.msg === 'answered' && l.id === 'v1')).toMatchObject({ version: 'v2.x' });
        expect(debug.logs.find((l) => l.msg === 'connection user')).toMatchObject({
          level: 20,
          conn: opened!.conn,
          userId: 'user-marker-91',
        });
        const infoAndAbove = debug.logs.filter((l) => l.level >= 30);
        expect(JSON.stringify(infoAndAbove)).not.toContain('user-marker-91');
        client.close();
      } finally {
        await debug.stop();
      }
    });

    it('logs question text and comments at debug level only', async () => {
      const debug = await startServer({}, 'debug');
      try {
        const client = await TestClient.connect(debug.url);
        await client.ask('l2', 'how do I track debug-marker?');
        client.send({ type: 'feedback', id: 'l2', rating: 'down', comment: 'comment-marker' });
        await client.until((frames) => frames.some((f) => f.type === 'ack'));
        const question = debug.logs.find((l) => l.msg === 'question');
        expect(question).toMatchObject({ level: 20, question: 'how do I track debug-marker?' });
        expect(debug.logs.find((l) => l.msg === 'feedback comment')).toMatchObject({
          level: 20,
          comment: 'comment-marker',
        });
        const infoAndAbove = debug.logs.filter((l) => l.level >= 30);
        expect(JSON.stringify(infoAndAbove)).not.toMatch(/debug-marker|comment-marker/);
        client.close();
      } finally {
        await debug.stop();
      }
    });
  });

  describe('bad input', () => {
    it('answers malformed JSON with bad_request and keeps the connection open', async () => {
      const client = await connect();
      client.send('{"type": "query", ');
      const error = await client.nextError(0);
      expect(error).toEqual({ type: 'error', code: 'bad_request', message: 'The frame is not valid JSON.' });
      const answer = await client.ask('after', 'pg_track_table');
      expect(answer.frames.at(-1)!.type).toBe('done');
    });

    it('answers an unknown frame type with bad_request carrying the id', async () => {
      const client = await connect();
      client.send({ type: 'subscribe', id: 'u1' });
      expect(await client.nextError(0)).toMatchObject({ id: 'u1', code: 'bad_request' });
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('refuses binary frames', async () => {
      const client = await connect();
      client.ws.send(Buffer.from([1, 2, 3]));
      expect(await client.nextError(0)).toMatchObject({
        code: 'bad_request',
        message: expect.stringContaining('Binary'),
      });
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('answers a question over 1000 characters with too_long, and takes one of exactly 1000', async () => {
      const client = await connect();
      client.send({ type: 'query', id: 't1', question: 'x'.repeat(1001) });
      expect((await client.answer('t1')).frames).toEqual([
        { type: 'error', id: 't1', code: 'too_long', message: 'The question is over 1000 characters.' },
      ]);
      const ok = await client.ask('t2', `pg_track_table ${'x'.repeat(985)}`);
      expect(ok.frames.at(-1)).toEqual({ type: 'done', id: 't2' });
    });

    it('reads a frame of exactly 16 KiB and closes the connection with 1009 on a larger one', async () => {
      const client = await connect();
      const frame = (bytes: number) => {
        const base = JSON.stringify({ type: 'query', id: 'big', question: '' });
        return JSON.stringify({ type: 'query', id: 'big', question: 'q'.repeat(bytes - base.length) });
      };
      expect(Buffer.byteLength(frame(16 * 1024))).toBe(16 * 1024);
      client.send(frame(16 * 1024));
      expect((await client.answer('big')).frames[0]).toMatchObject({ type: 'error', code: 'too_long' });
      client.send(frame(16 * 1024 + 1));
      expect((await client.closed).code).toBe(1009);
      // The server is fine and the slot is given back.
      await sleep(20);
      expect(running.server.stats().connections).toBe(clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length);
      const next = await connect();
      expect((await next.ask('n1', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
    });

    it('refuses a second query with an id that is still being answered', async () => {
      const slow = await startServer({ CHUNK_DELAY_MS: '20' });
      try {
        const client = await TestClient.connect(slow.url);
        client.send({ type: 'query', id: 'd1', question: 'pg_track_table' });
        client.send({ type: 'query', id: 'd1', question: 'pg_track_table' });
        await client.until((frames) => frames.some((f) => f.type === 'error'));
        expect(client.frames.find((f) => f.type === 'error')).toMatchObject({ id: 'd1', code: 'bad_request' });
        await client.until((frames) => frames.some((f) => f.type === 'done' && f.id === 'd1'));
        await sleep(50);
        const types = client.framesFor('d1').map((f) => f.type);
        expect(types.filter((t) => t === 'error')).toHaveLength(1);
        expect(types.filter((t) => t === 'sources')).toHaveLength(1);
        expect(types.filter((t) => t === 'done')).toHaveLength(1);
        client.close();
      } finally {
        await slow.stop();
      }
    });

    it.each([
      ['version', '?version=' + encodeURIComponent('<script>')],
      ['userId', '?userId=' + 'u'.repeat(65)],
    ])('refuses a malformed %s query parameter with 400', async (_name, query) => {
      expect(await refusedStatus(`ws://127.0.0.1:${running.port}/bot/query${query}`)).toBe(400);
    });

    it('refuses an upgrade on another path with 404', async () => {
      expect(await refusedStatus(`ws://127.0.0.1:${running.port}/other`)).toBe(404);
    });
  });

  describe('limits', () => {
    it('rate-limits a connection with retryAfterMs, then lets it ask again', async () => {
      const limited = await startServer({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_MINUTE: '600' });
      try {
        const client = await TestClient.connect(limited.url);
        for (const id of ['r1', 'r2', 'r3']) client.send({ type: 'feedback', id, rating: 'down' });
        client.send({ type: 'query', id: 'r4', question: 'pg_track_table' });
        const refused = (await client.answer('r4')).frames;
        expect(refused).toHaveLength(1);
        expect(refused[0]).toMatchObject({ type: 'error', id: 'r4', code: 'rate_limited' });
        const wait = (refused[0] as { retryAfterMs: number }).retryAfterMs;
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(100);
        await sleep(wait + 5);
        expect((await client.ask('r5', 'pg_track_table')).frames.at(-1)).toEqual({ type: 'done', id: 'r5' });
        client.close();
      } finally {
        await limited.stop();
      }
    });

    it('does not count bad frames against the allowance', async () => {
      const limited = await startServer({ RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_MINUTE: '1' });
      try {
        const client = await TestClient.connect(limited.url);
        for (let i = 0; i < 5; i++) client.send('not json');
        await client.until((frames) => frames.length === 5);
        expect((await client.ask('b1', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
        client.send({ type: 'query', id: 'b2', question: 'pg_track_table' });
        expect((await client.answer('b2')).frames[0]).toMatchObject({
          code: 'rate_limited',
          retryAfterMs: expect.any(Number),
        });
        expect(((await client.answer('b2')).frames[0] as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(
          50_000,
        );
        client.close();
      } finally {
        await limited.stop();
      }
    });

    it('caps answers in flight per connection', async () => {
      const slow = await startServer({ CHUNK_DELAY_MS: '20', MAX_IN_FLIGHT_PER_CONNECTION: '1' });
      try {
        const client = await TestClient.connect(slow.url);
        client.send({ type: 'query', id: 'f1', question: 'pg_track_table' });
        client.send({ type: 'query', id: 'f2', question: 'pg_track_table' });
        expect((await client.answer('f2')).frames[0]).toMatchObject({ code: 'rate_limited', retryAfterMs: 1000 });
        expect((await client.answer('f1')).frames.at(-1)!.type).toBe('done');
        client.close();
      } finally {
        await slow.stop();
      }
    });

    it('caps connections per address, and frees the slot on close', async () => {
      const capped = await startServer({ MAX_CONNECTIONS_PER_ADDRESS: '2' });
      try {
        const a = await TestClient.connect(capped.url);
        const b = await TestClient.connect(capped.url);
        expect(await refusedStatus(capped.url)).toBe(429);
        a.close();
        await a.closed;
        await sleep(20);
        const c = await TestClient.connect(capped.url);
        expect(capped.server.stats()).toMatchObject({ connections: 2, addresses: 1 });
        b.close();
        c.close();
      } finally {
        await capped.stop();
      }
    });

    it('counts addresses from X-Forwarded-For only behind a trusted proxy', async () => {
      const forwarded = (ip: string, localAddress = '127.0.0.1') => ({
        origin: ORIGIN,
        localAddress,
        headers: { 'x-forwarded-for': `203.0.113.9, ${ip}` },
      });
      const proxied = await startServer({ MAX_CONNECTIONS_PER_ADDRESS: '1', TRUST_PROXY: '127.0.0.1' });
      const direct = await startServer({ MAX_CONNECTIONS_PER_ADDRESS: '1' });
      try {
        // From the trusted proxy: the rightmost untrusted entry is the client; the one left of it is forged.
        const a = await TestClient.connect(proxied.url, forwarded('198.51.100.1'));
        const b = await TestClient.connect(proxied.url, forwarded('198.51.100.2'));
        expect(await refusedStatus(proxied.url, forwarded('198.51.100.1'))).toBe(429);
        expect(proxied.server.stats()).toMatchObject({ connections: 2, addresses: 2 });
        // A peer that is not the proxy (127.0.0.2) cannot choose its address with the header.
        const c = await TestClient.connect(proxied.url, forwarded('198.51.100.3', '127.0.0.2'));
        expect(await refusedStatus(proxied.url, forwarded('198.51.100.4', '127.0.0.2'))).toBe(429);
        expect(proxied.logs.filter((l) => l.msg === 'connection opened').map((l) => l.address)).toEqual([
          '198.51.100.1',
          '198.51.100.2',
          '127.0.0.2',
        ]);
        // Without TRUST_PROXY the header is ignored: both come from 127.0.0.1.
        const d = await TestClient.connect(direct.url, forwarded('198.51.100.1'));
        expect(await refusedStatus(direct.url, forwarded('198.51.100.2'))).toBe(429);
        for (const client of [a, b, c, d]) client.close();
      } finally {
        await Promise.all([proxied.stop(), direct.stop()]);
      }
    });

    it('caps connections in total', async () => {
      const capped = await startServer({ MAX_CONNECTIONS: '2' });
      try {
        const open = [await TestClient.connect(capped.url), await TestClient.connect(capped.url)];
        expect(await refusedStatus(capped.url)).toBe(503);
        for (const c of open) c.close();
      } finally {
        await capped.stop();
      }
    });

    it('refuses an origin that is not on the allow-list', async () => {
      expect(await refusedStatus(running.url, { origin: 'https://evil.example' })).toBe(403);
      expect(await refusedStatus(running.url, { origin: 'null' })).toBe(403);
      const allowed = await connect('/bot/query', { origin: ORIGIN });
      expect(allowed.ws.readyState).toBe(WebSocket.OPEN);
      const noOrigin = await connect('/bot/query', {});
      expect(noOrigin.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('allows any origin with ALLOWED_ORIGINS=*', async () => {
      const open = await startServer({ ALLOWED_ORIGINS: '*' });
      try {
        const client = await TestClient.connect(open.url, { origin: 'https://anywhere.example' });
        expect(client.ws.readyState).toBe(WebSocket.OPEN);
        client.close();
      } finally {
        await open.stop();
      }
    });
  });

  describe('heartbeat', () => {
    it('closes a peer that stops answering pings and keeps a live one', async () => {
      const beating = await startServer({ HEARTBEAT_INTERVAL_MS: '100' });
      try {
        const dead = await TestClient.connect(beating.url, { origin: ORIGIN, autoPong: false });
        const live = await TestClient.connect(beating.url);
        const started = Date.now();
        const { code } = await dead.closed;
        expect(code).toBe(1006); // terminated, no closing handshake
        expect(Date.now() - started).toBeLessThan(1000);
        expect(beating.logs.some((l) => l.msg === 'no pong; closing dead connection')).toBe(true);
        await sleep(300);
        expect(live.ws.readyState).toBe(WebSocket.OPEN);
        expect((await live.ask('hb', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
        expect(beating.server.stats().connections).toBe(1);
        live.close();
      } finally {
        await beating.stop();
      }
    });
  });
});

describe('corpus reload', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docs-server-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const kafkaSection = {
    url: '/docs/2.0/event-triggers/kafka/',
    pageTitle: 'Kafka connector',
    headings: [],
    text: 'The Kafka connector publishes each database event to a Kafka topic instead of calling a webhook.',
    code: [{ lang: 'yaml', code: 'kafka:\n  brokers: [broker-1:9092]\n  topic: orders' }],
    area: 'docs',
  };

  it('swaps the corpus on reload without dropping connections, and keeps it when the new file is bad', async () => {
    const path = join(dir, 'corpus.json');
    await copyFile(FIXTURE_CORPUS, path);
    const running = await startServer({ CORPUS_PATH: path, CHUNK_DELAY_MS: '5' });
    try {
      const client = await TestClient.connect(running.url);
      const question = 'How do I publish events to a Kafka topic?';
      expect((await client.ask('k1', question)).text).toContain(
        "I'm not sure the Hasura GraphQL Engine v2.x docs answer that",
      );

      // An answer streaming during the reload finishes normally.
      client.send({ type: 'query', id: 'k2', question: 'how do I let users only see their own rows?' });
      await client.until((frames) => frames.some((f) => f.type === 'chunk' && f.id === 'k2'));
      const corpus = JSON.parse(await readFile(path, 'utf8')) as Corpus;
      corpus.sections.push(kafkaSection as Corpus['sections'][number]);
      await writeFile(path, JSON.stringify(corpus));
      expect(await running.server.reloadCorpus()).toBe(true);
      const during = await client.answer('k2');
      expect(during.frames.at(-1)!.type).toBe('done');
      expect(during.sources[0]!.url).toBe(ROW_LEVEL);

      const after = await client.ask('k3', question);
      expect(after.sources[0]!.url).toBe('/docs/2.0/event-triggers/kafka/');
      expect(after.text).toContain('publishes each database event to a Kafka topic');

      await writeFile(path, '{"version": 1, "sections": ');
      expect(await running.server.reloadCorpus()).toBe(false);
      expect((await client.ask('k4', question)).sources[0]!.url).toBe('/docs/2.0/event-triggers/kafka/');
      expect(running.logs.some((l) => l.msg === 'corpus load failed' && l.keeping === true)).toBe(true);
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
      client.close();
    } finally {
      await running.stop();
    }
  });

  it('starts without a corpus, says so, and answers once one is loaded', async () => {
    const path = join(dir, 'later.json');
    const running = await startServer({ CORPUS_PATH: path });
    try {
      const health = await fetch(`http://127.0.0.1:${running.port}/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'no_corpus', corpus: null });
      const client = await TestClient.connect(running.url);
      client.send({ type: 'query', id: 'n1', question: 'pg_track_table' });
      expect((await client.answer('n1')).frames).toEqual([
        { type: 'error', id: 'n1', code: 'unavailable', message: expect.stringContaining('not loaded') },
      ]);
      await copyFile(FIXTURE_CORPUS, path);
      expect(await running.server.reloadCorpus()).toBe(true);
      expect((await client.ask('n2', 'pg_track_table')).frames.at(-1)!.type).toBe('done');
      client.close();
    } finally {
      await running.stop();
    }
  });
});
