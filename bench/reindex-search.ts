// Rebuilds the embedded search index of an existing production build (site/build by default) with the
// current index code, without a new site build: for trying a change of the index build or the ranking
// rules in seconds. The pages' declared questions come from the build's docs-corpus.json, as the
// plugin gets them from the same front matter.
//   npx tsx bench/reindex-search.ts [build-dir]
import fs from 'node:fs';
import path from 'node:path';
import type { Corpus } from 'docs-server/corpus-schema';
import { BASE_URL } from '../site/src/constants';
import { buildEmbeddedIndex } from '../site/src/plugins/search/build';
import { BUILD_DIR } from '../site/src/plugins/search/build/builtIndex';

const buildDir = path.resolve(process.argv[2] ?? BUILD_DIR);
const corpus = JSON.parse(fs.readFileSync(path.join(buildDir, 'docs-corpus.json'), 'utf8')) as Corpus;
const questions = new Map(corpus.pages.map((page) => [page.url, page.questions ?? []]));
const routes = (fs.readdirSync(buildDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith('index.html'))
  .map((file) => `${BASE_URL}${path.dirname(file) === '.' ? '' : `${path.dirname(file)}/`}`);
const started = Date.now();
const stats = await buildEmbeddedIndex(buildDir, routes, BASE_URL, questions);
console.log(`reindexed ${stats.pages} pages (${stats.chunks} chunks) in ${Date.now() - started} ms`);
