// Main-thread work of a first visit to one page of several builds, visited in turns (compare.ts) so the
// machine's load drifts over all of them alike. Chromium's own counters (CDP Performance.getMetrics) once
// the page has hydrated and the network is idle: time in scripts, in layout and style, and in all tasks;
// no CPU slowdown. Less noisy than Lighthouse's TBT, which counts only the part of each task beyond 50 ms.
// Not part of `npm run bench` (it exports no `run`); reference-compare.ts uses its measurer.
// Also the evaluation of the main bundle alone (a performance trace's EvaluateScript of main.*.js): what runs
// before hydration can start.
// Usage: npx tsx bench/main-thread-compare.ts <route> <runs> <build dir> [<build dir> ...]
import type { Browser } from 'playwright-core';
import { hydrated, launchChromium, newPage } from '../e2e/browser';
import { combine, compareBuilds, type Measurer, type Sample } from './compare';
import { isMain } from './report';

const METRICS = { script: 'ScriptDuration', 'layout + style': 'LayoutDuration', tasks: 'TaskDuration' } as const;
export type MainThreadLabel = keyof typeof METRICS;

/** Chromium (playwright) for the whole comparison; one fresh context per visit. Figures in ms. */
export function mainThreadMeasurer(): Measurer<MainThreadLabel> {
  let browser: Browser;
  return {
    labels: Object.keys(METRICS) as MainThreadLabel[],
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
      const sample = {} as Sample<MainThreadLabel>;
      for (const [label, name] of Object.entries(METRICS)) sample[label as MainThreadLabel] = value(name) * 1000;
      sample['layout + style'] += value('RecalcStyleDuration') * 1000;
      await close();
      return sample;
    },
  };
}

type TraceEvent = { name: string; ph: string; dur?: number; args?: { data?: { url?: string } } };

/** A visit of its own with a performance trace: the time Chromium spent evaluating `main.<hash>.js`, in ms. */
export function mainBundleMeasurer(): Measurer<'main.js evaluation'> {
  let browser: Browser;
  return {
    labels: ['main.js evaluation'],
    async setUp() {
      browser = await launchChromium();
      return async () => browser.close();
    },
    async measure(server, route) {
      const { page, close } = await newPage(browser, server);
      await browser.startTracing(page, { categories: ['devtools.timeline'] });
      await page.goto(server.url(route));
      await hydrated(page);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      await close();
      const evaluations = trace.traceEvents.filter(
        (e) => e.name === 'EvaluateScript' && e.ph === 'X' && /\/main\.[0-9a-f]+\.js$/.test(e.args?.data?.url ?? ''),
      );
      if (evaluations.length !== 1) throw new Error(`expected one evaluation of main.js, found ${evaluations.length}`);
      return { 'main.js evaluation': evaluations[0]!.dur! / 1000 };
    },
  };
}

if (isMain(import.meta.url)) {
  await compareBuilds<MainThreadLabel | 'main.js evaluation'>({
    ...combine(mainThreadMeasurer(), mainBundleMeasurer()),
    script: 'main-thread-compare.ts',
    defaultRuns: 10,
    title: (route, runs) =>
      `### /${route}: main-thread time (ms), median (min–max) of ${runs} first visits per build, in turns`,
    format: (value) => value.toFixed(0),
  });
}
