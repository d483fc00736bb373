// Client build only: the route table (`.docusaurus/routes.js`) carries each route's chunk names, so the separate
// chunk-name table (`routesChunkNames.json`, keyed by every route's path again) ships empty and is filled as the
// table is evaluated: ComponentCreator reads it only when a route is first preloaded or rendered, and the
// prefetcher only at idle time, both after this module ran. The ~680 doc routes, which differ only in path, hash
// and content chunk, are written as one call each. Chunk names are the registry's short names (chunkNames.cjs).
// Fails the build when a route or a chunk-name entry does not take this form, rather than losing chunk names.
const path = require('node:path');
const fs = require('node:fs');
const { readRegistryBeside, shortNames } = require('./chunkNames.cjs');

const CREATOR = /ComponentCreator\('([^'\\]+)', '([0-9a-f]+)'\)/g;
const LEAF =
  /\{\n\s*path: '([^'\\]+)',\n\s*component: ComponentCreator\('\1', '([0-9a-f]+)'\),\n\s*exact: true,\n\s*sidebar: ("(?:[^"\\]|\\.)*")\n\s*\}/g;
const HEADER = "import ComponentCreator from '@docusaurus/ComponentCreator';\n";

/** The longest common prefix of some paths, ending at a "/". */
function commonFolder(paths) {
  let prefix = paths[0];
  for (const p of paths) while (!p.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1);
}

module.exports = function routesLoader(source) {
  const { registry, source: registrySource } = readRegistryBeside(this.resourcePath);
  const chunkNamesFile = path.join(path.dirname(this.resourcePath), 'routesChunkNames.json');
  // Rebuilt when either changes too (the dev server), or the tables would disagree.
  this.addDependency(registry);
  this.addDependency(chunkNamesFile);
  const names = shortNames(registrySource);
  const chunkNames = JSON.parse(fs.readFileSync(chunkNamesFile, 'utf8'));
  const rename = (value) => {
    if (typeof value === 'string') {
      const short = names.get(value);
      if (short === undefined) throw new Error(`chunk-loading: route chunk "${value}" is not in the registry`);
      return short;
    }
    if (value && typeof value === 'object')
      return Array.isArray(value)
        ? value.map(rename)
        : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
    return value;
  };
  const used = new Set();
  const namesOf = (routePath, hash) => {
    const key = `${routePath}-${hash}`;
    if (!(key in chunkNames)) throw new Error(`chunk-loading: route ${key} has no chunk names`);
    used.add(key);
    return rename(chunkNames[key]);
  };

  // Doc leaves: one factory per (sidebar, page component); each leaf is its path past the common folder, its
  // hash and its content chunk. Routes of another shape keep their object and get `c(...)` below.
  const leaves = new Map();
  for (const [, routePath, hash, sidebar] of source.matchAll(LEAF)) {
    const chunks = namesOf(routePath, hash);
    if (Object.keys(chunks).length === 2 && typeof chunks.__comp === 'string' && typeof chunks.content === 'string')
      leaves.set(`${routePath}-${hash}`, { routePath, sidebar, comp: chunks.__comp, content: chunks.content });
  }
  const factories = new Map();
  for (const leaf of leaves.values()) {
    const id = `${leaf.sidebar} ${leaf.comp}`;
    if (!factories.has(id))
      factories.set(id, { sidebar: leaf.sidebar, comp: leaf.comp, paths: [], name: `l${factories.size}` });
    factories.get(id).paths.push(leaf.routePath);
  }
  for (const factory of factories.values()) factory.prefix = commonFolder(factory.paths);

  let creators = 0;
  let compact = source.replace(LEAF, (whole, routePath, hash) => {
    const leaf = leaves.get(`${routePath}-${hash}`);
    if (!leaf) return whole;
    const factory = factories.get(`${leaf.sidebar} ${leaf.comp}`);
    creators++;
    return `${factory.name}(${JSON.stringify(routePath.slice(factory.prefix.length))},"${hash}","${leaf.content}")`;
  });
  compact = compact.replace(CREATOR, (_, routePath, hash) => {
    creators++;
    return `c(${JSON.stringify(routePath)},"${hash}",${JSON.stringify(namesOf(routePath, hash))})`;
  });

  const expected = source.split('ComponentCreator(').length - 1 - (source.includes("ComponentCreator('*')") ? 1 : 0);
  const unused = Object.keys(chunkNames).filter((key) => !used.has(key));
  if (!compact.startsWith("import React from 'react';\n" + HEADER) || creators !== expected || unused.length > 0) {
    throw new Error(
      `chunk-loading: routes.js changed shape (${creators} of ${expected} routes converted, ` +
        `${unused.length} chunk-name entries without a route${unused.length ? `: ${unused.slice(0, 3).join(', ')}` : ''})`,
    );
  }
  const helpers =
    "import chunkNames from '@generated/routesChunkNames';\n" +
    'const c = (path, hash, names) => {\n' +
    '  chunkNames[`${path}-${hash}`] = names;\n' +
    '  return ComponentCreator(path, hash);\n' +
    '};\n' +
    'const leaf = (prefix, sidebar, __comp) => (path, hash, content) => ({\n' +
    '  path: prefix + path,\n' +
    '  component: c(prefix + path, hash, { __comp, content }),\n' +
    '  exact: true,\n' +
    '  sidebar,\n' +
    '});\n' +
    [...factories.values()]
      .map((f) => `const ${f.name} = leaf(${JSON.stringify(f.prefix)}, ${f.sidebar}, "${f.comp}");\n`)
      .join('');
  return compact.replace(HEADER, HEADER + helpers);
};
