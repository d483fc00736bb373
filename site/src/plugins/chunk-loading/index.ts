import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { generatedFileLoader } from '../generatedFileLoader';
import { COMPONENT_MODULES, CONTENT_CHUNK_COMPONENTS } from '../component-imports';

/** How long the browser waits for a lazy chunk before the page shows the loading error (Retry). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anySeparator = (relative: string) => relative.split('/').map(escape).join('[\\\\/]');

/** The files of the components pages import that one `mdx` chunk holds (component-imports), and Tabs' hooks. */
export function contentComponentFiles(siteDir: string): RegExp {
  const folders = CONTENT_CHUNK_COMPONENTS.map((name) => {
    const from: string = COMPONENT_MODULES[name];
    if (from.startsWith('@site/')) return escape(siteDir) + '[\\\\/]' + anySeparator(from.slice('@site/'.length));
    return anySeparator(`@docusaurus/theme-classic/lib/theme/${from.slice('@theme/'.length)}`);
  });
  folders.push(anySeparator('@docusaurus/theme-common/lib/utils/tabsUtils.js'));
  return new RegExp(`(${folders.join('|')})([\\\\/]|$)`);
}

// How the browser loads lazy chunks: the timeout above, and chunk ids that are the chunks' names. Route chunks
// get short names (chunkNames.cjs), so a route chunk's id is its short name: the runtime's map from chunk name
// to id (Docusaurus's `gca`, for prefetching) then needs no entry for them (patched ChunkAssetPlugin skips a name
// equal to its id), and the registry's and the file map's ids are three characters instead of five random digits.
// Other chunks are named by the bundler after their modules. File names stay `[id].[contenthash]`.
// And the route registry every page loads, without the module paths and ids only the server reads
// (registryLoader.cjs), with short chunk names in it and in the route table, which carries each route's chunk
// names instead of a second table keyed by every route path (chunkNames.cjs, routesLoader.cjs). The components
// pages import (component-imports) share one chunk, `mdx`, loaded with the content of a page that uses one.
export default function chunkLoadingPlugin(context: LoadContext): Plugin<unknown> {
  return {
    name: 'chunk-loading',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        output: { chunkFilename: 'assets/js/[id].[contenthash:8].js', chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS },
        optimization: {
          chunkIds: 'named',
          splitChunks: {
            cacheGroups: {
              mdx: {
                test: contentComponentFiles(context.siteDir),
                name: 'mdx',
                chunks: 'async',
                minChunks: 2,
                minSize: 0,
                priority: 20,
                reuseExistingChunk: true,
              },
            },
          },
        },
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
