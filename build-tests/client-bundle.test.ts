// What every page's main bundle leaves out (site/build): the route registry's module paths, which only the
// server reads (the chunk-loading plugin's registry loader).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const JS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/build/assets/js');

describe('the main bundle', () => {
  it('carries no module path of a page (the registry keeps the loaders only)', () => {
    const main = fs.readdirSync(JS).filter((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect(main).toHaveLength(1);
    const source = fs.readFileSync(path.join(JS, main[0]!), 'utf8');
    expect(source).toMatch(/webpackChunk|\.e\(/);
    expect(source.match(/"@site\/[^"]*"/g) ?? []).toEqual([]);
  });
});
