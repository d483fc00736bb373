import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const sidebarLoader = createRequire(import.meta.url)('./sidebarLoader.cjs') as (source: string) => string;

/** The module the loader emits, evaluated as the browser would: its default export. */
const evaluate = (module: string): unknown =>
  new Function(module.replace(/export default ([^;]+);\n$/, 'return $1;'))();

const link = (docId: string, label: string) => ({
  type: 'link',
  href: `/docs/2.0/${docId}`,
  label,
  docId,
  unlisted: false,
});
const pages = Array.from({ length: 60 }, (_, i) => link(`section/page-${i}`, `Page ${i}`));
const PROPS = {
  version: {
    pluginId: 'default',
    version: 'current',
    docsSidebars: {
      docsSidebar: [
        link('index', 'Docs map'),
        { type: 'html', value: 'Basics', className: 'sidebar-group-heading', defaultStyle: true },
        {
          type: 'category',
          label: 'Section',
          collapsible: true,
          collapsed: true,
          href: '/docs/2.0/section/index',
          items: [
            ...pages,
            { ...link('section/hidden', 'Hidden'), unlisted: true },
            { type: 'link', href: 'https://hasura.io', label: 'Site' },
          ],
        },
      ],
    },
    docs: {},
  },
};

describe('the docs version props in the client build (docs-sidebar-data)', () => {
  it('rebuild the same value, key for key, from a smaller module', () => {
    const source = JSON.stringify(PROPS);
    const module = sidebarLoader(source);
    expect(JSON.stringify(evaluate(module))).toBe(source);
    expect(module).toContain('["Page 7","section/page-7"]');
    // An unlisted doc and an external link are kept whole.
    expect(module).toContain('"docId":"section/hidden","unlisted":true');
    expect(module).toContain('"href":"https://hasura.io"');
    expect(module.length).toBeLessThan(source.length);
  });

  it('leave props without a sidebar, or that would not shrink, as they are', () => {
    const category = { categoryGeneratedIndex: { title: 'Style', permalink: '/docs/2.0/wiki/category/style' } };
    expect(sidebarLoader(JSON.stringify(category))).toBe(`export default ${JSON.stringify(category)};\n`);
    const small = { version: { docsSidebars: { wiki: [link('wiki/a', 'A')] } } };
    expect(evaluate(sidebarLoader(JSON.stringify(small)))).toEqual(small);
    expect(sidebarLoader(JSON.stringify(small))).toBe(`export default ${JSON.stringify(small)};\n`);
  });
});
