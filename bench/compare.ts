// Measuring one page of several builds in turns (build A, B, C, then B, C, A, ...), so that the
// machine's load drifts over all of them alike; used by lighthouse-compare.ts and main-thread-compare.ts.
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../e2e/harness';

export type Sample<L extends string> = Record<L, number>;

export interface Comparison<L extends string> {
  /** The script's name in its usage line. */
  script: string;
  defaultRuns: number;
  labels: readonly L[];
  /** The table's heading; `runs` is the number of runs per build. */
  title: (route: string, runs: number) => string;
  /** Starts what every measurement shares (a browser); returns its closer. */
  setUp: () => Promise<() => Promise<void>>;
  measure: (server: StaticServer, route: string, dir: string) => Promise<Sample<L>>;
  /** How a median or a bound is printed. */
  format: (value: number) => string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Reads `<route> <runs> <build dir>...` from the command line, measures in turns, prints the table. */
export async function compareBuilds<L extends string>(c: Comparison<L>): Promise<void> {
  const [route = '', runsArg = String(c.defaultRuns), ...dirs] = process.argv.slice(2);
  const runs = Number(runsArg);
  if (dirs.length === 0 || !Number.isInteger(runs) || runs < 1) {
    console.error(`Usage: npx tsx bench/${c.script} <route> <runs> <build dir> [<build dir> ...]`);
    process.exit(2);
  }
  const servers = await Promise.all(dirs.map((dir) => startStaticServer(path.resolve(dir), { gzip: true })));
  const tearDown = await c.setUp();
  const samples: Sample<L>[][] = dirs.map(() => []);
  try {
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < dirs.length; k++) {
        const i = (round + k) % dirs.length;
        samples[i]!.push(await c.measure(servers[i]!, route, dirs[i]!));
      }
    }
  } finally {
    await tearDown();
    await Promise.all(servers.map((s) => s.close()));
  }
  console.log(`${c.title(route, runs)}\n`);
  console.log(`| build | ${c.labels.join(' | ')} |`);
  console.log(`| --- | ${c.labels.map(() => '---').join(' | ')} |`);
  dirs.forEach((dir, i) => {
    const cells = c.labels.map((label) => {
      const values = samples[i]!.map((s) => s[label]);
      return `${c.format(median(values))} (${c.format(Math.min(...values))}–${c.format(Math.max(...values))})`;
    });
    console.log(`| ${dir} | ${cells.join(' | ')} |`);
  });
}
