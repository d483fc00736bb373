import type { Plugin } from '@docusaurus/types';

// Names lazy chunks by chunk id instead of Docusaurus's route chunk names. The runtime every page
// loads maps each chunk to its file; with names in the file names it carries one more table of
// ~700 entries (one per route chunk, ~5 KB gzip), with ids only it needs none.
export default function chunkFilenamesPlugin(): Plugin<unknown> {
  return {
    name: 'chunk-filenames',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { output: { chunkFilename: 'assets/js/[id].[contenthash:8].js' } };
    },
  };
}
