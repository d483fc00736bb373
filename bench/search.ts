// Search benchmark, in Chromium against the production build: bytes downloaded from opening the
// dialog to the first rendered results (as served compressed: pagefind's index files are already
// gzip, the rest is gzipped here as nginx would), time from the last keystroke to rendered results
// once the index is loaded, index size on disk, and the time the index build adds to the build.
// Usage: npx tsx bench/search.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { hydrated, launchChromium, newPage } from '../e2e/browser';
import { BUILD_DIR, startStaticServer } from '../e2e/servers';
import { BASE_URL } from '../site/src/constants';
import { buildEmbeddedIndex } from '../site/src/plugins/search/build';
import { INDEX_DIR } from '../site/src/plugins/search/paths';
import { isMain, toMarkdown, type BenchReport } from './report';

// Queries a reader types, across sections (each has results, so the dialog shows its footer).
const QUERIES = [
  'jwt claims',
  'pg_track_table',
  'HASURA_GRAPHQL_JWT_SECRET',
  'row level permissions',
  'upsert',
  'event trigger payload',
  'cron triggers',
  'async actions',
  'remote schema permissions',
  'query caching',
  'restified endpoints',
  'prometheus',
  'opentelemetry',
  'allow list',
  'docker',
  'kubernetes',
  'hasura metadata apply',
  'migrations',
  'seed data',
  'computed fields',
  'native queries',
  'enum tables',
  'supabase',
  'ldap',
  'environment variables',
  'subscriptions',
  'aggregate',
  'pagination',
  'distinct_on',
  'admin secret',
  'inherited roles',
  'webhook',
  'postgis',
  'admonitions',
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = <T>(sorted: T[], p: number): T =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** Bytes on the wire for a file of the build: index files as they are, text gzipped. */
function servedBytes(urlPath: string): number {
  const file = path.join(BUILD_DIR, decodeURIComponent(urlPath.slice(BASE_URL.length)));
  const body = fs.readFileSync(file);
  return /\.(pf_\w+|pagefind)$/.test(file) ? body.length : zlib.gzipSync(body, { level: 6 }).length;
}

function dirSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
      files++;
    }
  }
  return { bytes, files };
}

export async function run(): Promise<BenchReport> {
  const server = await startStaticServer();
  const browser = await launchChromium();
  try {
    // 1. First use, cold (a new browser context each time): open the dialog, type a query, wait
    // for its hits; the bytes of every file fetched until then. The dialog's code and the index
    // load on first use; Docusaurus prefetches the route chunks of the hits' links as they
    // appear (requests of type "other"), which belong to the pages, not to search.
    const sum = (paths: string[]) => paths.reduce((total, p) => total + servedBytes(p), 0);
    const firstUse = async (query: string, { typed = false } = {}) => {
      const { page, close } = await newPage(browser, server);
      await page.goto(server.url('queries/postgres/filters/comparison-operators/'));
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const downloaded: Array<{ path: string; prefetch: boolean }> = [];
      page.on('requestfinished', (r) =>
        downloaded.push({ path: new URL(r.url()).pathname, prefetch: r.resourceType() === 'other' }),
      );
      const opened = performance.now();
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox', { name: 'Search the docs' });
      // `typed`: a letter at a time, as a reader types (each prefix is searched as it appears).
      if (typed) await input.pressSequentially(query, { delay: 80 });
      else await input.fill(query);
      await page.locator(`a[href*="search/?q=${encodeURIComponent(query)}"]`).waitFor();
      const ms = performance.now() - opened;
      await close();
      const index = downloaded.filter((d) => d.path.includes(`/${INDEX_DIR}/`)).map((d) => d.path);
      const code = downloaded.filter((d) => !d.prefetch && !d.path.includes(`/${INDEX_DIR}/`)).map((d) => d.path);
      const prefetched = downloaded.filter((d) => d.prefetch).map((d) => d.path);
      if (process.env.BENCH_VERBOSE)
        for (const d of downloaded) console.error(`  ${kb(servedBytes(d.path))}  ${d.path}`);
      return { ms, index, code, prefetched, total: sum(index) + sum(code) };
    };
    const first = await firstUse('jwt claims');
    const typed = await firstUse('jwt claims', { typed: true });
    const colds: Array<{ query: string; total: number }> = [];
    for (const query of QUERIES) colds.push({ query, total: (await firstUse(query)).total });
    colds.sort((a, b) => a.total - b.total);

    const { page, close } = await newPage(browser, server);
    await page.goto(server.url('queries/postgres/filters/comparison-operators/'));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search the docs' });

    // 2. Warm: for each query, type all but its last letter and let results settle, then time the
    // last keystroke to the footer link of the full query, measured inside the page.
    const times: number[] = [];
    const missed: string[] = [];
    for (const query of QUERIES) {
      await input.fill(query.slice(0, -1));
      await page.waitForTimeout(200);
      // Install the listener and observer first (awaited), so the keystroke cannot arrive before them.
      await page.evaluate(
        (href) => {
          const input = document.querySelector<HTMLInputElement>('[role="combobox"]')!;
          (window as unknown as { searchBench: Promise<number> }).searchBench = new Promise<number>((resolve) => {
            let start = 0;
            const observer = new MutationObserver(() => {
              if (start && document.querySelector(`[role="dialog"] a[href$="${href}"]`)) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
            input.addEventListener('keydown', () => (start = performance.now()), { once: true });
            setTimeout(() => resolve(Number.NaN), 10_000); // reported as a miss, never hangs the run
          });
        },
        `q=${encodeURIComponent(query)}`,
      );
      await page.keyboard.type(query.slice(-1));
      const ms = await page.evaluate(() => (window as unknown as { searchBench: Promise<number> }).searchBench);
      if (Number.isNaN(ms)) missed.push(query);
      else times.push(ms);
      if (process.env.BENCH_VERBOSE) console.error(`  ${ms.toFixed(1)} ms  ${query}`);
    }
    await close();
    times.sort((a, b) => a - b);

    const onDisk = dirSize(path.join(BUILD_DIR, INDEX_DIR));
    // 3. The index build on its own, over the finished build (what postBuild adds to `npm run build`).
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
    fs.cpSync(BUILD_DIR, scratch, { recursive: true, filter: (src) => !src.includes(`${path.sep}${INDEX_DIR}`) });
    const routes = [...fs.readdirSync(scratch, { recursive: true, encoding: 'utf8' })]
      .filter((f) => f.endsWith('index.html'))
      .map((f) => `${BASE_URL}${f.slice(0, -'index.html'.length)}`);
    const indexStarted = performance.now();
    const stats = await buildEmbeddedIndex(scratch, routes, BASE_URL);
    const indexBuildMs = performance.now() - indexStarted;
    fs.rmSync(scratch, { recursive: true, force: true });

    return {
      title: 'Search (embedded index)',
      rows: [
        {
          metric: 'downloaded from opening the dialog to the first results of "jwt claims", cold (dialog code + index)',
          value: `${kb(first.total)}: dialog code ${kb(sum(first.code))} (${first.code.length} files), index ${kb(sum(first.index))} (${first.index.length} files: ${kb(sum(first.index.filter((p) => p.includes('/fragment/'))))} of it the data of the pages shown)`,
          target: '≤ 120 KB',
        },
        {
          metric: 'the same, typed a letter at a time (80 ms apart): everything fetched until its results',
          value: kb(typed.total),
        },
        {
          metric: `the same, each of the ${QUERIES.length} queries below cold: median / max`,
          value: `${kb(percentile(colds, 0.5).total)} / ${kb(colds.at(-1)!.total)} ("${colds.at(-1)!.query}")`,
          target: '≤ 120 KB',
        },
        {
          metric: 'route chunks Docusaurus prefetched for the hits shown',
          value: `${kb(sum(first.prefetched))} (${first.prefetched.length} files)`,
        },
        {
          metric: 'time from opening the dialog to the first results (cold)',
          value: `${first.ms.toFixed(0)} ms`,
        },
        {
          metric: `last keystroke to rendered results, median (${times.length} queries)`,
          value: `${percentile(times, 0.5).toFixed(1)} ms`,
        },
        {
          metric: 'last keystroke to rendered results, p95',
          value: `${percentile(times, 0.95).toFixed(1)} ms`,
          target: '≤ 50 ms',
        },
        {
          metric: 'index on disk',
          value: `${kb(onDisk.bytes)} in ${onDisk.files} files (${stats.pages} pages, ${stats.words} vocabulary words)`,
        },
        { metric: 'index build time added to the production build', value: `${(indexBuildMs / 1000).toFixed(1)} s` },
      ],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (isMain(import.meta.url)) console.log(toMarkdown(await run()));
