import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';

/**
 * A bundler rule that runs `loader` on one of Docusaurus's generated files (`.docusaurus/<file>`) before the
 * bundler's own loaders see it: how a plugin here trims what the client loads of the route tables and global data.
 */
export function generatedFileLoader(context: LoadContext, file: string, loader: string) {
  return { test: path.join(context.generatedFilesDir, file), enforce: 'pre' as const, use: [loader] };
}
