// Shared harness of the browser tests: a static server for the production build under /docs/2.0/
// (directory → index.html, no-slash → 301 to the slash form, unknown → 404.html with status 404)
// and Debian's Chromium driven by playwright-core.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { BASE_URL } from '../site/src/constants';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const BUILD_DIR = path.resolve(HERE, process.env.E2E_BUILD_DIR ?? '../site/build');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export type StaticServer = { origin: string; url: (route: string) => string; close: () => Promise<void> };

/** `gzip`: compress text responses for clients that accept it, as production does (benchmarks want that). */
export async function startStaticServer(
  root = BUILD_DIR,
  { gzip = false }: { gzip?: boolean } = {},
): Promise<StaticServer> {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`No production build in ${root}: run "npm run build" first.`);
  }
  const send = (req: http.IncomingMessage, res: http.ServerResponse, status: number, file: string) => {
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const compress =
      gzip &&
      /^(text\/|application\/(json|xml)|image\/svg)/.test(type) &&
      /\bgzip\b/.test(String(req.headers['accept-encoding']));
    res.writeHead(status, {
      'content-type': type,
      ...(compress && { 'content-encoding': 'gzip', vary: 'accept-encoding' }),
    });
    const body = fs.createReadStream(file);
    (compress ? body.pipe(zlib.createGzip()) : body).pipe(res);
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const notFound = () => send(req, res, 404, path.join(root, '404.html'));
    if (!url.pathname.startsWith(BASE_URL.slice(0, -1))) return notFound();
    const rel = decodeURIComponent(url.pathname.slice(BASE_URL.length - 1));
    const file = path.join(root, rel);
    if (!file.startsWith(root)) return notFound();
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return send(req, res, 200, file);
    if (fs.existsSync(path.join(file, 'index.html'))) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}` });
        return res.end();
      }
      return send(req, res, 200, path.join(file, 'index.html'));
    }
    return notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (route: string) => `${origin}${BASE_URL}${route.replace(/^\//, '')}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
export const MOBILE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A fresh page in a fresh context (empty storage). Requests to other origins are recorded and blocked. */
export async function newPage(
  browser: Browser,
  server: StaticServer,
  options: BrowserContextOptions = DESKTOP,
): Promise<{ page: Page; external: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  const external: string[] = [];
  await context.route(
    (url) => url.origin !== server.origin,
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  return { page, external, close: () => context.close() };
}

/** Waits until React has hydrated the page (the client-side router is live). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as { docusaurusRoot?: unknown }).docusaurusRoot));
}
