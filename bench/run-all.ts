// `npm run bench [-- name ...]`: runs every benchmark in bench/ (each file that exports `run()`),
// prints one Markdown table and, when all of them ran, writes it to bench/results/latest.md (keeping the
// section that reference-compare.ts writes there).
// The build benchmark goes first: it rebuilds site/build, which the page benchmarks measure.
// A benchmark that throws gets a row with its error; the others still run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getSection, REFERENCE_SECTION, setSection, toTable, type BenchReport } from './report';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(DIR, 'results/latest.md');
const FIRST = ['build'];

type Bench = { name: string; run: () => Promise<BenchReport> };

async function discover(): Promise<Bench[]> {
  const names = fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -3))
    .filter((name) => name !== 'run-all')
    // Only modules that export run() are imported: the others are command-line tools that start on import.
    .filter((name) => /^export (async )?function run\(/m.test(fs.readFileSync(path.join(DIR, `${name}.ts`), 'utf8')))
    .sort((a, b) => Number(FIRST.includes(b)) - Number(FIRST.includes(a)) || a.localeCompare(b));
  const benches: Bench[] = [];
  for (const name of names) {
    const mod = (await import(pathToFileURL(path.join(DIR, `${name}.ts`)).href)) as { run?: unknown };
    if (typeof mod.run === 'function') benches.push({ name, run: mod.run as Bench['run'] });
  }
  return benches;
}

const only = process.argv.slice(2);
const all = await discover();
const unknown = only.filter((name) => !all.some((b) => b.name === name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${all.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = only.length ? all.filter((b) => only.includes(b.name)) : all;

// Timings depend on what else the machine runs: the header records the load when the run started.
const loadAtStart = os.loadavg()[0]!.toFixed(1);
const reports: BenchReport[] = [];
let failed = false;
for (const bench of selected) {
  console.error(`bench: ${bench.name}…`);
  const started = performance.now();
  try {
    reports.push(await bench.run());
  } catch (e) {
    failed = true;
    reports.push({
      title: bench.name,
      rows: [{ metric: 'error', value: String((e as Error).message ?? e).split('\n')[0]! }],
    });
  }
  console.error(`bench: ${bench.name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const commit = execSync('git rev-parse --short HEAD', { cwd: DIR, encoding: 'utf8' }).trim();
const dirty = execSync("git status --porcelain -- ':(top)' ':(top,exclude)bench/results'", {
  cwd: DIR,
  encoding: 'utf8',
}).trim()
  ? ' (with uncommitted changes)'
  : '';
const header = [
  '# Benchmarks',
  '',
  `Commit ${commit}${dirty}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
    `Machine: ${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ` +
    `load average ${loadAtStart} at the start.`,
  '',
].join('\n');
const markdown = `${header}\n${toTable(reports)}`;
console.log(markdown);
if (only.length === 0) {
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  const kept = fs.existsSync(RESULTS) ? getSection(fs.readFileSync(RESULTS, 'utf8'), REFERENCE_SECTION) : undefined;
  fs.writeFileSync(RESULTS, kept ? setSection(markdown, REFERENCE_SECTION, kept) : markdown);
  console.error(`bench: written to ${path.relative(process.cwd(), RESULTS)}`);
} else {
  console.error('bench: only some benchmarks ran, so bench/results/latest.md was left as it was');
}
process.exit(failed ? 1 : 0);
