import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';

/**
 * A bundler rule that runs `loader` on Docusaurus's generated files (`.docusaurus/<file>`, or every generated file
 * whose path under `.docusaurus/` matches a pattern) before the bundler's own loaders see them: how a plugin here
 * trims what the client loads of the route tables, the global data and the docs version props. `type` is the
 * module type of the loader's output when it differs from the file's (JSON turned into JavaScript).
 */
export function generatedFileLoader(context: LoadContext, file: string | RegExp, loader: string, type?: string) {
  const test =
    typeof file === 'string'
      ? path.join(context.generatedFilesDir, file)
      : (resource: string) => file.test(path.relative(context.generatedFilesDir, resource).split(path.sep).join('/'));
  return { test, enforce: 'pre' as const, use: [loader], ...(type ? { type } : {}) };
}
