// Client build only: the route table's chunk names (`.docusaurus/routesChunkNames.json`) with the registry's
// short names (chunkNames.cjs), so that both keep agreeing. Fails the build for a chunk name the registry
// does not have.
const { readRegistryBeside, shortNames } = require('./chunkNames.cjs');

module.exports = function routeChunkNamesLoader(source) {
  const { registry, source: registrySource } = readRegistryBeside(this.resourcePath);
  // Rebuilt when the registry changes too (the dev server), or the two files would disagree.
  this.addDependency(registry);
  const names = shortNames(registrySource);
  const rename = (value) => {
    if (typeof value === 'string') {
      const short = names.get(value);
      if (short === undefined) throw new Error(`chunk-loading: route chunk "${value}" is not in the registry`);
      return short;
    }
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    return value;
  };
  return JSON.stringify(rename(JSON.parse(source)));
};
