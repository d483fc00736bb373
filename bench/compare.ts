// Measuring one page of several builds in turns (build A, B, C, then B, C, A, ...), so that the
// machine's load drifts over all of them alike; used by lighthouse-compare.ts, main-thread-compare.ts
// and reference-compare.ts.
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../e2e/servers';

export type Sample<L extends string> = Record<L, number>;

/** What one first visit to a page measures: the labels of its figures, what they share, one visit. */
export interface Measurer<L extends string> {
  labels: readonly L[];
  /** Starts what every measurement shares (a browser); returns its closer. */
  setUp: () => Promise<() => Promise<void>>;
  measure: (server: StaticServer, route: string, dir: string) => Promise<Sample<L>>;
}

export interface Comparison<L extends string> extends Measurer<L> {
  /** The script's name in its usage line. */
  script: string;
  defaultRuns: number;
  /** The table's heading; `runs` is the number of runs per build. */
  title: (route: string, runs: number) => string;
  /** How a median or a bound is printed. */
  format: (value: number) => string;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median and the range of some runs' values of one figure. */
export type Summary = { median: number; min: number; max: number };
export const summarize = (values: readonly number[]): Summary => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

/** Several measurers as one: each visit runs them one after the other and merges their figures. */
export function combine<A extends string, B extends string>(a: Measurer<A>, b: Measurer<B>): Measurer<A | B> {
  return {
    labels: [...a.labels, ...b.labels],
    async setUp() {
      const closeA = await a.setUp();
      try {
        const closeB = await b.setUp();
        return async () => {
          await closeB();
          await closeA();
        };
      } catch (e) {
        await closeA();
        throw e;
      }
    },
    async measure(server, route, dir) {
      return { ...(await a.measure(server, route, dir)), ...(await b.measure(server, route, dir)) } as Sample<A | B>;
    },
  };
}

/**
 * Serves each build (gzip, as production) and measures `route` `runs` times per build, in turns:
 * round r starts with build r (mod the number of builds). Returns the samples of each build, in order.
 */
export async function measureInTurns<L extends string>(
  m: Measurer<L>,
  dirs: readonly string[],
  route: string,
  runs: number,
): Promise<Sample<L>[][]> {
  const servers = await Promise.all(dirs.map((dir) => startStaticServer(path.resolve(dir), { gzip: true })));
  const samples: Sample<L>[][] = dirs.map(() => []);
  try {
    const tearDown = await m.setUp();
    try {
      for (let round = 0; round < runs; round++) {
        for (let k = 0; k < dirs.length; k++) {
          const i = (round + k) % dirs.length;
          samples[i]!.push(await m.measure(servers[i]!, route, dirs[i]!));
        }
      }
    } finally {
      await tearDown();
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
  return samples;
}

/** Reads `<route> <runs> <build dir>...` from the command line, measures in turns, prints the table. */
export async function compareBuilds<L extends string>(c: Comparison<L>): Promise<void> {
  const [route = '', runsArg = String(c.defaultRuns), ...dirs] = process.argv.slice(2);
  const runs = Number(runsArg);
  if (dirs.length === 0 || !Number.isInteger(runs) || runs < 1) {
    console.error(`Usage: npx tsx bench/${c.script} <route> <runs> <build dir> [<build dir> ...]`);
    process.exit(2);
  }
  const samples = await measureInTurns(c, dirs, route, runs);
  console.log(`${c.title(route, runs)}\n`);
  console.log(`| build | ${c.labels.join(' | ')} |`);
  console.log(`| --- | ${c.labels.map(() => '---').join(' | ')} |`);
  dirs.forEach((dir, i) => {
    const cells = c.labels.map((label) => {
      const { median, min, max } = summarize(samples[i]!.map((s) => s[label]));
      return `${c.format(median)} (${c.format(min)}–${c.format(max)})`;
    });
    console.log(`| ${dir} | ${cells.join(' | ')} |`);
  });
}
