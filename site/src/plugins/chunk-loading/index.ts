import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { generatedFileLoader } from '../generatedFileLoader';

/** How long the browser waits for a lazy chunk before the page shows the loading error (Retry). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// How the browser loads lazy chunks: the timeout above, and chunk file names by chunk id instead of
// Docusaurus's route chunk names. The runtime every page loads maps each chunk to its file; with names
// in the file names it carries one more table of ~700 entries (one per route chunk, ~5 KB gzip), with
// ids only it needs none. And the route registry every page loads, without the module paths only the
// server reads (registryLoader.cjs), with short chunk names in it and in the route table, which carries each
// route's chunk names instead of a second table keyed by every route path (chunkNames.cjs, routesLoader.cjs).
export default function chunkLoadingPlugin(context: LoadContext): Plugin<unknown> {
  return {
    name: 'chunk-loading',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        output: { chunkFilename: 'assets/js/[id].[contenthash:8].js', chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS },
        module: {
          rules: [
            generatedFileLoader(context, 'registry.js', path.resolve(__dirname, 'registryLoader.cjs')),
            generatedFileLoader(context, 'routesChunkNames.json', path.resolve(__dirname, 'routeChunkNamesLoader.cjs')),
            generatedFileLoader(context, 'routes.js', path.resolve(__dirname, 'routesLoader.cjs')),
          ],
        },
      };
    },
  };
}
