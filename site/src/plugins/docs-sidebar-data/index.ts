import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

// What every doc page loads of its docs version's props (the whole sidebar): written compactly and rebuilt as the
// same value in the browser (sidebarLoader.cjs). The server build keeps Docusaurus's JSON.
export default function docsSidebarDataPlugin(context: LoadContext): Plugin<unknown> {
  const versionProps = new RegExp(
    `^${escape(path.join(context.generatedFilesDir, 'docusaurus-plugin-content-docs'))}/[^/]+/p/[^/]+\\.json$`,
  );
  return {
    name: 'docs-sidebar-data',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: versionProps,
              enforce: 'pre' as const,
              type: 'javascript/auto',
              use: [path.resolve(__dirname, 'sidebarLoader.cjs')],
            },
          ],
        },
      };
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
