import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const load = createRequire(import.meta.url);
const registryLoader = load('./registryLoader.cjs') as (source: string) => string;
const routeChunkNamesLoader = load('./routeChunkNamesLoader.cjs') as () => string;
const routesLoader = load('./routesLoader.cjs') as (
  this: { resourcePath: string; addDependency: (file: string) => void },
  source: string,
) => string;

const entry = (chunk: string, file: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${file}"), "${file}", require.resolveWeak("${file}")],`;
const REGISTRY = `export default {\n${entry('f0e1d2c3', '@site/docs/a.mdx')}\n${entry('0a1b2c3d', '@theme/DocItem')}\n};\n`;

describe('the client route registry and route table (chunk-loading plugin)', () => {
  it('keeps each entry’s loader, drops its module path and module id and gives its chunk a short name', () => {
    expect(registryLoader(REGISTRY)).toBe(
      'export default {\n' +
        '  "r1": [() => import(/* webpackChunkName: "r1" */ "@site/docs/a.mdx"), 0, 0],\n' +
        '  "r0": [() => import(/* webpackChunkName: "r0" */ "@theme/DocItem"), 0, 0],\n' +
        '};\n',
    );
  });

  it('fails the build when an entry has another shape, instead of shipping the paths again', () => {
    const changed = `export default {\n  "0a1b": [load, { path: "@site/docs/a.mdx" }, require.resolveWeak("@site/docs/a.mdx")],\n};\n`;
    expect(() => registryLoader(changed)).toThrow(/expected 1 registry entries/);
  });

  it('puts each route’s chunk names, with short names, into the route table, and ships the chunk-name table empty', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-names-'));
    fs.writeFileSync(path.join(dir, 'registry.js'), REGISTRY);
    const chunkNames = {
      '/docs/2.0/-aaa': { __comp: '0a1b2c3d', __context: { plugin: '0a1b2c3d' } },
      '/docs/2.0/a/-1f2': { __comp: '0a1b2c3d', content: 'f0e1d2c3' },
      '/docs/2.0/b/c/-3e4': { __comp: '0a1b2c3d', content: 'f0e1d2c3' },
    };
    fs.writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify(chunkNames));
    const leaf = (p: string, hash: string) =>
      `      {\n        path: '${p}',\n        component: ComponentCreator('${p}', '${hash}'),\n        exact: true,\n        sidebar: "docs"\n      }`;
    const routes =
      "import React from 'react';\nimport ComponentCreator from '@docusaurus/ComponentCreator';\n\nexport default [\n" +
      "  {\n    path: '/docs/2.0/',\n    component: ComponentCreator('/docs/2.0/', 'aaa'),\n    routes: [\n" +
      `${leaf('/docs/2.0/a/', '1f2')},\n${leaf('/docs/2.0/b/c/', '3e4')}\n    ]\n  },\n` +
      "  {\n    path: '*',\n    component: ComponentCreator('*'),\n  },\n];\n";
    const dependencies: string[] = [];
    const context = {
      resourcePath: path.join(dir, 'routes.js'),
      addDependency: (f: string) => void dependencies.push(f),
    };
    const compact = routesLoader.call(context, routes);
    expect(compact).toContain('l0("a/","1f2","r1")');
    expect(compact).not.toContain('f0e1d2c3');
    expect(dependencies.sort()).toEqual([path.join(dir, 'registry.js'), path.join(dir, 'routesChunkNames.json')]);

    // Evaluated as the browser would: the same routes, and the chunk-name table filled with the short names.
    const filled: Record<string, unknown> = JSON.parse(routeChunkNamesLoader());
    const created: string[] = [];
    const creator = (p: string, hash?: string) => (created.push(`${p}-${hash}`), `component ${p}`);
    const body = compact.replace(/^import .*\n/gm, '').replace('export default', 'return');
    const table = new Function('ComponentCreator', 'chunkNames', body)(creator, filled);
    expect(table).toEqual([
      {
        path: '/docs/2.0/',
        component: 'component /docs/2.0/',
        routes: [
          { path: '/docs/2.0/a/', component: 'component /docs/2.0/a/', exact: true, sidebar: 'docs' },
          { path: '/docs/2.0/b/c/', component: 'component /docs/2.0/b/c/', exact: true, sidebar: 'docs' },
        ],
      },
      { path: '*', component: 'component *' },
    ]);
    expect(created).toEqual(['/docs/2.0/-aaa', '/docs/2.0/a/-1f2', '/docs/2.0/b/c/-3e4', '*-undefined']);
    expect(filled).toEqual({
      '/docs/2.0/-aaa': { __comp: 'r0', __context: { plugin: 'r0' } },
      '/docs/2.0/a/-1f2': { __comp: 'r0', content: 'r1' },
      '/docs/2.0/b/c/-3e4': { __comp: 'r0', content: 'r1' },
    });

    // A chunk the registry lacks, or a chunk-name entry no route uses, fails the build.
    const missing = { ...chunkNames, '/docs/2.0/a/-1f2': { __comp: 'ffff0000', content: 'f0e1d2c3' } };
    fs.writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify(missing));
    expect(() => routesLoader.call(context, routes)).toThrow(/"ffff0000" is not in the registry/);
    fs.writeFileSync(
      path.join(dir, 'routesChunkNames.json'),
      JSON.stringify({ ...chunkNames, '/x/-1': { __comp: '0a1b2c3d' } }),
    );
    expect(() => routesLoader.call(context, routes)).toThrow(/1 chunk-name entries without a route: \/x\/-1/);
    fs.rmSync(dir, { recursive: true });
  });
});
