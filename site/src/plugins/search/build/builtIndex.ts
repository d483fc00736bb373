// Loads the embedded search index of a production build in Node (for the tests and benchmarks),
// through the same pagefind.js and the same backend the browser uses: Pagefind fetches its files
// relative to its own URL, so file: URLs are answered from the build folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEmbeddedBackend } from '../client/embeddedBackend';
import { openPagefind } from '../client/pagefind';
import { INDEX_DIR, RANKING_FILE, VOCABULARY_FILE } from '../paths';

/** The site's production build: site/build. */
export const BUILD_DIR = path.resolve(fileURLToPath(import.meta.url), '../../../../../build');

/** Makes fetch() answer file: URLs from the disk, as a server would; returns the undo. */
export function answerFileUrls(): () => void {
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (url.protocol !== 'file:') return networkFetch(input, init);
    const body = await fs.readFile(fileURLToPath(url)).catch(() => null);
    return body ? new Response(body) : new Response('not found', { status: 404 });
  }) as typeof fetch;
  return () => {
    globalThis.fetch = networkFetch;
  };
}

export async function loadBuiltIndex(buildDir = BUILD_DIR) {
  const indexDir = path.join(buildDir, INDEX_DIR);
  const entry = path.join(indexDir, 'pagefind.js');
  await fs.access(entry).catch(() => {
    throw new Error(`No embedded search index at ${indexDir}: run "npm run build" first.`);
  });
  const restoreFetch = answerFileUrls();
  const loadVocabulary = async () =>
    JSON.parse(await fs.readFile(path.join(indexDir, VOCABULARY_FILE), 'utf8')) as string[];
  const loadPriors = async () => JSON.parse(await fs.readFile(path.join(indexDir, RANKING_FILE), 'utf8'));
  let pagefind = openPagefind(pathToFileURL(entry).href);
  return {
    /**
     * The embedded backend on this index; `fresh`: on a Pagefind that has loaded nothing yet, as on a reader's
     * first search after a page load (Pagefind also matches a query word's extensions among the
     * chunks earlier searches loaded, so a long run of searches on one instance finds more).
     */
    backend: ({ fresh = false } = {}) => {
      if (fresh) pagefind = pagefind.then((p) => p.destroy()).then(() => openPagefind(pathToFileURL(entry).href));
      const loaded = pagefind;
      return createEmbeddedBackend({
        load: () => loaded,
        loadVocabulary,
        loadPriors,
        origin: 'https://docs.test',
      });
    },
    restoreFetch,
  };
}
