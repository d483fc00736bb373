import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCorpus } from 'docs-server/corpus-schema';
import { BASE_URL } from '../../constants';
import { buildCorpus } from './corpus';
import { extractPage, extractSections } from './extract';
import { fixRawAdmonitions } from './markdown';

// Small pages in the shape Docusaurus 3 renders them: DocItem's article, hash links with a
// zero-width space, Prism blocks as one .token-line per line, tabs, the GraphiQL IDE's panes.
const heading = (tag: 'h2' | 'h3', id: string, title: string) =>
  `<${tag} class="anchor anchorTargetStickyNavbar_tleR" id="${id}">${title}<a href="#${id}" class="hash-link" aria-label="Direct link to ${title}" title="Direct link to ${title}" translate="no">\u200B</a></${tag}>`;

const prism = (lang: string, lines: string[]) =>
  `<div class="language-${lang} codeBlockContainer_mQmQ theme-code-block"><div class="codeBlockContent_t_Hd">` +
  `<pre tabindex="0" class="prism-code language-${lang} codeBlock_RMoD"><code class="codeBlockLines_AclH">` +
  lines.map((l) => `<div class="token-line"><span class="token plain">${l}</span><br></div>`).join('') +
  `</code></pre><div class="buttonGroup_M5ko"><button type="button" aria-label="Copy code to clipboard">Copy</button></div></div></div>`;

const page = (body: string) =>
  `<!doctype html><html><head><title>Row-level permissions | Hasura GraphQL Docs</title></head><body>` +
  `<nav>Docs Wiki Search</nav><main><article><nav aria-label="Breadcrumbs">Auth › Permissions</nav>` +
  `<div class="theme-doc-markdown markdown">${body}</div><footer>Edit this page</footer></article></main></body></html>`;

const URL = `${BASE_URL}auth/authorization/permissions/row-level-permissions/`;

const SAMPLE = page(
  '<header><h1>Row-level permissions</h1></header>' +
    '<p>Rules decide <em>which rows</em> a role sees.</p><p>They use <code>X-Hasura-User-Id</code>.</p>' +
    heading('h2', 'using-session-variables', 'Using session variables') +
    '<table><tr><th>Key</th><th>Meaning</th></tr><tr><td>filter</td><td>rows read</td></tr></table>' +
    prism('yaml', ['filter:', '  author_id:', '    _eq: X-Hasura-User-Id']) +
    '<p>After the code.</p>' +
    heading('h3', 'with-relationships', 'With <code>relationships</code>') +
    '<h4 id="nested">Nested</h4><p>Joins happen in the database.</p>' +
    '<div class="tabs-container"><ul role="tablist"><li role="tab">Console</li><li role="tab">CLI</li></ul>' +
    '<div role="tabpanel"><p>Open the Permissions tab.</p></div>' +
    `<div role="tabpanel" hidden="">${prism('bash', ['hasura metadata apply'])}</div></div>` +
    heading('h2', 'empty', 'Empty') +
    heading('h3', 'only-code', 'Only code') +
    '<figure class="ide_t2uO" data-testid="graphiql-ide"><div class="panes_i2JO">' +
    `<div class="pane_k8po"><div class="paneLabel_kvw2">Query</div>${prism('graphql', ['query {', '  articles { id }', '}'])}</div>` +
    `<div class="pane_k8po"><div class="paneLabel_kvw2">Response</div>${prism('json', ['{ "data": {} }'])}</div>` +
    '</div><button type="button" class="button tryIt_KY3G">Try it</button></figure>' +
    '<pre><code>plain block</code></pre>' +
    '<div class="cards"><h3 class="title_HB9g">Card title</h3><p>Card text.</p></div>',
);

describe('extractSections', () => {
  const sections = extractSections(SAMPLE, URL, 'docs');

  it('cuts the page at its Markdown H2 and H3 headings, the introduction first and without an anchor', () => {
    expect(sections.map((s) => s.url)).toEqual([
      URL,
      `${URL}#using-session-variables`,
      `${URL}#with-relationships`,
      `${URL}#only-code`,
    ]);
    expect(sections.map((s) => s.headings)).toEqual([
      [],
      ['Using session variables'],
      ['Using session variables', 'With relationships'],
      ['Empty', 'Only code'],
    ]);
    expect(sections.every((s) => s.pageTitle === 'Row-level permissions' && s.area === 'docs')).toBe(true);
  });

  it('keeps plain text only: no page title, hash-link characters, buttons, tab labels or pane labels', () => {
    const [intro, session, relationships, onlyCode] = sections;
    expect(intro?.text).toBe('Rules decide which rows a role sees. They use X-Hasura-User-Id.');
    expect(session?.text).toBe('Key Meaning filter rows read After the code.');
    expect(relationships?.text).toBe('Nested Joins happen in the database. Open the Permissions tab.');
    expect(onlyCode?.text).toBe('Card title Card text.');
    const plain = sections.map(({ text, code, headings }) => ({ text, code, headings }));
    expect(JSON.stringify(plain)).not.toMatch(/\u200B|Copy|Try it|Console|Query|Response|Edit this page/);
  });

  it('keeps code blocks apart, line by line, with the language of their language-xxx class', () => {
    expect(sections[1]?.code).toEqual([{ lang: 'yaml', code: 'filter:\n  author_id:\n    _eq: X-Hasura-User-Id' }]);
    expect(sections[2]?.code).toEqual([{ lang: 'bash', code: 'hasura metadata apply' }]);
    expect(sections[3]?.code).toEqual([
      { lang: 'graphql', code: 'query {\n  articles { id }\n}' },
      { lang: 'json', code: '{ "data": {} }' },
      { lang: '', code: 'plain block' },
    ]);
  });

  it('keeps each section as Markdown blocks: tables, code with its language, tabs with their labels', () => {
    const [intro, session, relationships, onlyCode] = sections;
    expect(intro?.blocks).toEqual(['Rules decide _which rows_ a role sees.', 'They use `X-Hasura-User-Id`.']);
    expect(session?.blocks).toEqual([
      '| Key | Meaning |\n| --- | --- |\n| filter | rows read |',
      '```yaml\nfilter:\n  author_id:\n    _eq: X-Hasura-User-Id\n```',
      'After the code.',
    ]);
    expect(relationships?.blocks).toEqual([
      '**Nested**',
      'Joins happen in the database.',
      '**Console**\n\nOpen the Permissions tab.\n\n**CLI**\n\n```bash\nhasura metadata apply\n```',
    ]);
    expect(onlyCode?.blocks).toEqual([
      '```graphql\nquery {\n  articles { id }\n}\n```\n\n```json\n{ "data": {} }\n```',
      '```\nplain block\n```',
      '**Card title**\n\nCard text.',
    ]);
    expect(JSON.stringify(sections.map((s) => s.blocks))).not.toMatch(/Copy|Try it|Query\b|Response/);
  });

  it('turns admonitions into callouts and makes links site-absolute', () => {
    const admonition =
      '<div class="theme-admonition theme-admonition-caution admonition_x alert alert--warning">' +
      '<div class="admonitionHeading_y"><span class="admonitionIcon_z"><svg></svg></span>Keep it secret</div>' +
      '<div class="admonitionContent_w"><p>Never commit the <a href="../admin-secret/">admin secret</a>.</p></div></div>';
    const [section] = extractSections(
      page(
        `<header><h1>Row-level permissions</h1></header>${admonition}<p><a href="#x">x</a> <a href="javascript:alert(1)">bad</a></p>`,
      ),
      URL,
      'docs',
    );
    expect(section?.blocks).toEqual([
      '> **Caution: Keep it secret**\n>\n> Never commit the [admin secret](/docs/2.0/auth/authorization/permissions/admin-secret/).',
      `[x](${URL}#x) bad`,
    ]);
  });

  it('never leaves raw ::: markup: a callout the site failed to render becomes a callout', () => {
    expect(fixRawAdmonitions([':::note Refetch units', 'Given in milliseconds.', ':::', 'After.'])).toEqual([
      '> **Note: Refetch units**\n>\n> Given in milliseconds.',
      'After.',
    ]);
    expect(fixRawAdmonitions([':::tip\nOne line. :::'])).toEqual(['> **Tip**\n>\n> One line.']);
    const [section] = extractSections(
      page('<header><h1>T</h1></header><p>:::info Precedence\nOnly the list is used.\n:::</p>'),
      URL,
      'docs',
    );
    expect(section?.blocks).toEqual(['> **Info: Precedence**\n>\n> Only the list is used.']);
  });

  it("reads the page's description and keywords from its meta tags", () => {
    const html = SAMPLE.replace(
      '<head>',
      '<head><meta name="description" content="Rules for rows."><meta name="keywords" content="hasura, row level security,filter">',
    );
    expect(extractPage(html, URL, 'docs').page).toEqual({
      url: URL,
      title: 'Row-level permissions',
      description: 'Rules for rows.',
      keywords: ['hasura', 'row level security', 'filter'],
    });
  });

  it('finds no sections in a page without a doc body', () => {
    expect(extractSections('<html><body><main><h1>Page Not Found</h1></main></body></html>', URL, 'docs')).toEqual([]);
  });
});

describe('buildCorpus', () => {
  let outDir: string;
  const write = async (route: string, html: string) => {
    const dir = path.join(outDir, route.slice(BASE_URL.length));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'index.html'), html);
  };

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'docs-corpus-'));
    await write(BASE_URL, page('<header><h1>Landing</h1></header><p>Not a doc.</p>'));
    await write(`${BASE_URL}search/`, page('<header><h1>Search</h1></header><p>Not a doc.</p>'));
    await write(`${BASE_URL}auth/authorization/permissions/row-level-permissions/`, SAMPLE);
    await write(`${BASE_URL}wiki/style/bullets/`, page('<header><h1>Bullets</h1></header><p>Lists.</p>'));
    await write(`${BASE_URL}wiki/category/style/`, '<html><body><main><h1>Style</h1></main></body></html>');
  });
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('exports every doc and wiki page, not the landing, 404 or search pages, in the format the docs-server loads', async () => {
    const routes = [
      BASE_URL,
      `${BASE_URL}404.html`,
      `${BASE_URL}search/`,
      `${BASE_URL}wiki/style/bullets/`,
      `${BASE_URL}wiki/category/style/`,
      `${BASE_URL}auth/authorization/permissions/row-level-permissions/`,
    ];
    const rowLevel = `${BASE_URL}auth/authorization/permissions/row-level-permissions/`;
    const questions = new Map([[rowLevel, ['How do I let users see only their own rows?']]]);
    const corpus = await buildCorpus(outDir, routes, BASE_URL, questions, new Date('2026-01-02T03:04:05Z'));
    expect(validateCorpus(JSON.parse(JSON.stringify(corpus)))).toEqual(corpus);
    expect(corpus.generatedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(corpus.sections.filter((s) => s.area === 'docs')).toHaveLength(4);
    expect(corpus.sections.filter((s) => s.area === 'wiki')).toEqual([
      {
        url: `${BASE_URL}wiki/style/bullets/`,
        pageTitle: 'Bullets',
        headings: [],
        text: 'Lists.',
        code: [],
        area: 'wiki',
        blocks: ['Lists.'],
      },
    ]);
    expect(corpus.sections.map((s) => s.text).join(' ')).not.toContain('Not a doc');
    expect(corpus.pages?.map((p) => [p.url, p.questions])).toEqual([
      [rowLevel, ['How do I let users see only their own rows?']],
      [`${BASE_URL}wiki/style/bullets/`, []],
    ]);
  });

  it('names the page when a route has no built file', async () => {
    await expect(buildCorpus(outDir, [`${BASE_URL}missing/page/`], BASE_URL)).rejects.toThrow(
      /cannot read the built page of \/docs\/2\.0\/missing\/page\//,
    );
  });
});
