// A Node module hook for the browser tests, registered by playwright.config.ts in the runner and in each worker.
// site/ is a package without "type" in its package.json, so Node takes its files for CommonJS; but its TypeScript
// is ES modules (import/export, import.meta), which is how Docusaurus, Vitest and tsx load it. Playwright's loader
// compiles such a file as an ES module and still hands it to Node 20 labelled CommonJS, where it fails ("Unexpected
// token 'export'", or "Named export not found"). This hook labels a TypeScript file outside node_modules that Node
// would load as CommonJS as what it is, an ES module.
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  const { pathname } = new URL(url);
  if (loaded.format === 'commonjs' && /\.tsx?$/.test(pathname) && !pathname.includes('/node_modules/'))
    return { ...loaded, format: 'module' };
  return loaded;
}
