import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const registryLoader = createRequire(import.meta.url)('./registryLoader.cjs') as (source: string) => string;

const entry = (chunk: string, file: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${file}"), "${file}", require.resolveWeak("${file}")],`;

describe('the client route registry (chunk-loading plugin)', () => {
  it('keeps each entry’s loader and module id and drops its module path', () => {
    const source = `export default {\n${entry('0a1b', '@site/docs/a.mdx')}\n${entry('2c3d', '@theme/DocItem')}\n};\n`;
    expect(registryLoader(source)).toBe(
      'export default {\n' +
        '  "0a1b": [() => import(/* webpackChunkName: "0a1b" */ "@site/docs/a.mdx"), 0, require.resolveWeak("@site/docs/a.mdx")],\n' +
        '  "2c3d": [() => import(/* webpackChunkName: "2c3d" */ "@theme/DocItem"), 0, require.resolveWeak("@theme/DocItem")],\n' +
        '};\n',
    );
  });

  it('fails the build when an entry has another shape, instead of shipping the paths again', () => {
    const changed = `export default {\n  "0a1b": [load, { path: "@site/docs/a.mdx" }, require.resolveWeak("@site/docs/a.mdx")],\n};\n`;
    expect(() => registryLoader(changed)).toThrow(/expected 1 registry entries/);
  });
});
