import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const load = createRequire(import.meta.url);
const registryLoader = load('./registryLoader.cjs') as (source: string) => string;
const routeChunkNamesLoader = load('./routeChunkNamesLoader.cjs') as (
  this: { resourcePath: string; addDependency: (file: string) => void },
  source: string,
) => string;

const entry = (chunk: string, file: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${file}"), "${file}", require.resolveWeak("${file}")],`;
const REGISTRY = `export default {\n${entry('f0e1d2c3', '@site/docs/a.mdx')}\n${entry('0a1b2c3d', '@theme/DocItem')}\n};\n`;

describe('the client route registry (chunk-loading plugin)', () => {
  it('keeps each entry’s loader and module id, drops its module path and gives its chunk a short name', () => {
    expect(registryLoader(REGISTRY)).toBe(
      'export default {\n' +
        '  "r1": [() => import(/* webpackChunkName: "r1" */ "@site/docs/a.mdx"), 0, require.resolveWeak("@site/docs/a.mdx")],\n' +
        '  "r0": [() => import(/* webpackChunkName: "r0" */ "@theme/DocItem"), 0, require.resolveWeak("@theme/DocItem")],\n' +
        '};\n',
    );
  });

  it('fails the build when an entry has another shape, instead of shipping the paths again', () => {
    const changed = `export default {\n  "0a1b": [load, { path: "@site/docs/a.mdx" }, require.resolveWeak("@site/docs/a.mdx")],\n};\n`;
    expect(() => registryLoader(changed)).toThrow(/expected 1 registry entries/);
  });

  it('gives the route table’s chunk names the registry’s short names, and rebuilds when the registry changes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-names-'));
    fs.writeFileSync(path.join(dir, 'registry.js'), REGISTRY);
    const resourcePath = path.join(dir, 'routesChunkNames.json');
    const dependencies: string[] = [];
    const context = { resourcePath, addDependency: (file: string) => void dependencies.push(file) };
    const routes = {
      '/docs/2.0/a/-1f2': { __comp: '0a1b2c3d', content: 'f0e1d2c3', __context: { plugin: '0a1b2c3d' } },
    };
    expect(JSON.parse(routeChunkNamesLoader.call(context, JSON.stringify(routes)))).toEqual({
      '/docs/2.0/a/-1f2': { __comp: 'r0', content: 'r1', __context: { plugin: 'r0' } },
    });
    expect(dependencies).toEqual([path.join(dir, 'registry.js')]);
    expect(() => routeChunkNamesLoader.call(context, JSON.stringify({ '/x/-1': { __comp: 'ffff0000' } }))).toThrow(
      /"ffff0000" is not in the registry/,
    );
    fs.rmSync(dir, { recursive: true });
  });
});
