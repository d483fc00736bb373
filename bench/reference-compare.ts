// The working tree against a reference commit (the last release, say), measured on this machine in turns,
// so that a change is judged by its ratio to the reference and not by absolute figures from another
// machine. It builds the reference in a temporary git worktree (`npm ci` there, so its own dependencies
// and patches/, then `npm run build --workspace site`), keeps a copy of that build under
// node_modules/.cache/reference-builds/<commit>/ so the next run does not rebuild it, and removes the
// worktree. The working tree's build is site/build (built first when it is missing; an existing one is
// measured as it is, so rebuild it after changing the site). Then, on one route, in turns (reference,
// working tree, then working tree, reference, ...): main-thread time, script evaluation and layout
// (Chromium's counters, main-thread-compare.ts), TBT (Lighthouse, lighthouse-compare.ts); and once per
// build the first-load JS (first-load-js.ts; bytes are exact). Prints the table and writes it to the
// section "Against the reference build" of bench/results/latest.md, which `npm run bench` keeps.
// Not part of `npm run bench` (it exports no `run`).
// Usage: npx tsx bench/reference-compare.ts <ref> [route] [runs]   (default: auth/authentication/jwt/, 4 runs)
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/browser';
import { startStaticServer } from '../e2e/servers';
import { BASE_URL } from '../site/src/constants';
import { readBuildEnv, type BuildEnv } from '../site/src/buildEnv';
import { combine, measureInTurns, summarize, type Summary } from './compare';
import { firstLoadJs } from './first-load-js';
import { lighthouseMeasurer, type LighthouseLabel } from './lighthouse-compare';
import { mainThreadMeasurer, type MainThreadLabel } from './main-thread-compare';
import { BENCH_PAGES } from './pages';
import { isMain, REFERENCE_SECTION, setSection } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKING_BUILD = path.join(ROOT, 'site/build');
const CACHE = path.join(ROOT, 'node_modules/.cache/reference-builds');
const RESULTS = path.join(ROOT, 'bench/results/latest.md');
const DEFAULT_ROUTE = BENCH_PAGES.find((p) => p.name === 'doc')!.route;
const DEFAULT_RUNS = 4;

// ---- Pure parts ----

/**
 * The cache directory's name of a reference build: its full commit hash, plus a hash of the build-time
 * environment when that is not the default one (ALGOLIA_*, DOCS_SERVER_URL, ... change what is built).
 */
export function referenceCacheKey(sha: string, buildEnv: BuildEnv): string {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error(`Not a full commit hash: "${sha}"`);
  const env = JSON.stringify(buildEnv);
  if (env === JSON.stringify(readBuildEnv({}))) return sha;
  return `${sha}-env-${createHash('sha256').update(env).digest('hex').slice(0, 12)}`;
}

/** working / reference; NaN when the reference is zero or either is not a number. */
export const ratio = (working: number, reference: number): number =>
  Number.isFinite(working) && Number.isFinite(reference) && reference !== 0 ? working / reference : NaN;

export const formatRatio = (r: number): string => (Number.isFinite(r) ? `×${r.toFixed(2)}` : 'n/a');

/** The median and, when the runs differ, their range. */
export const formatSummary = ({ median, min, max }: Summary, format: (value: number) => string): string =>
  min === max ? format(median) : `${format(median)} (${format(min)}–${format(max)})`;

export type ComparedMetric = {
  metric: string;
  reference: Summary;
  working: Summary;
  format: (value: number) => string;
};

/** The Markdown table: per metric, both builds' medians (min–max) and the ratio of the medians. */
export function comparisonTable(rows: readonly ComparedMetric[], referenceName: string): string {
  const lines = [
    `| metric | reference ${referenceName} | working tree | working / reference |`,
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.metric} | ${formatSummary(r.reference, r.format)} | ${formatSummary(r.working, r.format)} | ` +
        `${formatRatio(ratio(r.working.median, r.reference.median))} |`,
    ),
  ];
  return lines.join('\n') + '\n';
}

/** One line with every metric's ratio. */
export const ratioLine = (rows: readonly ComparedMetric[]): string =>
  rows.map((r) => `${r.metric} ${formatRatio(ratio(r.working.median, r.reference.median))}`).join(', ');

export type SectionFacts = {
  reference: { short: string; subject: string };
  working: string;
  date: string;
  route: string;
  runs: number;
  machine: string;
};

/** The section "Against the reference build" of bench/results/latest.md. */
export function referenceSection(facts: SectionFacts, rows: readonly ComparedMetric[]): string {
  const { reference, working, date, route, runs, machine } = facts;
  return [
    `## ${REFERENCE_SECTION}`,
    '',
    `Reference ${reference.short} ("${reference.subject}") against the working tree ${working}, ${date} UTC, ` +
      `on ${BASE_URL}${route}: ${runs} ${runs === 1 ? 'run' : 'runs'} per build, in turns (reference, working tree, ` +
      `then working tree, reference, ...). ${machine} Medians (min–max); the ratio is working tree / reference ` +
      `of the medians, below 1 is less. Main-thread time, script evaluation and layout + style: Chromium's counters ` +
      `(CDP Performance.getMetrics, desktop, no CPU slowdown); TBT: Lighthouse, mobile preset (simulated 4x slowdown); ` +
      `first-load JS: exact bytes, one visit per build. Made by \`npx tsx bench/reference-compare.ts\`; ` +
      `compare ratios, not the absolute figures of another machine.`,
    '',
    comparisonTable(rows, reference.short).trimEnd(),
    '',
    `Ratios: ${ratioLine(rows)}.`,
    '',
  ].join('\n');
}

// ---- Builds ----

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** Runs a command to its end with its output hidden; throws with the tail of its stderr if it fails. */
function step(what: string, cmd: string, args: string[], cwd: string): void {
  console.error(`reference-compare: ${what}…`);
  const started = performance.now();
  const result = spawnSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  if (result.status !== 0) {
    const how = result.signal ? `signal ${result.signal}` : `exit ${result.status}`;
    throw new Error(`${what} failed (${how}) in ${cwd}:\n${(result.stderr ?? '').slice(-4000)}`);
  }
  console.error(`reference-compare: ${what} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The reference's build directory: from the cache, else built in a temporary worktree and cached. */
function referenceBuild(sha: string): string {
  const dir = path.join(CACHE, referenceCacheKey(sha, readBuildEnv(process.env)));
  if (fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`reference-compare: reference build from the cache, ${path.relative(ROOT, dir)}`);
    return dir;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reference-'));
  const worktree = path.join(tmp, 'repo');
  // Ctrl-C also reaches the child (npm), which then fails: the worktree is still removed below.
  const ignoreSignal = () => undefined;
  process.on('SIGINT', ignoreSignal).on('SIGTERM', ignoreSignal);
  try {
    step(`git worktree add ${sha.slice(0, 12)}`, 'git', ['worktree', 'add', '--detach', worktree, sha], ROOT);
    // The reference's own dependencies and patches: its postinstall (patch-package) applies its patches/.
    step('npm ci in the reference worktree', 'npm', ['ci', '--no-audit', '--no-fund'], worktree);
    step('reference site build', 'npm', ['run', 'build', '--workspace', 'site'], worktree);
    const built = path.join(worktree, 'site/build');
    if (!fs.existsSync(path.join(built, 'index.html')))
      throw new Error(`The reference build left no ${built}/index.html`);
    // Copied under another name first, so an interrupted copy is never taken for a cached build.
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(built, partial, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
    console.error(`reference-compare: reference build cached in ${path.relative(ROOT, dir)}`);
    return dir;
  } finally {
    try {
      git(['worktree', 'remove', '--force', worktree]);
    } catch {
      fs.rmSync(worktree, { recursive: true, force: true });
      git(['worktree', 'prune']);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    process.off('SIGINT', ignoreSignal).off('SIGTERM', ignoreSignal);
  }
}

/** site/build, built first when it is missing. */
function workingBuild(): string {
  if (!fs.existsSync(path.join(WORKING_BUILD, 'index.html'))) {
    step('site/build is missing: building the working tree', 'npm', ['run', 'build', '--workspace', 'site'], ROOT);
  }
  return WORKING_BUILD;
}

/** The commit the working tree is at, and whether it has changes (bench/results aside). */
function describeWorkingTree(): string {
  const dirty = git(['status', '--porcelain', '--', ':(top)', ':(top,exclude)bench/results']);
  const built = fs.statSync(path.join(WORKING_BUILD, 'index.html')).mtime;
  return (
    `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' with uncommitted changes' : ''} ` +
    `(site/build of ${built.toISOString().slice(0, 16).replace('T', ' ')} UTC)`
  );
}

async function firstLoadJsOf(dirs: readonly string[], route: string) {
  const browser = await launchChromium();
  try {
    const sizes = [];
    for (const dir of dirs) {
      const server = await startStaticServer(dir);
      try {
        sizes.push(await firstLoadJs(browser, server, route));
      } finally {
        await server.close();
      }
    }
    return sizes;
  } finally {
    await browser.close();
  }
}

if (isMain(import.meta.url)) {
  const [ref, routeArg = DEFAULT_ROUTE, runsArg = String(DEFAULT_RUNS)] = process.argv.slice(2);
  const runs = Number(runsArg);
  if (!ref || !Number.isInteger(runs) || runs < 1) {
    console.error('Usage: npx tsx bench/reference-compare.ts <ref> [route] [runs]');
    process.exit(2);
  }
  const route = routeArg.replace(/^\//, '');
  let sha: string;
  try {
    sha = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    console.error(`reference-compare: "${ref}" is not a commit of this repository`);
    process.exit(2);
  }
  const reference = { short: sha.slice(0, 7), subject: git(['log', '-1', '--format=%s', sha]) };

  const workDir = workingBuild();
  const refDir = referenceBuild(sha);
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  console.error(`reference-compare: measuring /${route}, ${runs} run(s) per build in turns…`);
  const [refRuns, workRuns] = await measureInTurns(
    combine(mainThreadMeasurer(), lighthouseMeasurer()),
    [refDir, workDir],
    route,
    runs,
  );
  const [refJs, workJs] = await firstLoadJsOf([refDir, workDir], route);

  const ms = (value: number) => value.toFixed(0);
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  const exact = (value: number) => summarize([value]);
  const timing = (metric: string, label: MainThreadLabel | LighthouseLabel) => ({
    metric,
    reference: summarize(refRuns!.map((s) => s[label])),
    working: summarize(workRuns!.map((s) => s[label])),
    format: ms,
  });
  const rows: ComparedMetric[] = [
    timing('main-thread time (ms)', 'tasks'),
    timing('script evaluation (ms)', 'script'),
    timing('layout + style (ms)', 'layout + style'),
    timing('TBT (ms)', 'TBT (ms)'),
    { metric: 'first-load JS, gzip', reference: exact(refJs!.gzip), working: exact(workJs!.gzip), format: kb },
    { metric: 'first-load JS, raw', reference: exact(refJs!.raw), working: exact(workJs!.raw), format: kb },
    {
      metric: 'first-load JS, files',
      reference: exact(refJs!.count),
      working: exact(workJs!.count),
      format: String,
    },
  ];

  const section = referenceSection(
    {
      reference,
      working: describeWorkingTree(),
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      route,
      runs,
      machine: `Machine: ${os.cpus().length} CPUs, Node ${process.version}, load average ${loadAtStart} at the start.`,
    },
    rows,
  );
  console.log(section);
  const existing = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '# Benchmarks\n';
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, setSection(existing, REFERENCE_SECTION, section));
  console.error(`reference-compare: written to ${path.relative(process.cwd(), RESULTS)}`);
}
