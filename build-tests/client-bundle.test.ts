// What every page's main bundle leaves out (site/build): the route registry's module paths, which only the
// server reads (the chunk-loading plugin's registry loader); and the compact docs version props rebuild exactly
// what Docusaurus generated (docs-sidebar-data).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site');
const JS = path.join(SITE, 'build/assets/js');
const sidebarLoader = createRequire(import.meta.url)('../site/src/plugins/docs-sidebar-data/sidebarLoader.cjs') as (
  source: string,
) => string;

describe('the main bundle', () => {
  it('carries no module path of a page (the registry keeps the loaders only)', () => {
    const main = fs.readdirSync(JS).filter((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect(main).toHaveLength(1);
    const source = fs.readFileSync(path.join(JS, main[0]!), 'utf8');
    expect(source).toMatch(/webpackChunk|\.e\(/);
    expect(source.match(/"@site\/[^"]*"/g) ?? []).toEqual([]);
  });
});

describe('the docs version props of the build, as the client loads them', () => {
  it('are the same value as Docusaurus generated, for every docs instance', () => {
    const dir = path.join(SITE, '.docusaurus/docusaurus-plugin-content-docs');
    const files = fs
      .readdirSync(dir)
      .flatMap((id) => fs.readdirSync(path.join(dir, id, 'p')).map((f) => path.join(dir, id, 'p', f)));
    expect(files.length).toBeGreaterThanOrEqual(2);
    let compacted = 0;
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const module = sidebarLoader(source);
      if (!module.startsWith('export default ')) compacted++;
      const value: unknown = new Function(module.replace(/export default ([^;]+);\n$/, 'return $1;'))();
      expect(JSON.stringify(value), file).toBe(JSON.stringify(JSON.parse(source)));
    }
    expect(compacted).toBeGreaterThanOrEqual(1);
  });
});
