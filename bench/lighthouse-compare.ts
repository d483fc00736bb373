// Lighthouse on one page of several builds, run in turns (compare.ts), so that the machine's load drifts
// over all of them alike: how the patch hunks of site/src/theme/README.md were measured, each build made
// without one hunk. Not part of `npm run bench` (it exports no `run`); reference-compare.ts uses its measurer.
// Usage: npx tsx bench/lighthouse-compare.ts <route> <runs> <build dir> [<build dir> ...]
// Prints, per build, the median and the range of TBT, main-thread time, script evaluation, LCP and the
// performance score (mobile preset; times with Lighthouse's simulated 4x CPU slowdown).
import lighthouse from 'lighthouse';
import { compareBuilds, type Measurer, type Sample } from './compare';
import { startChromium } from './lighthouse';
import { isMain } from './report';

const METRICS = {
  'TBT (ms)': 'total-blocking-time',
  'main-thread (ms)': 'mainthread-work-breakdown',
  'script evaluation (ms)': 'bootup-time',
  'LCP (ms)': 'largest-contentful-paint',
} as const;
export type LighthouseLabel = keyof typeof METRICS | 'performance';

/** Chromium with a DevTools port for the whole comparison; one Lighthouse run (mobile preset) per visit. */
export function lighthouseMeasurer(): Measurer<LighthouseLabel> {
  let chromium: Awaited<ReturnType<typeof startChromium>>;
  return {
    labels: ['performance', ...(Object.keys(METRICS) as (keyof typeof METRICS)[])],
    async setUp() {
      chromium = await startChromium();
      return async () => chromium.close();
    },
    async measure(server, route, dir) {
      const result = await lighthouse(server.url(route), {
        port: chromium.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${dir}`);
      const { audits, categories } = result.lhr;
      const sample = { performance: Math.round((categories.performance?.score ?? 0) * 100) } as Sample<LighthouseLabel>;
      for (const [label, id] of Object.entries(METRICS)) {
        sample[label as keyof typeof METRICS] = Math.round(audits[id]?.numericValue ?? NaN);
      }
      console.error(`${dir}: ${JSON.stringify(sample)}`);
      return sample;
    },
  };
}

if (isMain(import.meta.url)) {
  await compareBuilds<LighthouseLabel>({
    ...lighthouseMeasurer(),
    script: 'lighthouse-compare.ts',
    defaultRuns: 5,
    title: (route, runs) => `### /${route}: median (min–max) of ${runs} Lighthouse runs per build, in turns`,
    format: (value) => String(Math.round(value)),
  });
}
