// Docs bot benchmark: the real docs-server (src/main.ts through tsx) in a child process with the
// full corpus of the site build, in composed mode. Measures the corpus (load time, memory), 1,000
// idle websocket connections (server memory per connection) and 50 clients asking different
// questions at once (time to the first chunk and to done). Usage: npx tsx bench/docs-bot.ts
import { fork } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { QUESTIONS } from 'docs-server/eval/questions';
import { assertCorpusBuilt, BUILT_CORPUS } from 'docs-server/eval/evaluate';
import type { ServerFrame } from 'docs-server/protocol';
import { spawnServer, type ServerProcess } from 'docs-server/test/helpers';
import type { CorpusProbe, ProbeMemory } from './docs-bot-probe.js';
import { isMain, toMarkdown, type BenchReport } from './report.js';

const PROBE = fileURLToPath(new URL('./docs-bot-probe.ts', import.meta.url));
const IDLE_CONNECTIONS = 1000;
const CLIENTS = 50;
const ROUNDS = 5;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Loads the corpus in a fresh process, as the server does, and reports what it costs. */
function probeCorpus(path: string): Promise<CorpusProbe> {
  return new Promise((resolve, reject) => {
    const child = fork(PROBE, ['corpus', path], { execArgv: ['--expose-gc', '--import', 'tsx'] });
    child.once('message', (report) => resolve(report as CorpusProbe));
    child.once('exit', (code) => code !== 0 && reject(new Error(`corpus probe exited with ${code}`)));
  });
}

/** The server's memory after a full garbage collection (from the probe preloaded into it). */
function serverMemory(server: ServerProcess): Promise<ProbeMemory> {
  return new Promise((resolve) => {
    server.process.once('message', (m) => resolve(m as ProbeMemory));
    server.process.send('memory');
  });
}

/**
 * Measures once a second until RSS has been flat for six seconds (or 40 s have passed): V8
 * returns freed pages to the system only seconds after a collection.
 */
async function settledMemory(server: ServerProcess): Promise<ProbeMemory> {
  const samples: ProbeMemory[] = [];
  for (let i = 0; i < 40; i++) {
    samples.push(await serverMemory(server));
    const recent = samples.slice(-7).map((m) => m.rss);
    if (recent.length === 7 && Math.max(...recent) - Math.min(...recent) < 1024 * 1024) break;
    await sleep(1000);
  }
  return samples.at(-1)!;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
  });
}

/** Opens `count` connections, `batch` at a time (a burst of thousands would overflow the accept queue). */
async function openMany(url: string, count: number, batch = 100): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  while (sockets.length < count) {
    const n = Math.min(batch, count - sockets.length);
    sockets.push(...(await Promise.all(Array.from({ length: n }, () => open(url)))));
  }
  return sockets;
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map((ws) => new Promise<void>((resolve) => (ws.once('close', () => resolve()), ws.close()))),
  );
}

async function healthConnections(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/health`);
  return ((await res.json()) as { connections: number }).connections;
}

interface Timing {
  firstChunk: number;
  done: number;
}

/** Sends one question and times its first chunk and its done frame. */
function ask(ws: WebSocket, id: string, question: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    let firstChunk: number | undefined;
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (!('id' in frame) || frame.id !== id) return;
      if (frame.type === 'chunk') firstChunk ??= performance.now() - started;
      if (frame.type === 'error') reject(new Error(`${frame.code}: ${frame.message}`));
      if (frame.type === 'done' || frame.type === 'error') {
        ws.off('message', onMessage);
        resolve({ firstChunk: firstChunk ?? NaN, done: performance.now() - started });
      }
    };
    ws.on('message', onMessage);
    const started = performance.now();
    ws.send(JSON.stringify({ type: 'query', id, question }));
  });
}

/** Every client asks a different question at the same moment. */
function round(clients: WebSocket[], r: number): Promise<Timing[]> {
  return Promise.all(
    clients.map((ws, i) => ask(ws, `r${r}-c${i}`, QUESTIONS[(i + r * clients.length) % QUESTIONS.length]!.question)),
  );
}

export async function run(): Promise<BenchReport> {
  assertCorpusBuilt(BUILT_CORPUS);
  const corpus = await probeCorpus(BUILT_CORPUS);

  const server = await spawnServer(
    {
      CORPUS_PATH: BUILT_CORPUS,
      MAX_CONNECTIONS: String(IDLE_CONNECTIONS + CLIENTS + 100),
      MAX_CONNECTIONS_PER_ADDRESS: String(IDLE_CONNECTIONS + CLIENTS + 100),
      // Each benchmark client asks a question per round; the default burst (5) would throttle it. All of
      // them come from 127.0.0.1, so the per-address budgets are raised as well.
      RATE_LIMIT_BURST: '100',
      RATE_LIMIT_PER_MINUTE: '6000',
      ADDRESS_RATE_LIMIT_BURST: '100000',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '1000000',
      CONNECT_RATE_LIMIT_BURST: '100000',
      CONNECT_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    ['--expose-gc', '--import', PROBE],
  );
  try {
    const url = `ws://127.0.0.1:${server.port}/bot/query`;
    const loaded = await server.waitForLog('corpus loaded');

    // 1,000 idle connections: server memory before and after, per connection.
    const before = await settledMemory(server);
    const idle = await openMany(url, IDLE_CONNECTIONS);
    const held = await healthConnections(server.port);
    const after = await settledMemory(server);
    const stillOpen = idle.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    await closeAll(idle);

    // 50 clients asking at once: one warm-up round, then ROUNDS measured rounds.
    const clients = await openMany(url, CLIENTS);
    await round(clients, 0);
    const timings: Timing[] = [];
    for (let r = 1; r <= ROUNDS; r++) timings.push(...(await round(clients, r)));
    await closeAll(clients);
    const first = timings.map((t) => t.firstChunk);
    const done = timings.map((t) => t.done);

    return {
      title: 'Docs bot (docs-server, composed mode, full corpus)',
      rows: [
        { metric: 'machine load (1-min load average / CPUs)', value: `${loadavg()[0]!.toFixed(1)} / ${cpus().length}` },
        { metric: 'corpus', value: `${corpus.sections} sections, ${mb(statSync(BUILT_CORPUS).size)} JSON` },
        {
          metric: 'corpus load: read, validate, index (server log / a fresh process)',
          value: `${ms(Number(loaded.loadMs))} / ${ms(corpus.loadMs)}`,
        },
        { metric: 'heap kept by the loaded corpus and its index', value: mb(corpus.heapBytes) },
        {
          metric: 'server with the corpus, no connections (heap / RSS)',
          value: `${mb(before.heapUsed)} / ${mb(before.rss)}`,
        },
        {
          metric: `idle connections held (health count / still open after the memory measurement)`,
          value: `${held} / ${stillOpen} of ${IDLE_CONNECTIONS}`,
          target: `${IDLE_CONNECTIONS}`,
        },
        {
          metric: 'server memory per idle connection (heap / heap + external / RSS)',
          value: [
            after.heapUsed - before.heapUsed,
            after.heapUsed + after.external - before.heapUsed - before.external,
            after.rss - before.rss,
          ]
            .map((bytes) => kb(bytes / IDLE_CONNECTIONS))
            .join(' / '),
        },
        {
          metric: `time to first chunk, ${CLIENTS} clients at once (median / p95, ${timings.length} answers)`,
          value: `${ms(percentile(first, 50))} / ${ms(percentile(first, 95))}`,
          target: 'p95 ≤ 100 ms',
        },
        {
          metric: `time to done, ${CLIENTS} clients at once (median / p95)`,
          value: `${ms(percentile(done, 50))} / ${ms(percentile(done, 95))}`,
        },
      ],
    };
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

if (isMain(import.meta.url)) console.log(toMarkdown(await run()));
