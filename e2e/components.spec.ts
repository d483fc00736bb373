// The authors' components and code highlighting, on the wiki pages that show them in use.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { DOCUSAURUS_STORAGE_KEYS } from './docusaurusStorage';
import { isHighlightable } from '../site/src/code-blocks/languages';
import { openInColorMode } from './fixtures';
import { MOBILE, hydrated } from './browser';
import { BUILD_DIR } from './servers';

const GUIDE = 'wiki/docusaurus-mdx-guide/';

test.describe('GraphiQLIDE', () => {
  /** The text of one of GraphiQL's editors (CodeMirror 5 keeps its instance on the element). */
  const editorText = (page: Page, selector: string) =>
    page.evaluate(
      (sel) => (document.querySelector(sel) as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue(),
      selector,
    );
  const QUERY_EDITOR = '.graphiql-query-editor .CodeMirror';
  /** Lines without blank ones: the code block's text has one per line break, the editor's none. */
  const lines = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .join('\n');
  const RESPONSE = '.graphiql-response .CodeMirror';

  /** Opens the guide's first example in the editor; returns the example's query as the page shows it. */
  async function tryFirstExample(page: Page): Promise<string> {
    const ide = page.getByTestId('graphiql-ide').first();
    const query = lines(await ide.locator('pre.language-graphql').innerText());
    await ide.getByRole('button', { name: 'Try it' }).click();
    await page.locator(QUERY_EDITOR).waitFor();
    return query;
  }

  /** A stand-in engine on 127.0.0.1 that answers every operation with `data`, and records what it got. */
  async function standInEngine() {
    const received: { headers: http.IncomingHttpHeaders; body: { query: string; operationName?: string } }[] = [];
    const server = http.createServer((req, res) => {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type, x-hasura-admin-secret, x-hasura-role');
      if (req.method === 'OPTIONS') return void res.end();
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { query: string; operationName?: string };
        received.push({ headers: req.headers, body: parsed });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: { authors: [{ id: 1, name: 'Stand-in author' }] } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  /** Lets the page reach `origin` (`site.open` blocks every origin but the site's). */
  const allow = (page: Page, origin: string) => page.route(`${origin}/**`, (route) => route.continue());

  /** Points the open editor at `endpoint` and runs the operation. */
  async function runAgainst(page: Page, endpoint: string) {
    const input = page.getByRole('textbox', { name: 'Endpoint' });
    await input.fill(endpoint);
    await input.press('Enter');
    await page.getByRole('button', { name: /^Execute query/ }).click();
  }

  test('renders the example as highlighted code, and loads GraphiQL only when the reader presses Try it', async ({
    site,
  }) => {
    const { page, close } = await site.open();
    await openInColorMode(page, 'dark');
    // Every script the page receives, by content: GraphiQL's code and CSS text carry its class names.
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.text().catch(() => '')));
    const graphiqlScripts = async () => (await Promise.all(scripts)).filter((s) => s.includes('graphiql-container'));
    await page.goto(site.url(`${GUIDE}graphiql-ide/`));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const ide = page.getByTestId('graphiql-ide').first();
    expect(await ide.locator('pre.prism-code.language-graphql .token').count()).toBeGreaterThan(0);
    expect(await ide.locator('pre.prism-code.language-json').count()).toBeGreaterThan(0);
    expect(await graphiqlScripts()).toEqual([]);
    expect(await page.locator('style[data-stylesheet="graphiql"], .graphiql-container').count()).toBe(0);

    const query = await tryFirstExample(page);
    expect((await graphiqlScripts()).length).toBeGreaterThan(0);
    expect(lines(await editorText(page, QUERY_EDITOR))).toBe(query);
    // GraphiQL follows the site's colour mode.
    expect(await page.evaluate(() => document.body.classList.contains('graphiql-dark'))).toBe(true);
    await close();
  });

  test("fills in the example's variables", async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(`${GUIDE}graphiql-ide/`));
    await hydrated(page);
    // The first example with variables: its query pane shows them under a "Variables" label.
    const ide = page
      .getByTestId('graphiql-ide')
      .filter({ has: page.getByText('Variables', { exact: true }) })
      .first();
    const variables = JSON.parse(await ide.locator('pre.language-json').first().innerText()) as unknown;
    await ide.getByRole('button', { name: 'Try it' }).click();
    await page.locator('.graphiql-editor-tool .CodeMirror').first().waitFor();
    expect(JSON.parse(await editorText(page, '.graphiql-editor-tool .CodeMirror'))).toEqual(variables);
    await close();
  });

  test('runs the operation against the engine the reader points it at, and remembers that endpoint', async ({
    site,
  }) => {
    const engine = await standInEngine();
    const { page, close } = await site.open();
    await allow(page, engine.origin);
    await page.goto(site.url(`${GUIDE}graphiql-ide/`));
    await hydrated(page);
    const query = await tryFirstExample(page);
    await runAgainst(page, `${engine.origin}/v1/graphql`);
    await expect.poll(() => editorText(page, RESPONSE)).toContain('Stand-in author');
    expect(JSON.parse(await editorText(page, RESPONSE))).toEqual({
      data: { authors: [{ id: 1, name: 'Stand-in author' }] },
    });
    expect(await page.getByTestId('graphiql-engine-problem').count()).toBe(0);
    const run = engine.received.find((r) => lines(r.body.query) === query);
    expect(run, 'the stand-in received the example').toBeDefined();
    // The admin secret field was left empty: no such header was sent.
    expect(run!.headers['x-hasura-admin-secret']).toBeUndefined();

    // The next example opens on the same endpoint; the first one closes (one editor at a time).
    await page.getByTestId('graphiql-ide').nth(1).getByRole('button', { name: 'Try it' }).click();
    await page.getByTestId('graphiql-ide').nth(1).getByTestId('graphiql-live').waitFor();
    expect(await page.getByTestId('graphiql-live').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe(`${engine.origin}/v1/graphql`);
    // Close puts the reader back on the example's Try it button.
    await page.getByTestId('graphiql-live').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('graphiql-live').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try it');
    await close();
    await engine.close();
  });

  test('says clearly when no engine answers, with how to start one (390 px wide)', async ({ site }) => {
    // A port with nothing listening: bound, then released.
    const vacant = await standInEngine();
    await vacant.close();
    const { page, close } = await site.open(MOBILE);
    await allow(page, vacant.origin);
    await page.goto(site.url(`${GUIDE}graphiql-ide/`));
    await hydrated(page);
    await tryFirstExample(page);
    const endpoint = `${vacant.origin}/v1/graphql`;
    await runAgainst(page, endpoint);
    const notice = page.getByTestId('graphiql-engine-problem');
    await expect(notice).toContainText(`No GraphQL engine answered at ${endpoint}`);
    const text = await notice.textContent();
    expect(text).toContain('docker compose up -d');
    expect(text).toContain('HASURA_GRAPHQL_CORS_DOMAIN');
    expect(await notice.getByRole('link', { name: 'Quickstart with Docker' }).getAttribute('href')).toBe(
      '/docs/2.0/getting-started/docker-simple/',
    );
    expect(await editorText(page, RESPONSE)).toContain(`No GraphQL engine answered at ${endpoint}`);
    // The editor fits the phone's width: nothing sticks out sideways.
    const box = (await page.locator('.graphiql-container').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await close();
  });
});

test.describe('Thumbnail', () => {
  test('loads lazily, zooms on click and closes on Escape', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(`${GUIDE}thumbnail/`));
    await hydrated(page);
    const img = page.locator('article button img[loading="lazy"]').first();
    expect(await img.getAttribute('alt')).toBeTruthy();
    expect(await img.getAttribute('src')).toMatch(/^\/docs\/2\.0\/img\/wiki\/.+\.svg$/);
    await img.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await close();
  });
});

test.describe('Tabs', () => {
  test('keeps the chosen tab per group across pages and visits', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(`${GUIDE}tabs/`));
    await hydrated(page);
    await page.getByRole('tab', { name: 'CLI' }).first().click();
    expect(
      await page.evaluate((k) => localStorage.getItem(k), `${DOCUSAURUS_STORAGE_KEYS.tabGroupPrefix}user-preference`),
    ).toBe('cli');
    // Every tab set of the same group follows the choice.
    const selected = await page.locator('[role="tab"][aria-selected="true"]').allTextContents();
    expect(selected.filter((t) => ['Console', 'CLI', 'API'].includes(t)).every((t) => t === 'CLI')).toBe(true);
    // The stored choice differs from the server's markup (first tab): hydration must still match.
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'CLI' }).first()).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
    await close();
  });
});

test.describe("The authors' components on a first visit", () => {
  // Each page imports the components it uses (site/src/plugins/component-imports); they share one chunk.
  test('load with a page that uses one, and not with a page that uses none', async ({ site }) => {
    const { page, close } = await site.open();
    const componentChunks: string[] = [];
    page.on('request', (r) => /\/assets\/js\/mdx\.[0-9a-f]+\.js$/.test(r.url()) && componentChunks.push(r.url()));
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    expect(componentChunks).toEqual([]);
    await page.goto(site.url(`${GUIDE}tabs/`));
    await hydrated(page);
    expect(componentChunks).toHaveLength(1);
    await page.getByRole('tab', { name: 'CLI' }).first().click();
    await expect(page.getByRole('tab', { name: 'CLI' }).first()).toHaveAttribute('aria-selected', 'true');
    await close();
  });
});

test.describe('ProductBadge, ListTable and ReleaseTag', () => {
  test('render on their wiki pages', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(`${GUIDE}release-tag/`));
    expect(await page.getByText('Introduced in v2.10.0').count()).toBeGreaterThan(0);
    await page.goto(site.url(`${GUIDE}list-tables/`));
    expect(await page.locator('article table thead th').count()).toBeGreaterThan(0);
    await page.goto(site.url('enterprise/overview/'));
    expect(await page.getByLabel('Availability').textContent()).toContain('Self-hosted EE');
    await close();
  });
});

/** For every language Prism can highlight, one built page (route) that has a code block in it. */
function pagePerHighlightableLanguage(): Map<string, string> {
  const pages = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name === 'index.html') {
        for (const [, lang] of fs.readFileSync(file, 'utf8').matchAll(/class="prism-code language-([\w#+-]+)/g)) {
          if (isHighlightable(lang!) && !pages.has(lang!)) pages.set(lang!, path.relative(BUILD_DIR, dir) + '/');
        }
      }
    }
  };
  visit(BUILD_DIR);
  return pages;
}

/** Languages whose code blocks on the current page show no highlighted token. */
async function unhighlightedOn(page: Page, langs: Iterable<string>): Promise<string[]> {
  const missing: string[] = [];
  for (const lang of langs) {
    if ((await page.locator(`pre.prism-code.language-${lang} .token:not(.plain)`).count()) === 0) missing.push(lang);
  }
  return missing;
}

test.describe('code blocks', () => {
  test('highlight every language the docs use, once the page has hydrated', async ({ site }) => {
    const pages = pagePerHighlightableLanguage();
    // The languages the authors' guide shows, and the grammars that are loaded on demand, are among them.
    expect([...pages.keys()]).toEqual(expect.arrayContaining(['graphql', 'json', 'yaml', 'sql', 'bash', 'http']));
    const { page, close } = await site.open();
    const unhighlighted: string[] = [];
    for (const [lang, route] of pages) {
      await page.goto(site.url(route));
      await hydrated(page);
      unhighlighted.push(...(await unhighlightedOn(page, [lang])).map((l) => `${l} on ${route}`));
    }
    expect(unhighlighted).toEqual([]);
    await close();
  });

  test("keep the server's highlighted lines on a first visit, without downloading the highlighter", async ({
    site,
  }) => {
    const { page, close } = await site.open();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    // Marks the first token the server rendered, before React hydrates the page.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const token = document.querySelector('article pre.prism-code .token');
        if (token) token.setAttribute('data-from-server', '');
      }),
    );
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    expect(await page.locator('article pre.prism-code .token[data-from-server]').count()).toBe(1);
    expect(await unhighlightedOn(page, ['bash', 'json'])).toEqual([]);
    // site/src/code-blocks/prismGlobal.ts sets the global Prism when the highlighter chunk runs.
    expect(await page.evaluate(() => 'Prism' in window)).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  test('highlight code in the browser when the page has no server lines to keep (dev server, hydration errors)', async ({
    site,
  }) => {
    const { page, close } = await site.open();
    // The page as the dev server sends it, as far as code blocks go: the code elements are empty.
    let emptied = 0;
    await page.route(
      (url) => url.pathname.endsWith('/auth/authentication/jwt/'),
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<code class="?codeBlockLines[^>]*>)[\s\S]*?(<\/code>)/g,
          (_, open: string, end: string) => {
            emptied++;
            return open + end;
          },
        );
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    expect(emptied).toBeGreaterThan(5);
    await expect.poll(() => unhighlightedOn(page, ['bash', 'json'])).toEqual([]);
    expect(await page.locator('article pre.prism-code code:empty').count()).toBe(0);
    await close();
  });

  test('highlight after a client-side navigation from a page without code', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(''));
    await hydrated(page);
    const target = new URL(site.url(`${GUIDE}code-blocks/`)).pathname;
    await page.evaluate((url) => {
      window.history.pushState({}, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, target);
    await page.locator('article pre.prism-code.language-bash').first().waitFor();
    const langs = await page
      .locator('article pre.prism-code')
      .evaluateAll((pres) => [...new Set(pres.map((p) => /language-([\w#+-]+)/.exec(p.className)?.[1] ?? ''))]);
    const highlightable = langs.filter(isHighlightable);
    expect(highlightable.length).toBeGreaterThan(10);
    // Code rendered in the browser is plain until the highlighter chunk is there.
    await expect.poll(() => unhighlightedOn(page, highlightable)).toEqual([]);
    expect(await page.evaluate(() => 'Prism' in window)).toBe(true);
    expect(await page.locator('.theme-code-block-highlighted-line').count()).toBeGreaterThan(1);
    await close();
  });
});

test.describe('code block buttons', () => {
  test('offer word wrap on a block that scrolls sideways, and copy the code', async ({ site }) => {
    const { page, close } = await site.open({ ...MOBILE, permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    // The buttons depend on a measurement each block makes once it is mounted.
    const scrolling = await page
      .locator('.theme-code-block pre')
      .evaluateAll((pres) => pres.findIndex((pre) => pre.scrollWidth > pre.clientWidth));
    expect(scrolling).toBeGreaterThanOrEqual(0);
    const block = page.locator('.theme-code-block').nth(scrolling);
    const pre = block.locator('pre');
    await block.getByRole('button', { name: 'Toggle word wrap' }).click();
    await expect.poll(() => pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
    expect(await pre.locator('.token:not(.plain)').count()).toBeGreaterThan(0);
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    const words = (text: string) => text.replace(/\s+/g, ' ').trim(); // lines are elements on the page
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('\n');
    expect(words(copied)).toBe(words((await pre.locator('code').textContent()) ?? ''));
    await close();
  });
});
