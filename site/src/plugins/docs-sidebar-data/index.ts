import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { generatedFileLoader } from '../generatedFileLoader';

// What every doc page loads of its docs version's props (the whole sidebar): written compactly and rebuilt as the
// same value in the browser (sidebarLoader.cjs). The server build keeps Docusaurus's JSON.
export default function docsSidebarDataPlugin(context: LoadContext): Plugin<unknown> {
  return {
    name: 'docs-sidebar-data',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            generatedFileLoader(
              context,
              /^docusaurus-plugin-content-docs\/[^/]+\/p\/[^/]+\.json$/,
              path.resolve(__dirname, 'sidebarLoader.cjs'),
              'javascript/auto',
            ),
          ],
        },
      };
    },
  };
}
