import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { builtPageFile } from '../../builtPage';
import { questionsByPermalink } from '../../pageQuestions';
import { annotatePage, type AnnotatedPage } from './annotate';
import type { SearchBackend } from '../../../buildEnv';
import { readPagefindFile, recutWordIndex } from './indexChunks';
import { INDEX_DIR, RANKING_FILE, VOCABULARY_FILE } from '../paths';
import { pageSignals, type RankingData } from '../ranking';
import { VocabularyBuilder } from './vocabulary';

/** The OpenSearch description: browsers offer "search this site" from the address bar with it. */
export const OPENSEARCH_FILE = 'opensearch.xml';

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** OpenSearch allows 16 characters: "Hasura GraphQL Docs" becomes "Hasura Docs". */
const shortName = (title: string) => (title.length <= 16 ? title : `${title.split(' ')[0]} Docs`.slice(0, 16));

export function openSearchDescription(siteUrl: string, baseUrl: string, title: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${escapeXml(shortName(title))}</ShortName>
  <Description>Search ${escapeXml(title)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image width="16" height="16" type="image/svg+xml">${escapeXml(`${origin}${baseUrl}img/favicon.svg`)}</Image>
  <Url type="text/html" method="get" template="${escapeXml(`${origin}${baseUrl}search/?q={searchTerms}`)}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(`${origin}${baseUrl}${OPENSEARCH_FILE}`)}"/>
  <moz:SearchForm>${escapeXml(`${origin}${baseUrl}search/`)}</moz:SearchForm>
</OpenSearchDescription>
`;
}

// The search plugin: the /search/ page's route, the backend choice as global data for the dialog
// and the page, and, with the embedded backend, the Pagefind index of every doc and wiki page,
// built after the production build.
export default function searchPlugin(context: LoadContext, options: unknown): Plugin {
  const backend = options as SearchBackend;
  let questions = new Map<string, string[]>();
  return {
    name: 'docs-search',
    async allContentLoaded({ allContent }) {
      questions = questionsByPermalink(allContent, context.siteDir);
    },
    async contentLoaded({ actions }) {
      actions.setGlobalData({ backend });
      actions.addRoute({ path: `${context.baseUrl}search`, component: '@theme/SearchPage', exact: true });
    },
    injectHtmlTags() {
      return {
        headTags: [
          {
            tagName: 'link',
            attributes: {
              rel: 'search',
              type: 'application/opensearchdescription+xml',
              title: context.siteConfig.title,
              href: `${context.baseUrl}${OPENSEARCH_FILE}`,
            },
          },
        ],
      };
    },
    async postBuild({ outDir, routesPaths }) {
      const { url, title } = context.siteConfig;
      await fs.writeFile(path.join(outDir, OPENSEARCH_FILE), openSearchDescription(url, context.baseUrl, title));
      if (backend.mode !== 'embedded') return;
      const started = Date.now();
      const stats = await buildEmbeddedIndex(outDir, routesPaths, context.baseUrl, questions);
      console.log(
        `[docs-search] Indexed ${stats.pages} pages (${stats.chunks} word index chunks), ${stats.words} vocabulary words in ${Date.now() - started} ms`,
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

/** `questions`: each page's front-matter questions by route, indexed as a page-level field. */
export async function buildEmbeddedIndex(
  outDir: string,
  routesPaths: string[],
  baseUrl: string,
  questions: ReadonlyMap<string, string[]> = new Map(),
) {
  const pagefind = await loadPagefindNodeApi();
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`[docs-search] Pagefind could not start: ${errors.join('; ')}`);
  const vocabulary = new VocabularyBuilder();
  const pages: AnnotatedPage[] = [];
  for (const route of new Set(routesPaths)) {
    const file = builtPageFile(outDir, baseUrl, route);
    if (!file) continue;
    const html = await fs.readFile(file, 'utf8').catch(() => null);
    const page = html && annotatePage(html, route);
    if (!page) continue;
    pages.push(page);
    vocabulary.addPage(page.text, [page.title, ...page.headings]);
  }
  // Page-level fields and priors depend on the whole site (shared keywords, twin pages).
  const signals = pageSignals(pages, baseUrl);
  const ranking: RankingData = { p: {}, n: {}, f: {}, t: pages.length };
  for (const clause of pages.flatMap((page) => page.filters)) ranking.f[clause] = (ranking.f[clause] ?? 0) + 1;
  // Pagefind indexes in its own process: hand it every page, await at the end.
  const added = await Promise.all(
    pages.map((page) =>
      index
        .addHTMLFile({
          url: page.route,
          content: page.render({
            ...signals.get(page.route)!.meta,
            questions: (questions.get(page.route) ?? []).join(' '),
          }),
        })
        .then((r) => ({
          route: page.route,
          ...r,
        })),
    ),
  );
  for (const { route, errors } of added) {
    if (errors.length) throw new Error(`[docs-search] ${route}: ${errors.join('; ')}`);
  }
  const outputPath = path.join(outDir, INDEX_DIR);
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`[docs-search] ${written.errors.join('; ')}`);
  // Pagefind also writes its own UI bundles; our dialog uses none of them.
  for (const file of await fs.readdir(outputPath)) {
    if (/^pagefind-(component-|modular-)?ui\.|^pagefind-highlight\.|^wasm\.unknown\./.test(file)) {
      await fs.rm(path.join(outputPath, file));
    }
  }
  const chunks = await recutWordIndex(outputPath);
  // Priors are keyed by Pagefind's page id (its fragment's file name), which the browser has
  // for every result before it fetches any page data.
  for (const [id, url] of await fragmentUrls(path.join(outputPath, 'fragment'))) {
    const page = signals.get(url);
    if (page?.prior) ranking.p[id] = page.prior;
    if (page?.count) ranking.n[id] = page.count;
  }
  await fs.writeFile(path.join(outputPath, RANKING_FILE), JSON.stringify(ranking));
  const words = vocabulary.build();
  await fs.writeFile(path.join(outputPath, VOCABULARY_FILE), JSON.stringify(words));
  await pagefind.close();
  return { pages: pages.length, words: words.length, chunks };
}

/** Page id → URL, from Pagefind's fragment files (JSON). */
async function fragmentUrls(dir: string): Promise<Array<[string, string]>> {
  const files = await fs.readdir(dir);
  return Promise.all(
    files.map(async (file): Promise<[string, string]> => {
      const { url } = JSON.parse(readPagefindFile(await fs.readFile(path.join(dir, file)), file).toString('utf8')) as {
        url: string;
      };
      return [file.replace(/\.pf_fragment$/, ''), url];
    }),
  );
}
