// Lighthouse (mobile preset, the default config) on the benchmark pages: the four category scores and
// FCP, LCP, TBT, CLS of the median of LIGHTHOUSE_RUNS runs (default 3), TBT and main-thread time of every
// run (their spread is the noise), plus the audits that keep a category below 100. Debian's Chromium is started here with the e2e flags and a debugging port; the
// production build is served gzip-compressed, as in production. On a busy machine TBT grows with the load.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/browser';
import { startStaticServer } from '../e2e/servers';
import { BENCH_PAGES } from './pages';
import { isMain, toMarkdown, type BenchReport, type BenchRow } from './report';

const CATEGORIES = [
  ['performance', 'performance', '≥ 98'],
  ['accessibility', 'accessibility', '100'],
  ['best-practices', 'best practices', '100'],
  ['seo', 'SEO', '100'],
] as const;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

/** Starts Chromium with a DevTools port and resolves once the port is known. */
export async function startChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${stderr}`)),
    );
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      // Chromium's helper processes may still be writing to the profile for a moment after it exits.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Runs per page; the report shows the median run by performance score (Lighthouse varies run to run). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const score = (value: number | null | undefined) => (value == null ? 'n/a' : String(Math.round(value * 100)));

/** A run's TBT and main-thread time (Lighthouse's mainthread-work-breakdown, CPU slowdown applied), in ms. */
const millis = (value: number | undefined) => (value == null ? 'n/a' : String(Math.round(value)));

export async function run(pages: readonly { name: string; route: string }[] = BENCH_PAGES): Promise<BenchReport> {
  const server = await startStaticServer(undefined, { gzip: true });
  const chromium = await startChromium();
  const rows: BenchRow[] = [];
  try {
    for (const { name, route } of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(server.url(route), {
          port: chromium.port,
          logLevel: 'error',
          onlyCategories: CATEGORIES.map(([id]) => id),
        });
        if (!result) throw new Error(`Lighthouse returned no result for /${route}`);
        runs.push(result.lhr);
      }
      rows.push({
        metric: `${name}: TBT / main-thread time of each run (ms)`,
        value: runs
          .map(
            ({ audits }) =>
              `${millis(audits['total-blocking-time']?.numericValue)} / ${millis(audits['mainthread-work-breakdown']?.numericValue)}`,
          )
          .join(', '),
      });
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const { categories, audits } = runs[Math.floor(runs.length / 2)]!;
      const isDoc = name === 'doc';
      for (const [id, label, target] of CATEGORIES) {
        rows.push({
          metric: `${name}: ${label}`,
          value: score(categories[id]?.score),
          target: isDoc ? target : undefined,
        });
      }
      rows.push({
        metric: `${name}: FCP / LCP / TBT / CLS`,
        value: METRICS.map(([id, label]) => `${label} ${audits[id]?.displayValue ?? 'n/a'}`).join(', '),
      });
      // Audits that cost points outside performance (performance is judged by its metrics above).
      const failing = CATEGORIES.filter(([id]) => id !== 'performance').flatMap(([id]) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      );
      rows.push({ metric: `${name}: failing audits`, value: failing.length ? failing.join(', ') : 'none' });
    }
  } finally {
    await chromium.close();
    await server.close();
  }
  return { title: `Lighthouse (mobile, median of ${RUNS})`, rows };
}

if (isMain(import.meta.url)) {
  // Usage: npx tsx bench/lighthouse.ts [route ...] (default: the benchmark pages)
  const routes = process.argv.slice(2);
  console.log(
    toMarkdown(await run(routes.length ? routes.map((route) => ({ name: route || 'landing', route })) : undefined)),
  );
}
