// The global data every page loads (`.docusaurus/globalData.json`), with each docs version's list of every
// doc (id, path, sidebar: 677 entries, 7.3 KB gzip) cut to the version's main doc. The theme reads that list
// to find the shown page among other versions' docs (this site has one version) and a version's main doc
// (the version menu's link), which stays. Applied to the server and client bundles alike, so hydration sees
// what the server rendered. Fails the build if the data's shape changes.
module.exports = function globalDataLoader(source) {
  const data = JSON.parse(source);
  const instances = Object.values(data['docusaurus-plugin-content-docs'] ?? {});
  if (instances.length === 0) throw new Error('docs-global-data: no docs plugin in the global data');
  for (const { versions } of instances) {
    for (const version of versions) {
      const main = version.docs.filter((doc) => doc.id === version.mainDocId);
      if (main.length !== 1) throw new Error(`docs-global-data: no main doc "${version.mainDocId}" in ${version.path}`);
      version.docs = main;
    }
  }
  return JSON.stringify(data);
};
