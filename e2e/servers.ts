// The servers the browser tests and benchmarks start: a static server for the production build under /docs/2.0/
// (the docs-server's static handler: directory → index.html, no-slash → 301 to the slash form,
// unknown → 404.html with status 404), and the real docs-server as a child process (site + bot on one origin).
// Playwright Test starts the docs-server serving the build itself (playwright.config.ts, `webServer`); the
// fixtures start the ones with settings of their own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createStaticHandler } from 'docs-server/static';
import { BASE_URL } from '../site/src/constants';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const resolvePackage = createRequire(import.meta.url).resolve;
export const BUILD_DIR = path.resolve(HERE, process.env.E2E_BUILD_DIR ?? '../site/build');

export type StaticServer = { origin: string; url: (route: string) => string; close: () => Promise<void> };
/** Anything that serves the site on one origin: the static server or the docs-server. */
export type SiteServer = { origin: string; url: (route: string) => string };

/** `gzip`: compress text responses for clients that accept it, as production does (benchmarks want that). */
export async function startStaticServer(
  root = BUILD_DIR,
  { gzip = false }: { gzip?: boolean } = {},
): Promise<StaticServer> {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No production build in ${root}: run "npm run build" first.`);
  }
  // The docs-server's static handler: the same URL rules as production (see its tests).
  const handler = createStaticHandler(root, BASE_URL, { compress: gzip });
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (route: string) => `${origin}${BASE_URL}${route.replace(/^\//, '')}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The corpus the site build exported, else the docs-server's fixture corpus. */
export const BUILD_CORPUS = path.join(BUILD_DIR, 'docs-corpus.json');
export const FIXTURE_CORPUS = resolvePackage('docs-server/test/fixtures/corpus.json');

export function corpusForTests(): string {
  for (const file of [BUILD_CORPUS, FIXTURE_CORPUS]) if (fs.existsSync(file)) return file;
  throw new Error(
    `No corpus for the docs bot: neither ${BUILD_CORPUS} (run "npm run build") nor ${FIXTURE_CORPUS} exists.`,
  );
}

/**
 * Every browser test comes from 127.0.0.1, and a file opens many pages: the per-address budgets (tested in the
 * docs-server's budget tests) are raised out of the way. A test's own env can set them again.
 */
export const DOCS_SERVER_TEST_ENV = {
  LOG_LEVEL: 'info',
  ADDRESS_RATE_LIMIT_BURST: '10000',
  ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
  CONNECT_RATE_LIMIT_BURST: '10000',
  CONNECT_RATE_LIMIT_PER_MINUTE: '100000',
  BAD_FRAME_LIMIT_BURST: '10000',
};

/** The docs-server's entry point (its source, run through tsx). */
export const DOCS_SERVER_MAIN = resolvePackage('docs-server/main');

export interface DocsServerProcess extends SiteServer {
  port: number;
  /** The websocket URL of the bot. */
  socketUrl: string;
  /** The server's log lines (pino JSON) so far. */
  logs: string[];
  /** Stops the server with SIGTERM (a graceful shutdown) and waits for the process to exit. */
  stop(): Promise<void>;
  /** Starts it again, on the same port. */
  start(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The real docs-server (its entry point, docs-server/main, through tsx) in a child process on 127.0.0.1.
 * It listens on a free port the first time and on that same port after stop() and start(), so
 * reconnecting clients find it again. Resolves once /health answers 200.
 */
export async function startDocsServerProcess(
  options: { staticDir?: string; corpusPath?: string; env?: Record<string, string> } = {},
): Promise<DocsServerProcess> {
  const logs: string[] = [];
  let child: ChildProcess | undefined;
  let port = 0;

  const launch = async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CORPUS_PATH: options.corpusPath ?? corpusForTests(),
      ...DOCS_SERVER_TEST_ENV,
      ...(options.staticDir ? { STATIC_DIR: options.staticDir } : {}),
      ...options.env,
    };
    const proc = spawn(process.execPath, ['--import', 'tsx', DOCS_SERVER_MAIN], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    running.add(proc);
    proc.once('exit', () => running.delete(proc));
    const listening = new Promise<number>((resolve, reject) => {
      let pending = '';
      const onData = (data: Buffer) => {
        pending += data.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          logs.push(line);
          if (line.includes('"msg":"listening"')) resolve((JSON.parse(line) as { port: number }).port);
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.once('exit', (code) =>
        reject(new Error(`docs-server exited with code ${code} before listening:\n${logs.slice(-10).join('\n')}`)),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`docs-server did not start:\n${logs.slice(-10).join('\n')}`)), 30_000);
    });
    try {
      port = await Promise.race([listening, timeout]);
    } finally {
      clearTimeout(timer);
    }
    const health = await fetch(`http://127.0.0.1:${port}/docs-services/docs-server/health`);
    if (health.status !== 200) throw new Error(`docs-server is up but unhealthy: ${await health.text()}`);
  };

  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };

  await launch();
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    socketUrl: `ws://127.0.0.1:${port}/bot/query`,
    url: (route: string) => `${origin}${BASE_URL}${route.replace(/^\//, '')}`,
    logs,
    stop,
    start: async () => {
      if (child) throw new Error('the docs-server is already running');
      await launch();
    },
  };
}
