// The authors' components and code highlighting, on the wiki pages that show them in use.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../site/src/constants';
import { isHighlightable } from '../site/src/code-blocks/languages';
import { BUILD_DIR, MOBILE, hydrated } from './harness';
import { builtSite } from './site';

const site = builtSite();

const GUIDE = 'wiki/docusaurus-mdx-guide/';

describe('GraphiQLIDE', () => {
  it('renders the query and its response as highlighted code, and loads the editor only on demand', async () => {
    const { page, close } = await site.open();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(site.url(`${GUIDE}graphiql-ide/`));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const ide = page.getByTestId('graphiql-ide').first();
    expect(await ide.locator('pre.prism-code.language-graphql .token').count()).toBeGreaterThan(0);
    expect(await ide.locator('pre.prism-code.language-json').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('graphiql-live').count()).toBe(0);
    const before = scripts.length;
    await ide.getByRole('button', { name: 'Try it' }).click();
    await page.getByTestId('graphiql-live').waitFor();
    expect(scripts.length).toBeGreaterThan(before); // the editor arrived as its own chunk
    expect(await page.getByTestId('graphiql-live').getByRole('textbox').nth(1).inputValue()).toContain('{');
    await close();
  });
});

describe('Thumbnail', () => {
  it('loads lazily, zooms on click and closes on Escape', async () => {
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
    await expect.poll(() => dialog.count()).toBe(0);
    await close();
  });
});

describe('Tabs', () => {
  it('keeps the chosen tab per group across pages and visits', async () => {
    const { page, close } = await site.open();
    await page.goto(site.url(`${GUIDE}tabs/`));
    await hydrated(page);
    await page.getByRole('tab', { name: 'CLI' }).first().click();
    expect(await page.evaluate((k) => localStorage.getItem(k), `${STORAGE_KEYS.tabGroupPrefix}user-preference`)).toBe(
      'cli',
    );
    // Every tab set of the same group follows the choice.
    const selected = await page.locator('[role="tab"][aria-selected="true"]').allTextContents();
    expect(selected.filter((t) => ['Console', 'CLI', 'API'].includes(t)).every((t) => t === 'CLI')).toBe(true);
    // The stored choice differs from the server's markup (first tab): hydration must still match.
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByRole('tab', { name: 'CLI' }).first().getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('ProductBadge, ListTable and ReleaseTag', () => {
  it('render on their wiki pages', async () => {
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

describe('code blocks', () => {
  it('highlight every language the docs use, once the page has hydrated', async () => {
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

  it("keep the server's highlighted lines on a first visit, without downloading the highlighter", async () => {
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

  it('highlight code in the browser when the page has no server lines to keep (dev server, hydration errors)', async () => {
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

  it('highlight after a client-side navigation from a page without code', async () => {
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

describe('code block buttons', () => {
  it('offer word wrap on a block that scrolls sideways, and copy the code', async () => {
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
