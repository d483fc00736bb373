// Client build only: the route registry (`.docusaurus/registry.js`) with each entry's loader alone, and short chunk
// names (chunkNames.cjs). An entry is [load the chunk, module path, module id]; the path is read only by
// react-loadable's server-side capture (which chunks a page rendered with), the id only by its `preloadReady`
// (which Docusaurus calls on the server, never in the browser: the client preloads the route before it hydrates),
// so in the browser they are ~700 strings and ~700 numbers every page downloads and never reads. Fails the build
// if the registry's shape changes, rather than silently shipping them again.
const { shortNames } = require('./chunkNames.cjs');

const ENTRY_PATH_AND_ID = /\), "(?:[^"\\]|\\.)*", require\.resolveWeak\("(?:[^"\\]|\\.)*"\)\]/g;
const ENTRY_NAMES = /^ {2}"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\//gm;

module.exports = function registryLoader(source) {
  const entries = source.split('require.resolveWeak(').length - 1;
  const names = shortNames(source);
  let withoutPath = 0;
  let renamed = 0;
  const slim = source
    .replace(ENTRY_PATH_AND_ID, () => {
      withoutPath++;
      return '), 0, 0]';
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
