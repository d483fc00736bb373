// @vitest-environment node
// The embedded search backend against a real Pagefind index, built by the plugin's own indexer
// from three pages rendered the way Docusaurus renders them, and read through the real pagefind.js.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SearchRequest, SearchResponse } from '../backend';
import { buildEmbeddedIndex } from '../build';
import { loadBuiltIndex } from '../build/builtIndex';
import { SEARCH_SUGGESTIONS, SEARCH_TAGS } from '../settings';
import { createEmbeddedBackend } from './embeddedBackend';
import { narrowingFilters, toPagefindFilter, type Pagefind } from './pagefind';

const BASE = '/docs/2.0/';

function docPage(o: { tag: string; crumbs: string[]; title: string; keywords?: string; body: string }): string {
  const crumbs = o.crumbs.map((c) => `<li class="breadcrumbs__item"><span class="breadcrumbs__link">${c}</span></li>`);
  return `<!doctype html><html lang="en"><head><title>${o.title}</title>
<meta name="docusaurus_tag" content="${o.tag}"><meta name="docsearch:language" content="en">
${o.keywords ? `<meta name="keywords" content="${o.keywords}">` : ''}</head><body>
<nav class="navbar">Navbar text that must not be indexed: zebracorn</nav>
<article><nav class="theme-doc-breadcrumbs"><ul class="breadcrumbs">
<li class="breadcrumbs__item"><a aria-label="Home page" href="${BASE}"><svg viewBox="0 0 24 24"><path d="M10 19"/></svg></a></li>${crumbs.join('')}
<li class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link">${o.title}</span></li></ul></nav>
<div class="theme-doc-markdown markdown"><header><h1>${o.title}</h1></header>${o.body}</div></article>
<footer>Footer</footer></body></html>`;
}

const PAGES: Record<string, string> = {
  'auth/authentication/jwt/': docPage({
    tag: SEARCH_TAGS.docs,
    crumbs: ['Authentication and Authorization', 'Authentication'],
    title: 'Authentication with JWT',
    keywords: 'jwt,HASURA_GRAPHQL_JWT_SECRET',
    body: `<p>The engine verifies a JSON web token on every request and reads the session from its claims.</p>
<h2 id="configuration">Configuration<a class="hash-link" href="#configuration">\u200b</a></h2>
<p>Set <code>HASURA_GRAPHQL_JWT_SECRET</code> to a JSON object describing the key.</p>
<h3 id="claims-namespace">claims_namespace<a class="hash-link" href="#claims-namespace">\u200b</a></h3>
<p>The key under which the Hasura claims live, for example when x &lt; y.</p>
<table><thead><tr><th>Key</th><th>Meaning</th></tr></thead><tbody>
<tr id="jwk_url"><td><code>jwk_url</code></td><td>Where the engine fetches the signing keys.</td></tr></tbody></table>
<div class="language-json codeBlockContainer"><pre><code>{"type":"RS256"}</code></pre><button>Copy</button></div>`,
  }),
  'auth/authorization/permissions/': docPage({
    tag: SEARCH_TAGS.docs,
    crumbs: ['Authentication and Authorization'],
    title: 'Permissions',
    body: `<p>Permissions decide which rows and columns each role may read or write.</p>
<h2 id="row-rules">Row rules</h2><p>A filter compares columns with session variables such as the user id from the claims.</p>`,
  }),
  'wiki/style/headings/': docPage({
    tag: SEARCH_TAGS.wiki,
    crumbs: ['Style guide'],
    title: 'Headings',
    body: `<p>Headings use sentence case and never skip a level.</p><h2 id="permissions-pages">Permissions pages</h2><p>Name the role first.</p>`,
  }),
};

let dir: string;
let index: Awaited<ReturnType<typeof loadBuiltIndex>>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-index-'));
  for (const [route, html] of Object.entries(PAGES)) {
    await fs.mkdir(path.join(dir, route), { recursive: true });
    await fs.writeFile(path.join(dir, route, 'index.html'), html);
  }
  const routes = [BASE, ...Object.keys(PAGES).map((r) => BASE + r)];
  const questions = new Map([
    [`${BASE}auth/authorization/permissions/`, ['Can I stop customers seeing orders of others?']],
  ]);
  await buildEmbeddedIndex(dir, routes, BASE, questions);
  index = await loadBuiltIndex(dir);
}, 60_000);
afterAll(async () => {
  index?.restoreFetch();
  await fs.rm(dir, { recursive: true, force: true });
});

const BOTH = ['language:en', [`docusaurus_tag:${SEARCH_TAGS.docs}`, `docusaurus_tag:${SEARCH_TAGS.wiki}`]];
async function searchModal(query: string, extra: Partial<SearchRequest> = {}): Promise<SearchResponse> {
  return index.backend().search({ query, facetFilters: BOTH, hitsPerPage: 20, ...extra });
}

describe('identifier rows of reference tables', () => {
  test('an identifier with a row of its own links to the row, titled page › identifier', async () => {
    const result = await searchModal('jwk_url');
    const [hit] = result.hits;
    expect(hit?.url).toBe('https://docs.test/docs/2.0/auth/authentication/jwt/#jwk_url');
    expect([hit?.hierarchy.lvl1, hit?.hierarchy.lvl2]).toEqual(['Authentication with JWT', 'jwk_url']);
    // Other queries keep the page's sections.
    const words = await searchModal('signing keys');
    expect(words.hits[0]?.url).not.toContain('#jwk_url');
  });
});

describe("a page's declared questions", () => {
  test("find the page by the reader's words, which its text does not use", async () => {
    const result = await searchModal('customers orders');
    expect(result.hits.map((hit) => hit.url)).toContain('https://docs.test/docs/2.0/auth/authorization/permissions/');
    expect(result.nbHits).toBe(1);
  });
});

describe('request and response shape', () => {
  test('a hit carries the record fields of the contract, with an absolute URL and anchor', async () => {
    const result = await searchModal('claims_namespace');
    expect(result.nbHits).toBe(1);
    const hit = result.hits[0]!;
    expect(hit.url).toBe('https://docs.test/docs/2.0/auth/authentication/jwt/#claims-namespace');
    expect(hit.objectID).toBe('/docs/2.0/auth/authentication/jwt/#claims-namespace');
    expect(hit.type).toBe('lvl3');
    expect(hit.hierarchy).toEqual({
      lvl0: 'Authentication and Authorization',
      lvl1: 'Authentication with JWT',
      lvl2: 'Configuration',
      lvl3: 'claims_namespace',
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    expect(hit._highlightResult.hierarchy.lvl3!.value).toBe('<mark>claims_namespace</mark>');
    expect(hit._highlightResult.hierarchy.lvl1!.matchLevel).toBe('none');
    expect(result).toMatchObject({ page: 0, nbPages: 1 });
  });

  test('the search page asks for one section per page; no hits asked, the count still comes', async () => {
    const onePerPage = await searchModal('permissions', { hitsPerPage: 15, sectionsPerPage: 1 });
    expect(onePerPage.hits.map((h) => h.hierarchy.lvl1)).toContain('Permissions');
    expect(onePerPage.hits.length).toBe(onePerPage.nbHits);
    const none = await searchModal('permissions', { hitsPerPage: 0 });
    expect(none.hits).toEqual([]);
    expect(none.nbHits).toBe(onePerPage.nbHits);
  });

  test('content hits carry a snippet with the matches marked, and plain text without the marks', async () => {
    const result = await searchModal('session');
    const content = result.hits.find((h) => h.type === 'content')!;
    expect(content._snippetResult.content!.value).toMatch(/<mark>session<\/mark>/i);
    expect(content.content).not.toMatch(/<\/?mark>/);
  });

  test('only the article is indexed: navbar, footer and copy buttons are not', async () => {
    expect((await searchModal('zebracorn')).nbHits).toBe(0);
    expect((await searchModal('footer')).nbHits).toBe(0);
  });

  test('text is HTML-escaped in highlights', async () => {
    const result = await searchModal('namespace');
    const values = result.hits.flatMap((h) => Object.values(h._snippetResult.hierarchy ?? {}).map((v) => v.value));
    expect(values.join(' ')).not.toMatch(/<(?!\/?mark>)/);
  });
});

describe('filters and counts', () => {
  test('the docs-area tag filter keeps the wiki out, and the wiki tag keeps the docs out', async () => {
    const docs = await searchModal('permissions', {
      facetFilters: ['language:en', [`docusaurus_tag:${SEARCH_TAGS.docs}`]],
    });
    const wiki = await searchModal('permissions', {
      facetFilters: ['language:en', [`docusaurus_tag:${SEARCH_TAGS.wiki}`]],
    });
    expect(new Set(docs.hits.map((h) => h.hierarchy.lvl1))).not.toContain('Headings');
    expect(wiki.hits.map((h) => h.hierarchy.lvl1)).toEqual(['Headings']);
    expect(docs.nbHits + wiki.nbHits).toBe((await searchModal('permissions')).nbHits);
  });

  test('another language finds nothing', async () => {
    expect((await searchModal('permissions', { facetFilters: ['language:fr'] })).nbHits).toBe(0);
  });

  test('nbHits counts every matching page, beyond the hits returned', async () => {
    const all = await searchModal('claims');
    const first = await searchModal('claims', { hitsPerPage: 1 });
    expect(all.nbHits).toBe(2);
    expect(first.hits).toHaveLength(1);
    expect(first.nbHits).toBe(2);
    expect(first.nbPages).toBe(2);
  });

  test('facetFilters map to a Pagefind filter: strings are AND, arrays are OR', () => {
    expect(toPagefindFilter(['language:en', ['docusaurus_tag:a', 'docusaurus_tag:b']])).toEqual({
      all: [{ language: 'en' }, { any: [{ docusaurus_tag: 'a' }, { docusaurus_tag: 'b' }] }],
    });
    expect(toPagefindFilter([])).toBeUndefined();
  });
});

describe('downloads before the first results', () => {
  test('clauses every page holds are not sent to Pagefind (their filter files are not fetched)', () => {
    const counts = { f: { 'language:en': 3, 'docusaurus_tag:docs': 2, 'docusaurus_tag:wiki': 1 }, t: 3 };
    expect(narrowingFilters(['language:en', ['docusaurus_tag:docs', 'docusaurus_tag:wiki']], counts)).toEqual([]);
    expect(narrowingFilters(['language:en', ['docusaurus_tag:docs']], counts)).toEqual([['docusaurus_tag:docs']]);
    expect(narrowingFilters(['language:fr'], counts)).toEqual(['language:fr']);
    // Values of two filters may overlap on a page: such a group is kept.
    expect(narrowingFilters([['language:en', 'docusaurus_tag:docs']], counts)).toEqual([
      ['language:en', 'docusaurus_tag:docs'],
    ]);
    expect(narrowingFilters(['language:en'], { f: {}, t: 0 })).toEqual(['language:en']);
  });

  test('when the pages that define an identifier fill the dialog, no other page’s data is fetched', async () => {
    const fetched: string[] = [];
    const result = (id: string, meta: Record<string, string>) => ({
      id,
      score: 1,
      words: [],
      data: async () => {
        fetched.push(id);
        return { url: `/docs/2.0/${id}/`, content: id, meta: { title: id, ...meta }, excerpt: '', sub_results: [] };
      },
    });
    const token = 'defpgtracktable00';
    const defining = ['d1', 'd2', 'd3', 'd4', 'd5'].map((id) => result(id, { defines: token }));
    const others = ['o1', 'o2', 'o3', 'o4', 'o5'].map((id) => result(id, {}));
    const pagefind = {
      search: async (query: string) => ({ results: query === token ? defining : [...others, ...defining] }),
    } as unknown as Pagefind;
    const backend = createEmbeddedBackend({
      load: async () => pagefind,
      loadPriors: async () => ({ p: {}, n: {}, f: {}, t: 0 }),
    });
    const response = await backend.search({ query: 'pg_track_table', hitsPerPage: 12, facetFilters: [] });
    expect(response.hits.map((h) => h.hierarchy.lvl1)).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(response.nbHits).toBe(10);
    expect(fetched.sort()).toEqual(['d1', 'd2', 'd3', 'd4']);
  });
});

describe('a question typed whole', () => {
  test('finds the page that holds most of its words when none holds all of them', async () => {
    // "zebracorn" is on no indexed page: two keywords must both be found, and nothing is.
    expect((await searchModal('namespace zebracorn')).nbHits).toBe(0);
    const sentence = await searchModal('how do I set the claims namespace of a zebracorn?');
    expect(sentence.hits[0]?.hierarchy.lvl1).toBe('Authentication with JWT');
  });
});

describe('ranking, typos and suggestions', () => {
  test('an identifier named in a page’s keywords brings that page first', async () => {
    expect((await searchModal('HASURA_GRAPHQL_JWT_SECRET')).hits[0]!.hierarchy.lvl1).toBe('Authentication with JWT');
  });

  test('a prefix finds the word being typed', async () => {
    expect((await searchModal('permis')).nbHits).toBeGreaterThan(0);
  });

  test('a misspelt word is corrected', async () => {
    const result = await searchModal('permissons');
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits[0]!._highlightResult.hierarchy.lvl1!.value).toContain('<mark>');
  });

  test('a query with no match returns no hits and suggestions', async () => {
    const result = await searchModal('xylophone');
    expect(result.nbHits).toBe(0);
    expect(result.hits).toEqual([]);
    expect(result.suggestions).toEqual(SEARCH_SUGGESTIONS);
  });
});

test('a failure to load the index rejects the search, and the next search tries again', async () => {
  let attempts = 0;
  const backend = createEmbeddedBackend({
    load: async () => {
      attempts++;
      throw new Error('index unreachable');
    },
    loadPriors: async () => ({ p: {}, n: {}, f: {}, t: 0 }),
  });
  const request = { query: 'jwt', hitsPerPage: 3, facetFilters: [] };
  await expect(backend.search(request)).rejects.toThrow('index unreachable');
  await expect(backend.search(request)).rejects.toThrow();
  expect(attempts).toBe(2);
});
