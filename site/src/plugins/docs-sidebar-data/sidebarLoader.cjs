// Client build only: the docs plugin's version props (`.docusaurus/docusaurus-plugin-content-docs/<id>/p/*.json`),
// which every doc page loads, as a module that rebuilds them. They hold the whole sidebar (~680 items), and a doc
// link repeats its doc id in its URL (`href` = the docs' base + `docId`) and says `unlisted: false`; here such a
// link is written as [label, docId] and rebuilt as the same object, key for key, when the module is evaluated.
// Every other item is kept as it is. Same value, ~2.4 KB less gzip on every doc page's first load (the docs'
// props); props that would not shrink (the wiki's few links) stay as they are.
const zlib = require('node:zlib');

const LINK_KEYS = 'type,href,label,docId,unlisted';

/** The base URL most doc links share (their href minus their doc id), or null when there are none. */
function linkBase(sidebars) {
  const counts = new Map();
  const visit = (items) => {
    for (const item of items) {
      if (item.type === 'link' && typeof item.docId === 'string' && item.href.endsWith(item.docId)) {
        const base = item.href.slice(0, item.href.length - item.docId.length);
        counts.set(base, (counts.get(base) ?? 0) + 1);
      }
      if (Array.isArray(item.items)) visit(item.items);
    }
  };
  Object.values(sidebars).forEach(visit);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The sidebar items with each plain doc link as [label, docId]. */
function encode(items, base) {
  return items.map((item) => {
    if (
      Object.keys(item).join(',') === LINK_KEYS &&
      item.type === 'link' &&
      item.unlisted === false &&
      typeof item.docId === 'string' &&
      item.href === base + item.docId
    )
      return [item.label, item.docId];
    return Array.isArray(item.items) ? { ...item, items: encode(item.items, base) } : item;
  });
}

module.exports = function sidebarLoader(source) {
  const props = JSON.parse(source);
  const sidebars = props?.version?.docsSidebars;
  const base = sidebars ? linkBase(sidebars) : null;
  const plain = `export default ${JSON.stringify(props)};\n`;
  if (!sidebars || base === null) return plain;
  const encoded = Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, encode(items, base)]));
  const rest = { ...props, version: { ...props.version, docsSidebars: null } };
  const rebuilt =
    `const base = ${JSON.stringify(base)};\n` +
    'const decode = (items) =>\n' +
    '  items.map((item) =>\n' +
    '    Array.isArray(item)\n' +
    "      ? { type: 'link', href: base + item[1], label: item[0], docId: item[1], unlisted: false }\n" +
    '      : Array.isArray(item.items) ? { ...item, items: decode(item.items) } : item,\n' +
    '  );\n' +
    `const sidebars = ${JSON.stringify(encoded)};\n` +
    `const props = ${JSON.stringify(rest)};\n` +
    'props.version.docsSidebars = Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, decode(items)]));\n' +
    'export default props;\n';
  const gzip = (text) => zlib.gzipSync(text).length;
  return gzip(rebuilt) < gzip(plain) ? rebuilt : plain;
};
