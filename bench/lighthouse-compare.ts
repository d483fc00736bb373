// Lighthouse on one page of several builds, run in turns (build A, B, C, then B, C, A, ...), so that the
// machine's load drifts over all of them alike: how the patch hunks of site/src/theme/README.md were
// measured, each build made without one hunk. Not part of `npm run bench` (it exports no `run`).
// Usage: npx tsx bench/lighthouse-compare.ts <route> <runs> <build dir> [<build dir> ...]
// Prints, per build, the median and the range of TBT, main-thread time, script evaluation, LCP and the
// performance score (mobile preset; times with Lighthouse's simulated 4x CPU slowdown).
import path from 'node:path';
import lighthouse from 'lighthouse';
import { startStaticServer } from '../e2e/harness';
import { startChromium } from './lighthouse';

const [route = '', runsArg = '5', ...dirs] = process.argv.slice(2);
const runs = Number(runsArg);
if (dirs.length === 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: npx tsx bench/lighthouse-compare.ts <route> <runs> <build dir> [<build dir> ...]');
  process.exit(2);
}

const METRICS = {
  'TBT (ms)': 'total-blocking-time',
  'main-thread (ms)': 'mainthread-work-breakdown',
  'script evaluation (ms)': 'bootup-time',
  'LCP (ms)': 'largest-contentful-paint',
} as const;
type Sample = Record<keyof typeof METRICS | 'performance', number>;

const servers = await Promise.all(dirs.map((dir) => startStaticServer(path.resolve(dir), { gzip: true })));
const chromium = await startChromium();
const samples: Sample[][] = dirs.map(() => []);
try {
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < dirs.length; k++) {
      const i = (round + k) % dirs.length;
      const result = await lighthouse(servers[i]!.url(route), {
        port: chromium.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${dirs[i]}`);
      const { audits, categories } = result.lhr;
      const sample = { performance: Math.round((categories.performance?.score ?? 0) * 100) } as Sample;
      for (const [label, id] of Object.entries(METRICS)) {
        sample[label as keyof typeof METRICS] = Math.round(audits[id]?.numericValue ?? NaN);
      }
      samples[i]!.push(sample);
      console.error(`${dirs[i]}: ${JSON.stringify(sample)}`);
    }
  }
} finally {
  await chromium.close();
  await Promise.all(servers.map((s) => s.close()));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};
const labels = ['performance', ...Object.keys(METRICS)] as (keyof Sample)[];
console.log(`### /${route}: median (min–max) of ${runs} Lighthouse runs per build, in turns\n`);
console.log(`| build | ${labels.join(' | ')} |`);
console.log(`| --- | ${labels.map(() => '---').join(' | ')} |`);
dirs.forEach((dir, i) => {
  const cells = labels.map((label) => {
    const values = samples[i]!.map((s) => s[label]);
    return `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;
  });
  console.log(`| ${dir} | ${cells.join(' | ')} |`);
});
