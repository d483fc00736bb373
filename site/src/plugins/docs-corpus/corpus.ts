import { readFile } from 'node:fs/promises';
import type { Corpus } from 'docs-server/corpus-schema';
import { builtPageFile } from '../builtPage';
import { extractPage, type Area } from './extract';

/** The file the plugin writes into the build folder; the docs-server's CORPUS_PATH points at it. */
export const CORPUS_FILE = 'docs-corpus.json';

/** Page routes that are not docs: the landing page and search (404.html is not a page route). */
const isDocRoute = (route: string, baseUrl: string) => route !== baseUrl && route !== `${baseUrl}search/`;

export function areaOf(route: string, baseUrl: string): Area {
  return route.startsWith(`${baseUrl}wiki/`) ? 'wiki' : 'docs';
}

/**
 * Reads every built doc and wiki page of `routesPaths` from `outDir` and cuts it into sections.
 * Routes without a doc body (generated category indexes, custom pages) add nothing. `questions` are
 * the pages' front-matter questions by route.
 */
export async function buildCorpus(
  outDir: string,
  routesPaths: readonly string[],
  baseUrl: string,
  questions: ReadonlyMap<string, string[]> = new Map(),
  now = new Date(),
): Promise<Corpus> {
  const routes = [...new Set(routesPaths.filter((r) => isDocRoute(r, baseUrl)))].sort();
  const sections: Corpus['sections'] = [];
  const pages: NonNullable<Corpus['pages']> = [];
  for (const route of routes) {
    const file = builtPageFile(outDir, baseUrl, route);
    if (!file) continue;
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch (err) {
      throw new Error(`docs-corpus: cannot read the built page of ${route} (${file}): ${(err as Error).message}`);
    }
    const extracted = extractPage(html, route, areaOf(route, baseUrl));
    sections.push(...extracted.sections);
    if (extracted.page) pages.push({ ...extracted.page, questions: questions.get(route) ?? [] });
  }
  return { version: 1, generatedAt: now.toISOString(), sections, pages };
}
