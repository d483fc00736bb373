// The reconnect loop that per-connection limits cannot stop, measured: the real docs-server (src/main.ts through tsx) in a child process,
// four loops from one address (127.0.0.1) that connect, ask 5 questions, wait for the replies and
// disconnect, as fast as they can for 20 s; meanwhile a reader on another address (127.0.0.2) asks one
// question a second. Prints the answers the looping address got and the other reader's answer times, with the
// default budgets and with the per-address budgets turned off (the behaviour before them).
// Usage: npx tsx bench/reconnect-loop.ts [seconds]
import { existsSync } from 'node:fs';
import WebSocket from 'ws';
import type { ServerFrame } from 'docs-server/protocol';
import { FIXTURE_CORPUS, ORIGIN, spawnServer } from 'docs-server/test/helpers';
import { BUILT_CORPUS } from 'docs-server/eval/evaluate';

const SECONDS = Number(process.argv[2] ?? 20);
const LOOPS = 4;
const QUESTIONS = [
  'How do I track a table?',
  'row level permissions',
  'JWT claims',
  'event triggers',
  'pg_track_table',
];

interface Tally {
  answered: number;
  rateLimited: number;
  refusedConnections: number;
}

/**
 * One connection: opens, asks the questions one after the other (the connection's own burst is 5, and 2
 * may stream at once), disconnects. Resolves early when refused or closed by the server.
 */
function askOnce(localAddress: string, tally: Tally): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { origin: ORIGIN, localAddress });
    let asked = 0;
    const askNext = () => {
      if (asked === QUESTIONS.length) return ws.close();
      ws.send(JSON.stringify({ type: 'query', id: `q${asked}`, question: QUESTIONS[asked] }));
      asked++;
    };
    ws.on('unexpected-response', (_req, res) => {
      tally.refusedConnections++;
      res.resume();
      ws.terminate();
      resolve();
    });
    ws.on('error', () => resolve());
    ws.on('open', askNext);
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (frame.type === 'done') tally.answered++;
      else if (frame.type === 'error') tally.rateLimited += frame.code === 'rate_limited' ? 1 : 0;
      else return;
      askNext();
    });
    ws.on('close', () => resolve());
  });
}

/** The other reader: one question a second on one connection; the time to `done` of each. */
async function otherReader(until: number): Promise<number[]> {
  const ws = new WebSocket(url, { origin: ORIGIN, localAddress: '127.0.0.2' });
  await new Promise((resolve) => ws.once('open', resolve));
  const times: number[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(data.toString()) as ServerFrame;
        if ('id' in frame && frame.id === `o${i}` && (frame.type === 'done' || frame.type === 'error')) {
          ws.off('message', onMessage);
          if (frame.type === 'done') times.push(performance.now() - started);
          resolve();
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ type: 'query', id: `o${i}`, question: 'How do I let users see only their own rows?' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  ws.close();
  return times;
}

let url = '';

async function measure(label: string, env: Record<string, string>) {
  const corpus = existsSync(BUILT_CORPUS) ? BUILT_CORPUS : FIXTURE_CORPUS;
  const server = await spawnServer({ CORPUS_PATH: corpus, ...env });
  url = `ws://127.0.0.1:${server.port}/bot/query`;
  try {
    await otherReader(Date.now() + 2000); // warm-up
    const quiet = await otherReader(Date.now() + 5000); // the other reader alone
    const tally: Tally = { answered: 0, rateLimited: 0, refusedConnections: 0 };
    const until = Date.now() + SECONDS * 1000;
    const loops = Array.from({ length: LOOPS }, async () => {
      while (Date.now() < until) await askOnce('127.0.0.1', tally);
    });
    const [busy] = await Promise.all([otherReader(until), ...loops]);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    console.log(
      `${label}: in ${SECONDS} s the looping address got ${tally.answered} answers ` +
        `(${tally.rateLimited} rate_limited, ${tally.refusedConnections} connections refused); ` +
        `the other reader's median answer time ${median(quiet).toFixed(1)} ms alone, ${median(busy).toFixed(1)} ms during ` +
        `(${busy.length} answers)`,
    );
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
}

await measure('default budgets', {});
await measure('per-address budgets off', {
  ADDRESS_RATE_LIMIT_BURST: '100000000',
  ADDRESS_RATE_LIMIT_PER_MINUTE: '100000000',
  CONNECT_RATE_LIMIT_BURST: '100000000',
  CONNECT_RATE_LIMIT_PER_MINUTE: '100000000',
  BAD_FRAME_LIMIT_BURST: '100000000',
  BAD_FRAME_LIMIT_PER_MINUTE: '100000000',
});
