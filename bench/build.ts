// Production build of the site: wall time cold (no caches, no output) and warm (caches from the cold
// run), peak memory of each, and the number of pages built. It rebuilds site/build, which the page
// benchmarks then measure, so `npm run bench` runs it first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain, toMarkdown, type BenchReport } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'site/build');
/** The bundler's persistent caches. */
const BUNDLER_CACHES = [
  'site/node_modules/.cache',
  'node_modules/.cache/rspack',
  'node_modules/.cache/webpack',
  'node_modules/.cache/babel-loader',
];
/** Everything a build reuses: generated files, the bundler's persistent caches, the output. */
const CACHES = ['site/.docusaurus', ...BUNDLER_CACHES, 'site/build'];

const remove = (paths: string[]) => {
  for (const p of paths) fs.rmSync(path.join(ROOT, p), { recursive: true, force: true });
};

/** Drops the bundler's caches: a build whose bundler options differ (source maps) must not reuse them. */
export const clearBundlerCaches = () => remove(BUNDLER_CACHES);
const GNU_TIME = '/usr/bin/time';

type BuildRun = { seconds: number; peakMiB: number };

/** Resident memory (KiB) of a process and all its descendants, read from /proc. */
function treeRssKiB(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const visit = (p: number) => {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended
    }
    (children.get(p) ?? []).forEach(visit);
  };
  visit(pid);
  return total;
}

/**
 * Runs `npm run build` and measures its wall time and peak memory. Peak memory comes from GNU time
 * (the kernel's maximum resident set size of the largest process) when it is installed, else from
 * polling /proc for the resident memory of the whole process tree.
 */
async function timedBuild(): Promise<BuildRun> {
  const timeFile = path.join(os.tmpdir(), `bench-build-time-${process.pid}.txt`);
  const useGnuTime = fs.existsSync(GNU_TIME);
  const [cmd, args] = useGnuTime
    ? [GNU_TIME, ['-v', '-o', timeFile, 'npm', 'run', 'build']]
    : ['npm', ['run', 'build']];
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let polledPeak = 0;
  const poll = useGnuTime
    ? undefined
    : setInterval(() => (polledPeak = Math.max(polledPeak, treeRssKiB(child.pid!))), 250);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(poll);
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${stderr}`);
  let peakKiB = polledPeak;
  if (useGnuTime) {
    peakKiB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeFile, 'utf8'))?.[1]);
    fs.rmSync(timeFile, { force: true });
  }
  return { seconds, peakMiB: peakKiB / 1024 };
}

function countPages(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html')).length;
}

export async function run(): Promise<BenchReport> {
  remove(CACHES);
  const cold = await timedBuild();
  const warm = await timedBuild();
  const fmt = (r: BuildRun) => `${r.seconds.toFixed(1)} s, peak memory ${r.peakMiB.toFixed(0)} MiB`;
  return {
    title: 'Production build',
    rows: [
      { metric: 'cold build (no caches)', value: fmt(cold) },
      { metric: 'warm build', value: fmt(warm) },
      { metric: 'pages built (HTML files)', value: String(countPages(OUT_DIR)) },
    ],
  };
}

if (isMain(import.meta.url)) console.log(toMarkdown(await run()));
