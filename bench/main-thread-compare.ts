// Main-thread work of a first visit to one page of several builds, visited in turns (compare.ts) so the
// machine's load drifts over all of them alike. Chromium's own counters (CDP Performance.getMetrics) once
// the page has hydrated and the network is idle: time in scripts, in layout and style, and in all tasks;
// no CPU slowdown. Less noisy than Lighthouse's TBT, which counts only the part of each task beyond 50 ms.
// Not part of `npm run bench` (it exports no `run`).
// Usage: npx tsx bench/main-thread-compare.ts <route> <runs> <build dir> [<build dir> ...]
import type { Browser } from 'playwright-core';
import { hydrated, launchChromium, newPage } from '../e2e/harness';
import { compareBuilds, type Sample } from './compare';

const METRICS = { script: 'ScriptDuration', 'layout + style': 'LayoutDuration', tasks: 'TaskDuration' } as const;
type Label = keyof typeof METRICS;

let browser: Browser;
await compareBuilds<Label>({
  script: 'main-thread-compare.ts',
  defaultRuns: 10,
  labels: Object.keys(METRICS) as Label[],
  title: (route, runs) =>
    `### /${route}: main-thread time (ms), median (min–max) of ${runs} first visits per build, in turns`,
  async setUp() {
    browser = await launchChromium();
    return async () => browser.close();
  },
  async measure(server, route) {
    const { page, close } = await newPage(browser, server);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(server.url(route));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    const sample = {} as Sample<Label>;
    for (const [label, name] of Object.entries(METRICS)) sample[label as Label] = value(name) * 1000;
    sample['layout + style'] += value('RecalcStyleDuration') * 1000;
    await close();
    return sample;
  },
  format: (value) => value.toFixed(0),
});
