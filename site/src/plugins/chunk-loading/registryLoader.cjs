// Client build only: the route registry (`.docusaurus/registry.js`) without each entry's module path, and
// with short chunk names (chunkNames.cjs). An entry is [load the chunk, module path, module id]; the path is
// read only by react-loadable's server-side capture (which chunks a page rendered with), so in the browser
// it is ~700 strings every page downloads and never reads. Fails the build if the registry's shape changes,
// rather than silently shipping the paths and long names again.
const { shortNames } = require('./chunkNames.cjs');

const ENTRY_PATH = /\), "(?:[^"\\]|\\.)*", require\.resolveWeak\(/g;
const ENTRY_NAMES = /^ {2}"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\//gm;

module.exports = function registryLoader(source) {
  const entries = source.split('require.resolveWeak(').length - 1;
  const names = shortNames(source);
  let withoutPath = 0;
  let renamed = 0;
  const slim = source
    .replace(ENTRY_PATH, () => {
      withoutPath++;
      return '), 0, require.resolveWeak(';
    })
    .replace(ENTRY_NAMES, (whole, key, chunkName) => {
      if (key !== chunkName) return whole;
      renamed++;
      const short = names.get(key);
      return `  "${short}": [() => import(/* webpackChunkName: "${short}" */`;
    });
  if (withoutPath !== entries || renamed !== entries || names.size !== entries) {
    throw new Error(
      `chunk-loading: expected ${entries} registry entries of the form ` +
        `"name": [() => import(/* webpackChunkName: "name" */ ...), "path", id], found ${Math.min(withoutPath, renamed, names.size)}`,
    );
  }
  return slim;
};
