// What a first visit's JavaScript is made of: every byte of every script a benchmark page downloads,
// attributed through the client source maps to its npm package, our own site file, or the Docusaurus
// generated file it came from. It makes one production build with source maps (BUNDLE_ANALYSIS=1)
// in a temporary directory, so site/build stays as it is.
// Usage: npx tsx bench/bundle.ts [build-dir]   (a build-dir made with BUNDLE_ANALYSIS=1 skips the build)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { launchChromium } from '../e2e/browser';
import { startStaticServer } from '../e2e/servers';
import { BASE_URL } from '../site/src/constants';
import { BUNDLE_ANALYSIS_ENV } from '../site/src/plugins/source-maps';
import { clearBundlerCaches } from './build';
import { BENCH_PAGES, files, firstVisit, gzipSize, kb, total, type Download } from './pages';
import { isMain, toMarkdown, type BenchReport, type BenchRow } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITE = path.join(ROOT, 'site');
/** The page shown group by group; the others get one line of their largest groups. */
const DETAILED_PAGE = 'doc';
const DETAILED_GROUPS = 12;
const SHORT_GROUPS = 5;
const UNMAPPED = 'bundler glue (no source)';

/** Files named after what they hold: Docusaurus's generated files (site/.docusaurus) and runtime parts. */
const NAMED: [RegExp, string][] = [
  [/^\.docusaurus\/routes\.js$/, 'route table (routes.js)'],
  [/^\.docusaurus\/registry\.js$/, 'route registry (registry.js)'],
  [/^\.docusaurus\/routesChunkNames\.json$/, 'route chunk names (routesChunkNames.json)'],
  [/^\.docusaurus\/globalData\.json$/, 'global data (globalData.json)'],
  [/^\.docusaurus\/docusaurus\.config\.mjs$/, 'site config (docusaurus.config.mjs)'],
  [/^\.docusaurus\/docusaurus-plugin-content-docs\/[^/]+\/p\//, 'docs sidebar + version metadata (…/p/*.json)'],
  [/^\.docusaurus\/.*\/site-(docs|wiki)-[^/]+\.json$/, 'doc page metadata (…/site-*.json)'],
  [/^\.docusaurus\//, 'other generated files (.docusaurus/*)'],
  [/^webpack\/runtime\/get javascript chunk filename$/, 'chunk id → file name map (runtime)'],
  [/^ChunkAssetRuntimeModule$/, 'chunk name → id map (runtime, Docusaurus)'],
  [/^webpack\/runtime\/|RuntimeModule$/, 'bundler runtime (the rest)'],
];

/** The group of a source-map source: npm package, named file, MDX page, or site folder. */
function groupOf(source: string | null): string {
  if (!source) return UNMAPPED;
  let file = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^json\|/, '');
  if (path.isAbsolute(file)) file = path.relative(SITE, file);
  const inPackage = file.lastIndexOf('node_modules/');
  if (inPackage >= 0) return /^(@[^/]+\/)?[^/]+/.exec(file.slice(inPackage + 'node_modules/'.length))![0];
  const named = NAMED.find(([pattern]) => pattern.test(file));
  if (named) return named[1];
  if (/^(docs|wiki)\/.+\.mdx?$/.test(file)) return `MDX page ${file}`;
  // Our own code by folder (src/components/DocsBot, src/theme/CodeBlock, ...) or top-level file.
  if (file.startsWith('src/')) return `site ${file.split('/').slice(0, 3).join('/')}`;
  return file;
}

/**
 * Cuts a script at every source-map segment and gives each piece (from one segment to the next)
 * to its source's group; text before the first segment has no source. Returns group → text.
 */
function attribute(code: string, map: RawSourceMap): Map<string, string> {
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const cuts = [{ offset: 0, group: UNMAPPED }];
  new SourceMapConsumer(map).eachMapping((m) =>
    cuts.push({ offset: lineStarts[m.generatedLine - 1]! + m.generatedColumn, group: groupOf(m.source) }),
  );
  const texts = new Map<string, string>();
  cuts.forEach(({ offset, group }, i) => {
    const piece = code.slice(offset, cuts[i + 1]?.offset ?? code.length);
    texts.set(group, (texts.get(group) ?? '') + piece);
  });
  return texts;
}

type Group = { name: string; raw: number; alone: number; share: number };
const sum = <K extends string>(items: Record<K, number>[], key: K) => items.reduce((n, item) => n + item[key], 0);

/**
 * The groups of the scripts a visit downloaded, largest first. `alone`: the group's text gzipped on
 * its own; `share`: `alone` scaled so that all groups add up to the measured gzip size of the scripts
 * (gzipped alone, small groups lose the context they share with their neighbours).
 */
function composition(buildDir: string, scripts: Download[]): Group[] {
  const texts = new Map<string, string>();
  for (const script of scripts) {
    const file = path.join(buildDir, decodeURIComponent(script.path.slice(BASE_URL.length)));
    const code = fs.readFileSync(file, 'utf8');
    const parts = fs.existsSync(`${file}.map`)
      ? attribute(code, JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
      : new Map([[`no source map: ${path.basename(file)}`, code]]);
    for (const [group, text] of parts) texts.set(group, (texts.get(group) ?? '') + text);
  }
  const groups = [...texts].map(([name, text]) => ({ name, raw: Buffer.byteLength(text), alone: gzipSize(text) }));
  const scale = total(scripts, 'script').gzip / sum(groups, 'alone');
  return groups.map((g) => ({ ...g, share: g.alone * scale })).sort((a, b) => b.share - a.share);
}

/**
 * One production build of the site with client source maps into `outDir`. It starts without the
 * bundler's cache: a cache from a build without source maps yields bundles without them.
 */
function buildWithSourceMaps(outDir: string): void {
  clearBundlerCaches();
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'site', '--', '--out-dir', outDir], {
    cwd: ROOT,
    env: { ...process.env, [BUNDLE_ANALYSIS_ENV]: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  if (build.status !== 0) {
    throw new Error(`site build with source maps failed (exit ${build.status}):\n${build.stderr.slice(-4000)}`);
  }
}

function pageRows(name: string, scripts: Download[], groups: Group[]): BenchRow[] {
  const js = total(scripts, 'script');
  const alone = sum(groups, 'alone');
  const totalRow = {
    metric: `${name}: total`,
    value:
      `${kb(js.gzip)} gzip measured (${kb(js.raw)} raw, ${files(js.count)}, ${groups.length} groups; ` +
      `groups gzipped alone add up to ${kb(alone)}, scaled ×${(js.gzip / alone).toFixed(2)} to the measured size)`,
  };
  if (name !== DETAILED_PAGE) {
    const largest = groups.slice(0, SHORT_GROUPS).map((g) => `${g.name} ${kb(g.share)}`);
    return [{ metric: `${name}: largest groups (gzip share)`, value: largest.join(', ') }, totalRow];
  }
  const rest = groups.slice(DETAILED_GROUPS);
  return [
    ...groups.slice(0, DETAILED_GROUPS).map((g) => ({
      metric: `${name}: ${g.name}`,
      value: `${kb(g.share)} gzip share (${kb(g.alone)} gzipped alone, ${kb(g.raw)} raw)`,
    })),
    {
      metric: `${name}: ${rest.length} other groups`,
      value: `${kb(sum(rest, 'share'))} gzip share (${kb(sum(rest, 'raw'))} raw)`,
    },
    totalRow,
  ];
}

export async function run(buildDir?: string): Promise<BenchReport> {
  const tempDir = buildDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  const dir = buildDir ? path.resolve(buildDir) : path.join(tempDir!, 'build');
  const rows: BenchRow[] = [];
  try {
    if (!buildDir) buildWithSourceMaps(dir);
    const server = await startStaticServer(dir);
    const browser = await launchChromium();
    try {
      for (const { name, route } of BENCH_PAGES) {
        const scripts = (await firstVisit(browser, server, route)).filter((d) => d.type === 'script');
        rows.push(...pageRows(name, scripts, composition(dir, scripts)));
      }
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }
  return { title: 'First-load JS by source', rows };
}

if (isMain(import.meta.url)) console.log(toMarkdown(await run(process.argv[2])));
