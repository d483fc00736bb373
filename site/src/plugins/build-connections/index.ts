// Writes connections.json into the build: the hosts its browser code talks to beyond its own origin,
// from the one reader of the build-time environment (src/buildEnv.ts). The docs-server and the nginx
// renderer compute the Content-Security-Policy from it (docs-server/security-headers), so a server
// allows exactly what the build it serves was configured with, and parses no environment of its own.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { BUILD_CONNECTIONS_FILE, type BuildConnections } from 'docs-server/security-headers';
import type { BuildEnv } from '../../buildEnv';
import { INDEX_DIR } from '../search/paths';

export function buildConnections(env: BuildEnv): BuildConnections {
  return {
    searchIndex: env.search.mode === 'embedded' ? `${INDEX_DIR}/pagefind.js` : '',
    algoliaAppId: env.search.mode === 'hosted' ? env.search.appId : '',
    analyticsEndpoint: env.analytics.endpoint,
    gtmContainerId: env.analytics.gtmContainerId,
    docsServerUrl: env.docsServerUrl,
  };
}

export default function buildConnectionsPlugin(_context: LoadContext, options: unknown): Plugin {
  const env = options as BuildEnv;
  return {
    name: 'build-connections',
    async postBuild({ outDir }) {
      await fs.writeFile(
        path.join(outDir, BUILD_CONNECTIONS_FILE),
        `${JSON.stringify(buildConnections(env), null, 2)}\n`,
      );
    },
  };
}
