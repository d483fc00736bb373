import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { builtPageFile } from '../builtPage';
import { annotatePage } from './annotate';
import type { SearchBackend } from './config';
import { INDEX_DIR, VOCABULARY_FILE } from './paths';
import { DOCSEARCH_FIXES, EMBEDDED_FIXES } from './sourceFixes';
import { VocabularyBuilder } from './vocabulary';

// The search plugin: DocSearch build-time fixes for both backends; with the embedded backend, the
// search client alias and, after the build, the Pagefind index of every doc and wiki page.
export default function searchPlugin(context: LoadContext, options: unknown): Plugin {
  const backend = options as SearchBackend;
  const embedded = backend.mode === 'embedded';
  return {
    name: 'docs-search',
    configureWebpack() {
      const fixes = embedded ? [...DOCSEARCH_FIXES, ...EMBEDDED_FIXES] : DOCSEARCH_FIXES;
      return {
        module: {
          rules: [
            {
              test: /(@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]DocSearch(Modal|Button)|theme-search-algolia[\\/]lib[\\/]theme[\\/]SearchBar[\\/]index)\.js$/,
              use: [{ loader: path.resolve(__dirname, 'replaceOnceLoader.cjs'), options: { fixes } }],
            },
          ],
        },
        // The search page builds its client with `liteClient(appId, apiKey)` from algoliasearch/lite:
        // with the embedded backend that name resolves to our Pagefind client instead.
        resolve: embedded ? { alias: { 'algoliasearch/lite$': path.resolve(__dirname, 'embeddedClient.ts') } } : {},
      };
    },
    getClientModules() {
      return embedded ? [path.resolve(__dirname, 'embedded.css')] : [];
    },
    async postBuild({ outDir, routesPaths }) {
      if (!embedded) return;
      const started = Date.now();
      const stats = await buildEmbeddedIndex(outDir, routesPaths, context.baseUrl);
      console.log(
        `[docs-search] Indexed ${stats.pages} pages, ${stats.words} vocabulary words in ${Date.now() - started} ms`,
      );
    },
  };
}

/**
 * The installed file `node_modules/<relative>`, looked up from this file's folder (a build) or the
 * working directory (scripts run with tsx). Package exports hide these files from require.resolve.
 */
export async function findInstalled(relative: string): Promise<string> {
  for (const start of [__dirname, process.cwd()]) {
    for (let dir = path.resolve(start); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'node_modules', relative);
      if (await fs.stat(file).catch(() => null)) return file;
    }
  }
  throw new Error(`[docs-search] node_modules/${relative} is not installed (npm ci installs it).`);
}

// Pagefind's Node API is ESM-only (exports has no "require"), and Docusaurus loads this file through
// jiti, which turns import() into require(); importing the file by URL sidesteps the exports map.
async function loadPagefindNodeApi(): Promise<typeof import('pagefind')> {
  return import(pathToFileURL(await findInstalled('pagefind/lib/index.js')).href);
}

export async function buildEmbeddedIndex(outDir: string, routesPaths: string[], baseUrl: string) {
  const pagefind = await loadPagefindNodeApi();
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`[docs-search] Pagefind could not start: ${errors.join('; ')}`);
  const vocabulary = new VocabularyBuilder();
  // Pagefind indexes in its own process: hand it each page as soon as it is parsed, await at the end.
  const added: Array<Promise<{ route: string; errors: string[] }>> = [];
  for (const route of new Set(routesPaths)) {
    const file = builtPageFile(outDir, baseUrl, route);
    if (!file) continue;
    const html = await fs.readFile(file, 'utf8').catch(() => null);
    const page = html && annotatePage(html);
    if (!page) continue;
    added.push(index.addHTMLFile({ url: route, content: page.html }).then(({ errors }) => ({ route, errors })));
    vocabulary.addPage(page.text, [page.title, ...page.headings]);
  }
  for (const { route, errors } of await Promise.all(added)) {
    if (errors.length) throw new Error(`[docs-search] ${route}: ${errors.join('; ')}`);
  }
  const pages = added.length;
  const outputPath = path.join(outDir, INDEX_DIR);
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`[docs-search] ${written.errors.join('; ')}`);
  // Pagefind also writes its own UI bundles; the DocSearch UI uses none of them.
  for (const file of await fs.readdir(outputPath)) {
    if (/^pagefind-(component-|modular-)?ui\.|^pagefind-highlight\.|^wasm\.unknown\./.test(file)) {
      await fs.rm(path.join(outputPath, file));
    }
  }
  const words = vocabulary.build();
  await fs.writeFile(path.join(outputPath, VOCABULARY_FILE), JSON.stringify(words));
  await pagefind.close();
  return { pages, words: words.length };
}
