// The assistant's connection (site/src/components/DocsBot/connection.ts) against the real docs-server,
// started as a process on the fixture corpus: connect, ask, reconnect with backoff, stop, bad frames.
// No page: a jsdom window (its `dom` fixture) gives the browser's WebSocket; its pages have the origin
// http://localhost:3000.
import { JSDOM } from 'jsdom';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BotConnection, type BackoffOptions, type ConnectionState } from '../site/src/components/DocsBot/connection';
import type { ServerFrame } from '../site/src/components/DocsBot/protocol';
import { expect, test as base } from './fixtures';
import { FIXTURE_CORPUS, startDocsServerProcess, type DocsServerProcess } from './servers';

// The docs-server's own ws (the root node_modules holds an older major for other packages).
const { WebSocketServer } = createRequire(path.resolve('docs-server/package.json'))('ws') as typeof import('ws');

/** Records the states and frames of a connection, and waits for them. */
function recorder() {
  const states: ConnectionState[] = [];
  const frames: ServerFrame[] = [];
  const until = async (test: () => boolean | Promise<boolean>, what: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await test())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; states: ${JSON.stringify(states)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    states,
    frames,
    until,
    events: { onState: (s: ConnectionState) => states.push(s), onFrame: (f: ServerFrame) => frames.push(f) },
    last: () => states.at(-1)?.kind,
  };
}

type Cleanup = () => Promise<void> | void;

const test = base.extend<{ dom: JSDOM; cleanups: Cleanup[]; server: () => Promise<DocsServerProcess> }>({
  /** A browser window for the connection: jsdom's, as the global `window` and `WebSocket` for the test. */
  dom: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const dom = new JSDOM('', { url: 'http://localhost:3000/' });
      const globals = globalThis as Record<string, unknown>;
      const installed = { window: dom.window, WebSocket: dom.window.WebSocket };
      const saved = Object.keys(installed).map(
        (name) => [name, Object.getOwnPropertyDescriptor(globals, name)] as const,
      );
      Object.assign(globals, installed);
      await use(dom);
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globals, name, descriptor);
        else delete globals[name];
      }
      dom.window.close();
    },
    { auto: true },
  ],
  /** What each test started (servers, connections), stopped in reverse order when it ends. */
  // After `dom` in the fixture order, so that connections close before the window goes.
  cleanups: async ({ dom }, use) => {
    const cleanups: Cleanup[] = [];
    await use(cleanups);
    for (const cleanup of cleanups.reverse()) await cleanup();
    void dom;
  },
  /** The real docs-server on the fixture corpus, as a process (jsdom's WebSocket sends Origin http://localhost:3000). */
  server: async ({ dom, cleanups }, use) => {
    await use(async () => {
      const running = await startDocsServerProcess({
        corpusPath: FIXTURE_CORPUS,
        env: { ALLOWED_ORIGINS: dom.window.location.origin, SHUTDOWN_GRACE_MS: '0' },
      });
      cleanups.push(() => running.stop());
      return running;
    });
  },
});

test.describe('BotConnection against the real docs-server', () => {
  const FAST: BackoffOptions = { baseMs: 20, maxMs: 80, unreachableAfter: 3 };

  /** Open connections, as the server's /health reports them. */
  const serverConnections = async (running: DocsServerProcess) =>
    ((await (await fetch(`http://127.0.0.1:${running.port}/health`)).json()) as { connections: number }).connections;

  test('connects, asks, and gets the answer frames in order', async ({ server, cleanups }) => {
    const running = await server();
    const rec = recorder();
    const connection = new BotConnection(running.socketUrl, rec.events, FAST);
    cleanups.push(() => connection.stop());
    connection.start();
    expect(rec.last()).toBe('connecting');
    expect(connection.send({ type: 'query', id: 'early', question: 'too soon' })).toBe(false);
    await rec.until(() => rec.last() === 'connected', 'connected');

    expect(connection.send({ type: 'query', id: 'q-1', question: 'How do users see only their own rows?' })).toBe(true);
    await rec.until(() => rec.frames.some((f) => f.type === 'done'), 'done');
    const types = rec.frames.map((f) => f.type);
    expect(types[0]).toBe('chunk');
    expect(types.slice(-2)).toEqual(['sources', 'done']);
    const sources = rec.frames.find((f) => f.type === 'sources');
    expect(sources?.type === 'sources' && sources.sources[0]?.url).toMatch(/^\/docs\/2\.0\//);
  });

  test('reconnects with backoff when the server goes away, says unreachable, and recovers on the same port', async ({
    server,
    cleanups,
  }) => {
    const first = await server();
    const rec = recorder();
    const connection = new BotConnection(first.socketUrl, rec.events, FAST);
    cleanups.push(() => connection.stop());
    connection.start();
    await rec.until(() => rec.last() === 'connected', 'connected');

    await first.stop();
    await rec.until(() => rec.last() === 'unreachable', 'unreachable');
    const failed = rec.states.filter((s) => s.kind === 'reconnecting' || s.kind === 'unreachable');
    expect(failed.slice(0, 3).map((s) => [s.kind, 'failures' in s && s.failures])).toEqual([
      ['reconnecting', 1],
      ['reconnecting', 2],
      ['unreachable', 3],
    ]);

    await first.start();
    await rec.until(() => rec.last() === 'connected', 'connected again');
    rec.frames.length = 0;
    connection.send({ type: 'query', id: 'q-2', question: 'What does pg_track_table do?' });
    await rec.until(() => rec.frames.some((f) => f.type === 'done'), 'an answer after reconnecting');
    expect(await serverConnections(first)).toBe(1);
  });

  test('tries again at once when asked, instead of waiting out the backoff', async ({ server, cleanups }) => {
    const first = await server();
    const rec = recorder();
    const slow: BackoffOptions = { baseMs: 60_000, maxMs: 60_000, unreachableAfter: 1 };
    const connection = new BotConnection(first.socketUrl, rec.events, slow);
    cleanups.push(() => connection.stop());
    connection.start();
    await rec.until(() => rec.last() === 'connected', 'connected');
    await first.stop();
    await rec.until(() => rec.last() === 'unreachable', 'unreachable');

    await first.start();
    connection.retryNow();
    await rec.until(() => rec.last() === 'connected', 'connected after retryNow', 5000);
  });

  test('stops for good when stopped: no more attempts', async ({ server }) => {
    const running = await server();
    const rec = recorder();
    const connection = new BotConnection(running.socketUrl, rec.events, FAST);
    connection.start();
    await rec.until(() => rec.last() === 'connected', 'connected');
    connection.stop();
    await rec.until(async () => (await serverConnections(running)) === 0, 'the server to see the close');
    const count = rec.states.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rec.states).toHaveLength(count);
    expect(connection.send({ type: 'query', id: 'late', question: 'anyone?' })).toBe(false);
  });

  test('drops frames that do not fit the protocol', async ({ cleanups }) => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
    wss.on('connection', (ws) => {
      ws.send('not json');
      ws.send(JSON.stringify({ type: 'chunk', id: 'x' })); // no text
      ws.send(JSON.stringify({ type: 'surprise', id: 'x' }));
      ws.send(Buffer.from([1, 2, 3]));
      ws.send(JSON.stringify({ type: 'chunk', id: 'x', text: 'fine' }));
    });
    await new Promise((resolve) => wss.on('listening', resolve));
    const rec = recorder();
    const connection = new BotConnection(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`, rec.events, FAST);
    cleanups.push(() => connection.stop());
    connection.start();
    await rec.until(() => rec.frames.length > 0, 'a frame');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rec.frames).toEqual([{ type: 'chunk', id: 'x', text: 'fine' }]);
  });
});
