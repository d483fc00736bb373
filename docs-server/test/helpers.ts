import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import WebSocket, { type ClientOptions } from 'ws';
import { loadConfig, type Config } from '../src/config.js';
import { parseServerFrame, type ServerFrame, type HistoryTurn, type Source } from '../src/protocol.js';
import { createDocsServer, type DocsServer } from '../src/server.js';
import { NODE_FLAGS } from '../src/node-flags.js';

/** Test helpers: a real server on a free port, real websocket clients, captured logs. */

export const FIXTURE_CORPUS = fileURLToPath(new URL('./fixtures/corpus.json', import.meta.url));
export const ORIGIN = 'http://localhost:3000';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ServerProcess {
  process: ChildProcess;
  port: number;
  /** The server's log lines so far (JSON on stdout). */
  logs: LogLine[];
  exited: Promise<number | null>;
  waitForLog(msg: string, ms?: number): Promise<LogLine>;
}

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The real entry point (src/main.ts through tsx) in a child process on a free port, with an IPC
 * channel; `execArgv` adds node flags (the benchmark adds --expose-gc and a memory probe).
 */
export async function spawnServer(env: Record<string, string>, execArgv: string[] = []): Promise<ServerProcess> {
  const child = fork('src/main.ts', [], {
    cwd: PACKAGE_DIR,
    execArgv: ['--import', 'tsx', ...NODE_FLAGS, ...execArgv],
    env: { ...process.env, PORT: '0', ALLOWED_ORIGINS: ORIGIN, CORPUS_PATH: FIXTURE_CORPUS, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  let waiters: (() => void)[] = [];
  let partial = '';
  child.stdout!.on('data', (data: Buffer) => {
    const lines = (partial + data.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLog = async (msg: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = logs.find((l) => l.msg === msg);
      if (found) return found;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`no "${msg}" log; stderr: ${stderr}; logs: ${JSON.stringify(logs)}`);
      }
      await new Promise<void>((resolve) => {
        waiters = [...waiters, resolve];
        setTimeout(resolve, 100);
      });
    }
  };
  const listening = await waitForLog('listening', 30_000);
  return { process: child, port: listening.port as number, logs, exited, waitForLog };
}

/** A pino logger whose lines are parsed into `lines`. */
export function captureLogger(level = 'info'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PORT: '0', CORPUS_PATH: FIXTURE_CORPUS, ALLOWED_ORIGINS: ORIGIN, ...env });
}

export interface Running {
  server: DocsServer;
  port: number;
  url: string;
  logs: LogLine[];
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}, logLevel = 'info'): Promise<Running> {
  const { logger, lines } = captureLogger(logLevel);
  const server = createDocsServer(testConfig(env), logger);
  const port = await server.start();
  return {
    server,
    port,
    url: `ws://127.0.0.1:${port}/bot/query`,
    logs: lines,
    stop: () => server.shutdown(),
  };
}

export interface Answer {
  chunks: string[];
  text: string;
  sources: Source[];
  /** Every frame of this query id, in order. */
  frames: ServerFrame[];
}

/** A websocket client that queues frames, so tests can await them in order. */
export class TestClient {
  readonly frames: ServerFrame[] = [];
  private waiters: (() => void)[] = [];
  closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = parseServerFrame(data.toString());
      if (!frame) throw new Error(`server sent an invalid frame: ${data.toString()}`);
      this.frames.push(frame);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      }),
    );
  }

  static connect(url: string, options: ClientOptions = { origin: ORIGIN }): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      const client = new TestClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when `test` holds for the frames received so far (or throws after `ms`). */
  async until(test: (frames: ServerFrame[]) => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this.frames)) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('connection closed while waiting');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; frames: ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The frames for one id so far. */
  framesFor(id: string): ServerFrame[] {
    return this.frames.filter((f) => 'id' in f && f.id === id);
  }

  /** Waits for the answer to `id` to end (done or error) and returns it. */
  async answer(id: string, ms = 5000): Promise<Answer> {
    await this.until(() => this.framesFor(id).some((f) => f.type === 'done' || f.type === 'error'), ms);
    const frames = this.framesFor(id);
    const chunks = frames.flatMap((f) => (f.type === 'chunk' ? [f.text] : []));
    const sources = frames.flatMap((f) => (f.type === 'sources' ? f.sources : []));
    return { chunks, text: chunks.join(''), sources, frames };
  }

  async ask(id: string, question: string, history?: HistoryTurn[]): Promise<Answer> {
    this.send(history ? { type: 'query', id, question, history } : { type: 'query', id, question });
    return this.answer(id);
  }

  /** Waits for the next error frame without an id after `after` frames. */
  async nextError(after: number): Promise<ServerFrame> {
    await this.until((frames) => frames.slice(after).some((f) => f.type === 'error'));
    return this.frames.slice(after).find((f) => f.type === 'error')!;
  }

  close(): void {
    this.ws.close();
  }
}

/** The status code with which the server refuses an upgrade. */
export function refusedStatus(url: string, options: ClientOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.terminate();
      reject(new Error('the connection was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
