// @vitest-environment node
// The word index re-cut into small chunks: pure rules on synthetic entries, then a real Pagefind
// bundle cut into many chunks, searched through the real pagefind.js against the bundle as built.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerFileUrls } from './builtIndex';
import { openPagefind, type Pagefind } from '../client/pagefind';
import { buildEmbeddedIndex } from './index';
import { chunkRanges, groupEntries, readWordEntries, recutWordIndex, type WordEntry } from './indexChunks';

const entry = (word: string, bytes = 10): WordEntry => ({ word, raw: Buffer.alloc(bytes) });
const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
/** Pagefind's lookup (pagefind_web `try_request_indexes`, strict bounds): the first chunk whose range holds the term. */
const chunkFor = (ranges: Array<{ from: string; to: string }>, term: string) =>
  ranges.findIndex((r) => utf8Order(term, r.from) >= 0 && utf8Order(term, r.to) <= 0);

describe('grouping and ranges', () => {
  const words = [
    'action',
    'actions',
    'api',
    'apis',
    'apply',
    'config',
    'metadata',
    'metadata_api',
    'metadata_apply',
    'metadatas',
    'metric',
    'migrat',
    'permiss',
    'permission',
    'permissions',
    'postgr',
    'query',
    'zebra',
  ].sort(utf8Order);
  const entries = words.map((w) => entry(w));
  const groups = groupEntries(entries, 25);
  const ranges = chunkRanges(groups, words[0]!);

  test('chunks are about the target size and keep every word, in order', () => {
    expect(groups.length).toBeGreaterThan(3);
    expect(groups.flat().map((e) => e.word)).toEqual(words);
  });

  test('a word sits in one chunk with every word it begins, so Pagefind matches them all', () => {
    for (const word of words) {
      const group = groups.findIndex((g) => g.some((e) => e.word === word));
      for (const longer of words.filter((w) => w.startsWith(word) && word.length >= 3)) {
        expect(
          groups[group]!.map((e) => e.word),
          `${word} → ${longer}`,
        ).toContain(longer);
      }
    }
  });

  test("each word, and each prefix of a chunk's first word, finds its chunk", () => {
    for (const [i, group] of groups.entries()) {
      for (const { word } of group) expect(chunkFor(ranges, word), word).toBe(i);
      const first = group[0]!.word;
      // The shortest prefix that is not also a prefix of the previous chunk's last word.
      expect(chunkFor(ranges, ranges[i]!.from)).toBe(i);
      expect(first.startsWith(ranges[i]!.from)).toBe(true);
    }
  });

  test('ranges are ordered and do not overlap', () => {
    for (let i = 1; i < ranges.length; i++) expect(utf8Order(ranges[i - 1]!.to, ranges[i]!.from)).toBeLessThan(0);
  });

  test('a word larger than the target ends its chunk', () => {
    const big = groupEntries([entry('aa'), entry('bb', 500), entry('cc'), entry('dd')], 100);
    expect(big.map((g) => g.map((e) => e.word))).toEqual([
      ['aa', 'bb'],
      ['cc', 'dd'],
    ]);
  });
});

// Pages built from a small vocabulary with families of words (metadata, metadata_api, …).
const VOCABULARY = [
  'metadata',
  'metadata_api',
  'metadata_apply',
  'metadatas',
  'permission',
  'permissions',
  'permissive',
  'event',
  'events',
  'eventing',
  'trigger',
  'triggers',
  'triggered',
  'table',
  'tables',
  'tablespace',
  'schema',
  'schemas',
  'remote',
  'remotely',
  'action',
  'actions',
  'actionable',
  'cron',
  'cronjob',
  'jwt',
  'jwk_url',
  'claims',
  'claim',
  'postgres',
  'postgresql',
  'query',
  'queries',
  'queried',
  'subscription',
  'subscriptions',
  'stream',
  'streaming',
  'role',
  'roles',
  'rolled',
  'webhook',
  'webhooks',
  'cache',
  'cached',
  'caching',
  'limit',
  'limits',
  'offset',
  'order_by',
  'distinct_on',
];
function page(n: number): string {
  const words = Array.from({ length: 80 }, (_, i) => VOCABULARY[(n * 7 + i * (n + 3)) % VOCABULARY.length]);
  return `<!doctype html><html lang="en"><head><title>Page ${n}</title>
<meta name="docusaurus_tag" content="docs-default-current"><meta name="docsearch:language" content="en"></head>
<body><article><div class="theme-doc-markdown markdown"><header><h1>Page ${n} ${words[0]}</h1></header>
<p>${words.slice(1, 40).join(' ')}</p><h2 id="more">More ${words[40]}</h2><p>${words.slice(41).join(' ')}</p>
</div></article></body></html>`;
}

describe('a real bundle cut into many chunks', () => {
  const BASE = '/docs/2.0/';
  let built: string;
  let recut: string;
  let restoreFetch: () => void;
  beforeAll(async () => {
    built = await fs.mkdtemp(path.join(os.tmpdir(), 'index-chunks-'));
    const routes = [];
    for (let n = 0; n < 12; n++) {
      await fs.mkdir(path.join(built, `p${n}`), { recursive: true });
      await fs.writeFile(path.join(built, `p${n}`, 'index.html'), page(n));
      routes.push(`${BASE}p${n}/`);
    }
    await buildEmbeddedIndex(built, routes, BASE);
    recut = `${built}-recut`;
    await fs.cp(built, recut, { recursive: true });
    await recutWordIndex(path.join(recut, 'pagefind'), 120);
    restoreFetch = answerFileUrls();
  }, 60_000);
  afterAll(async () => {
    restoreFetch?.();
    await Promise.all([built, recut].map((dir) => dir && fs.rm(dir, { recursive: true, force: true })));
  });

  const indexFiles = async (dir: string) => fs.readdir(path.join(dir, 'pagefind', 'index'));
  const wordsOf = async (dir: string) => {
    const words: string[] = [];
    for (const file of await indexFiles(dir)) {
      const plain = gunzipSync(await fs.readFile(path.join(dir, 'pagefind', 'index', file))).subarray(12);
      words.push(...readWordEntries(plain).map((e) => e.word));
    }
    return words.sort(utf8Order);
  };
  /** A search on a Pagefind that has loaded nothing yet, as on a reader's first search. */
  const freshSearch = async (dir: string, query: string) => {
    const url = pathToFileURL(path.join(dir, 'pagefind', 'pagefind.js')).href;
    await ((await import(/* @vite-ignore */ url)) as Pagefind & { destroy(): Promise<void> }).destroy();
    const pagefind = await openPagefind(url);
    const found = await pagefind.search(query, {});
    return (found?.results ?? []).map((r) => `${r.id} ${r.score.toFixed(6)} ${r.words.join(',')}`);
  };

  test('holds the same words in many more chunk files', async () => {
    expect((await indexFiles(recut)).length).toBeGreaterThan(4 * (await indexFiles(built)).length);
    expect(await wordsOf(recut)).toEqual(await wordsOf(built));
  });

  test('every word, alone and with another, finds the same pages with the same scores', async () => {
    const words = await wordsOf(built);
    expect(words).toEqual(expect.arrayContaining(['metadata', 'metadata_api', 'permiss']));
    for (const word of words) {
      const before = await freshSearch(built, word);
      expect(before.length, word).toBeGreaterThan(0);
      expect(await freshSearch(recut, word), word).toEqual(before);
    }
    // Two words from different chunks: both chunks load (Pagefind shortens a chunk's upper bound,
    // which made its last words unreachable next to another word; here every bound is a whole word).
    let found = 0;
    for (const [i, word] of words.entries()) {
      const query = `${word} ${words[(i * 7 + 3) % words.length]}`;
      const before = await freshSearch(built, query);
      if (before.length) found++;
      expect(await freshSearch(recut, query), query).toEqual(before);
    }
    expect(found).toBeGreaterThan(words.length / 4);
  }, 60_000);
});
