import path from 'node:path';

/**
 * The built HTML file of a page route (under the base path, ending in "/"), for the plugins that read
 * the rendered pages after the build; undefined for routes that are not such pages.
 */
export function builtPageFile(outDir: string, baseUrl: string, route: string): string | undefined {
  if (!route.startsWith(baseUrl) || !route.endsWith('/')) return undefined;
  return path.join(outDir, route.slice(baseUrl.length), 'index.html');
}
