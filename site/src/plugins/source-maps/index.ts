import type { Plugin } from '@docusaurus/types';

/** Set to 1 at build time to get client source maps (bench/bundle.ts does). */
export const BUNDLE_ANALYSIS_ENV = 'BUNDLE_ANALYSIS';

// Client source maps for bundle analysis. "hidden": the .map files are written, but no script
// points to them, so browsers never fetch them.
export default function sourceMapsPlugin(): Plugin<unknown> {
  return {
    name: 'source-maps',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { devtool: 'hidden-source-map' };
    },
  };
}
