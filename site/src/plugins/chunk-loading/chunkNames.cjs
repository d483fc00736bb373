// Short names for the route chunks in the client build. Docusaurus names each route chunk with an 8-digit
// hash; the names fill the registry, the route table and (as chunk ids) the runtime's chunk file map, all in
// every page's first load. Here each becomes "r" + its rank among the registry's names in base 36: both
// loaders (registry, route table) derive the same names from the same registry.js.
const fs = require('node:fs');
const path = require('node:path');

const ENTRY_KEY = /^ {2}"([^"]+)": \[/gm;

/** The registry's chunk names, each with its short name. */
function shortNames(registrySource) {
  const names = [...registrySource.matchAll(ENTRY_KEY)].map((match) => match[1]).sort();
  return new Map(names.map((name, rank) => [name, `r${rank.toString(36)}`]));
}

/** The registry beside a generated file (both are in `.docusaurus/`). */
function readRegistryBeside(file) {
  const registry = path.join(path.dirname(file), 'registry.js');
  return { registry, source: fs.readFileSync(registry, 'utf8') };
}

module.exports = { shortNames, readRegistryBeside };
