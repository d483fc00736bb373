// What the page benchmarks measure: the same three pages everywhere, and how a first visit is recorded.
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { hydrated, newPage } from '../e2e/browser';
import type { StaticServer } from '../e2e/servers';

/** Routes under the base path: the landing page, a long doc page (code blocks, tables), a wiki page. */
export const BENCH_PAGES = [
  { name: 'landing', route: '' },
  { name: 'doc', route: 'auth/authentication/jwt/' },
  { name: 'wiki', route: 'wiki/' },
] as const;

export type Download = { path: string; type: string; raw: number; gzip: number };

/**
 * Everything a first visit to `route` downloads (fresh context, empty cache) until the page has
 * hydrated and the network is idle. Prefetches of other pages' chunks are left out: the page does not
 * need them. gzip sizes are computed here at level 9, whatever the server sends.
 */
export async function firstVisit(browser: Browser, server: StaticServer, route: string): Promise<Download[]> {
  const { page, close } = await newPage(browser, server);
  const pending: Promise<Download | undefined>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (/prefetch/.test(request.headers()['sec-purpose'] ?? '')) return;
    pending.push(
      response.body().then(
        (body) => ({
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          raw: body.length,
          gzip: gzipSize(body),
        }),
        () => undefined, // redirects and aborted requests have no body
      ),
    );
  });
  await page.goto(server.url(route));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== undefined);
  await close();
  return downloads;
}

/** Bytes after gzip at level 9, the level every page benchmark uses. */
export const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** Sum of raw and gzip bytes of the downloads of one resource type (script, stylesheet, document, ...). */
export function total(downloads: Download[], type: string): { count: number; raw: number; gzip: number } {
  const of = downloads.filter((d) => d.type === type);
  return {
    count: of.length,
    raw: of.reduce((n, d) => n + d.raw, 0),
    gzip: of.reduce((n, d) => n + d.gzip, 0),
  };
}
