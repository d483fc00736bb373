// Two kept patch hunks of @docusaurus/core's client (patches/README.md), each held to the behaviour it was
// made for; both tests fail on upstream's code. The patched files are run as they ship (JSX compiled by
// esbuild), with their generated imports (route table, chunk names, registry) replaced by small ones.
// - exports/ComponentCreator.js: a route's loadable component is made when the route is first preloaded or
//   rendered, not for every route while the route table is evaluated.
// - docusaurus.js (prefetch): prefetching waits for idle time, and each chunk file is requested once however
//   many prefetched routes share it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const CORE = require.resolve('@docusaurus/core/package.json');
const CLIENT = path.join(path.dirname(CORE), 'lib/client');

/**
 * Runs one client file of @docusaurus/core as CommonJS: its imports come from `imports` (by specifier),
 * React from the real package; `globals` are free variables of the file (for example `requestIdleCallback`).
 */
function loadClientFile(file: string, imports: Record<string, unknown>, globals: Record<string, unknown> = {}) {
  const { code } = transformSync(fs.readFileSync(path.join(CLIENT, file), 'utf8'), {
    loader: 'jsx',
    format: 'cjs',
    jsx: 'transform',
  });
  const requireImport = (id: string) => {
    if (id === 'react') return require('react');
    if (id in imports) return imports[id];
    throw new Error(`${file} imports ${id}, which the test does not provide`);
  };
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', ...Object.keys(globals), code)(
    requireImport,
    module,
    module.exports,
    ...Object.values(globals),
  );
  return module.exports;
}

const esModule = (value: unknown) => ({ __esModule: true, default: value });
const flat = esModule(loadClientFile('flat.js', {}).default);

describe('ComponentCreator (patched @docusaurus/core)', () => {
  type RouteComponent = ComponentType<{ name: string }> & { preload: () => Promise<unknown> };

  function routeTable(count: number) {
    const made: string[] = [];
    // react-loadable's Loadable.Map, recording each loadable it is asked to make.
    const Loadable = Object.assign(() => null, {
      Map: (options: { modules: string[] }) => {
        made.push(options.modules.join());
        const Loaded = (props: { name: string }) => createElement('p', null, `page of ${props.name}`);
        return Object.assign(Loaded, { preload: () => Promise.resolve() });
      },
    });
    const chunkNames: Record<string, unknown> = {};
    const registry: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      chunkNames[`/docs/${i}/-h${i}`] = { __comp: 'docItem', content: `content${i}` };
      registry[`content${i}`] = [() => Promise.resolve({}), `@site/docs/${i}.mdx`, i];
    }
    registry.docItem = [() => Promise.resolve({}), '@theme/DocItem', 'docItem'];
    const { default: ComponentCreator } = loadClientFile('exports/ComponentCreator.js', {
      'react-loadable': esModule(Loadable),
      '@generated/routesChunkNames': esModule(chunkNames),
      '@generated/registry': esModule(registry),
      '@theme/Loading': esModule(() => null),
      '../flat': flat,
      '../routeContext': { RouteContextProvider: ({ children }: { children: unknown }) => children },
    }) as { default: (path: string, hash: string) => RouteComponent };
    const components = Array.from({ length: count }, (_, i) => ComponentCreator(`/docs/${i}/`, `h${i}`));
    return { components, made };
  }

  it('makes no loadable component while the route table is evaluated', () => {
    const { components, made } = routeTable(50);
    expect(components).toHaveLength(50);
    expect(made).toEqual([]);
  });

  it('makes a route’s loadable once, when it is first preloaded or rendered, and renders it with its props', async () => {
    const { components, made } = routeTable(3);
    await components[1]!.preload();
    await components[1]!.preload();
    expect(made).toEqual(['@theme/DocItem,@site/docs/1.mdx']);
    expect(renderToString(createElement(components[2]!, { name: 'two' }))).toBe('<p>page of two</p>');
    expect(renderToString(createElement(components[1]!, { name: 'one' }))).toBe('<p>page of one</p>');
    expect(made).toEqual(['@theme/DocItem,@site/docs/1.mdx', '@theme/DocItem,@site/docs/2.mdx']);
  });
});

describe('prefetch (patched @docusaurus/core docusaurus.js)', () => {
  const PAGES = 30;

  function client() {
    const requested: string[] = [];
    const idleCallbacks: ((deadline: { timeRemaining: () => number }) => void)[] = [];
    // A docs version (its own chunk) with one route per page: all pages share the DocItem chunk.
    const routes = [
      {
        path: '/docs/',
        routes: Array.from({ length: PAGES }, (_, i) => ({ path: `/docs/${i}/`, exact: true })),
      },
    ];
    const chunkNames: Record<string, unknown> = { '/docs/-v': { __comp: 'docRoot', __props: 'version' } };
    for (let i = 0; i < PAGES; i++) chunkNames[`/docs/${i}/-h${i}`] = { __comp: 'docItem', content: `content${i}` };
    const { default: docusaurus } = loadClientFile(
      'docusaurus.js',
      {
        './matchRouteBranch': esModule(
          loadClientFile('matchRouteBranch.js', {
            'react-router-config': createRequire(CORE)('react-router-config'),
          }).default,
        ),
        '@generated/routesChunkNames': esModule(chunkNames),
        '@generated/routes': esModule(routes),
        './prefetch': esModule((url: string) => {
          requested.push(url);
          return Promise.resolve();
        }),
        './preload': esModule(() => Promise.resolve()),
        './flat': flat,
      },
      {
        navigator: {},
        requestIdleCallback: (callback: (typeof idleCallbacks)[number]) => idleCallbacks.push(callback),
        __webpack_require__: { gca: (chunkName: string) => `/assets/js/${chunkName}.js` },
      },
    ) as { default: { prefetch: (path: string) => false | Promise<unknown> } };
    const runIdleCallbacks = () => {
      while (idleCallbacks.length > 0) idleCallbacks.shift()!({ timeRemaining: () => 50 });
    };
    return { prefetch: docusaurus.prefetch, requested, runIdleCallbacks };
  }

  it('requests nothing until the browser is idle', () => {
    const { prefetch, requested } = client();
    for (let i = 0; i < PAGES; i++) expect(prefetch(`/docs/${i}/`)).toBeInstanceOf(Promise);
    expect(requested).toEqual([]);
  });

  it('requests each chunk file once, however many prefetched pages share it', async () => {
    const { prefetch, requested, runIdleCallbacks } = client();
    const done = Array.from({ length: PAGES }, (_, i) => prefetch(`/docs/${i}/`));
    expect(prefetch('/docs/3/')).toBe(false);
    runIdleCallbacks();
    await Promise.all(done);
    const shared = ['/assets/js/docRoot.js', '/assets/js/version.js', '/assets/js/docItem.js'];
    const pages = Array.from({ length: PAGES }, (_, i) => `/assets/js/content${i}.js`);
    expect([...requested].sort()).toEqual([...shared, ...pages].sort());
  });
});
