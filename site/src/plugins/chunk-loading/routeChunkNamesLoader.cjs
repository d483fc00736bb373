// Client build only: the route table's chunk names (`.docusaurus/routesChunkNames.json`) ship empty; the route
// table fills them as it is evaluated (routesLoader.cjs), so the browser does not get every route path twice.
module.exports = function routeChunkNamesLoader() {
  return '{}';
};
