// Client build only: the route registry (`.docusaurus/registry.js`) without each entry's module path.
// An entry is [load the chunk, module path, module id]; the path is read only by react-loadable's
// server-side capture (which chunks a page rendered with), so in the browser it is ~700 strings every
// page downloads and never reads. Fails the build if the registry's shape changes, rather than silently
// shipping the paths again.
const ENTRY_PATH = /\), "(?:[^"\\]|\\.)*", require\.resolveWeak\(/g;

module.exports = function registryLoader(source) {
  const entries = source.split('require.resolveWeak(').length - 1;
  let replaced = 0;
  const slim = source.replace(ENTRY_PATH, () => {
    replaced++;
    return '), 0, require.resolveWeak(';
  });
  if (replaced !== entries) {
    throw new Error(
      `chunk-loading: expected ${entries} registry entries of the form [load, "path", id], found ${replaced}`,
    );
  }
  return slim;
};
