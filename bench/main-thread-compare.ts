// Main-thread work of a first visit to one page of several builds, visited in turns (build A, B, C, then
// B, C, A, ...) so the machine's load drifts over all of them alike. Chromium's own counters (CDP
// Performance.getMetrics) once the page has hydrated and the network is idle: time in scripts, in
// layout and style, and in all tasks; no CPU slowdown. Less noisy than Lighthouse's TBT, which counts only
// the part of each task beyond 50 ms. Not part of `npm run bench` (it exports no `run`).
// Usage: npx tsx bench/main-thread-compare.ts <route> <runs> <build dir> [<build dir> ...]
import path from 'node:path';
import { hydrated, launchChromium, newPage, startStaticServer } from '../e2e/harness';

const [route = '', runsArg = '10', ...dirs] = process.argv.slice(2);
const runs = Number(runsArg);
if (dirs.length === 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: npx tsx bench/main-thread-compare.ts <route> <runs> <build dir> [<build dir> ...]');
  process.exit(2);
}

const METRICS = { script: 'ScriptDuration', 'layout + style': 'LayoutDuration', tasks: 'TaskDuration' } as const;
type Sample = Record<keyof typeof METRICS, number>;

const servers = await Promise.all(dirs.map((dir) => startStaticServer(path.resolve(dir), { gzip: true })));
const browser = await launchChromium();
const samples: Sample[][] = dirs.map(() => []);
try {
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < dirs.length; k++) {
      const i = (round + k) % dirs.length;
      const { page, close } = await newPage(browser, servers[i]!);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(servers[i]!.url(route));
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
      const sample = {} as Sample;
      for (const [label, name] of Object.entries(METRICS)) {
        sample[label as keyof typeof METRICS] = value(name) * 1000;
      }
      sample['layout + style'] += value('RecalcStyleDuration') * 1000;
      samples[i]!.push(sample);
      await close();
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const labels = Object.keys(METRICS) as (keyof Sample)[];
console.log(`### /${route}: main-thread time (ms), median (min–max) of ${runs} first visits per build, in turns\n`);
console.log(`| build | ${labels.join(' | ')} |`);
console.log(`| --- | ${labels.map(() => '---').join(' | ')} |`);
dirs.forEach((dir, i) => {
  const cells = labels.map((label) => {
    const values = samples[i]!.map((s) => s[label]);
    return `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  });
  console.log(`| ${dir} | ${cells.join(' | ')} |`);
});
