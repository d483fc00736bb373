// Search in Chromium against the production build and its embedded index: the dialog (shortcuts,
// combobox and listbox, grouped hits titled page › heading, "See all", no-results and error
// screens, the hand-off to the docs assistant, mobile) and the search page.
import { expect, test, type Site } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { DOCS_BOT_ASK_EVENT } from '../site/src/components/DocsBot/settings';
import { NEW_ISSUE_URL } from '../site/src/constants';
import { SEARCH_SUGGESTIONS } from '../site/src/plugins/search/settings';
import { SEARCH_TEXTS } from '../site/src/theme/SearchBar/texts';
import { hydrated, MOBILE, newPage } from './browser';
import { startStaticServer } from './servers';
const DOC = 'queries/postgres/filters/comparison-operators/';
const INDEX_REQUEST = /\/docs\/2\.0\/pagefind\//;

async function openDoc(site: Site, options = {}) {
  const opened = await site.open(options);
  const indexRequests: string[] = [];
  opened.page.on('request', (r) => INDEX_REQUEST.test(r.url()) && indexRequests.push(r.url()));
  await opened.page.goto(site.url(DOC));
  await hydrated(opened.page);
  return { ...opened, indexRequests };
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const input = (page: Page) => page.getByRole('combobox', { name: 'Search the docs' });
const hits = (page: Page) => page.locator('[role="option"][href]');

async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await input(page).waitFor();
  await input(page).fill(query);
}

test.describe('the search dialog', () => {
  test('opens with Ctrl+K, Cmd+K and "/", closes with Escape, and gives focus back', async ({ site }) => {
    const { page, close } = await openDoc(site);
    for (const shortcut of ['Control+k', 'Meta+k', '/']) {
      await page.locator('h1').click(); // focus on the page, not in a field
      await page.keyboard.press(shortcut);
      await input(page).waitFor();
      await expect(input(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
    }
    // Opened from the button, closing puts focus back on the button.
    const button = page.getByRole('button', { name: 'Search Ctrl K', exact: true });
    await button.click();
    await input(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await close();
  });

  test('"/" typed into a field stays a slash', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('search/'));
    await hydrated(page);
    const field = page.locator('main input[type="search"]');
    await field.fill('a');
    await field.press('/');
    await expect(field.inputValue()).resolves.toBe('a/');
    await expect(dialog(page).count()).resolves.toBe(0);
    await close();
  });

  test('the navbar button is named by the text it shows, "Search" and the key hints', async ({ site }) => {
    const { page, close } = await openDoc(site);
    const button = page.getByRole('button', { name: 'Search Ctrl K', exact: true });
    await expect(button.getAttribute('aria-keyshortcuts')).resolves.toBe('Control+k');
    await close();
  });

  test('does not load its code or the index before it is used', async ({ site }) => {
    const { page, close, indexRequests, external } = await openDoc(site);
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    expect(indexRequests).toEqual([]);
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    expect(scripts.length).toBeGreaterThan(0); // the dialog's chunk, on first open
    await input(page).fill('jwt');
    await hits(page).first().waitFor();
    expect(indexRequests.some((u) => u.endsWith('/pagefind.js'))).toBe(true);
    expect(external).toEqual([]); // no hosted service, no other origin
    await close();
  });

  test('is a modal dialog named "Search" that keeps focus inside and closes on a backdrop click', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'jwt');
    await hits(page).first().waitFor();
    await expect(dialog(page).getAttribute('aria-modal')).resolves.toBe('true');
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    await expect(dialog(page).evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(dialog(page).evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    await page.mouse.click(5, 5); // the backdrop, outside the dialog's box
    await dialog(page).waitFor({ state: 'detached' });
    await close();
  });

  test('is a combobox: the arrow keys move through the options and Enter opens the selected hit', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'jwt');
    await hits(page).first().waitFor();
    await expect(input(page).getAttribute('aria-expanded')).resolves.toBe('true');
    const listbox = page.getByRole('listbox');
    await expect(input(page).getAttribute('aria-controls')).resolves.toBe(await listbox.getAttribute('id'));
    const options = page.getByRole('option');
    const active = async (option: Locator) =>
      expect(input(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await active(options.nth(0));
    await page.keyboard.press('ArrowDown');
    await active(options.nth(1));
    await expect(options.nth(1).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(options.nth(0).getAttribute('aria-selected')).resolves.toBe('false');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp'); // wraps to the last option
    await active(options.last());
    await page.keyboard.press('ArrowDown'); // and back to the first
    await page.keyboard.press('ArrowDown');
    const href = (await options.nth(1).getAttribute('href'))!;
    expect(href).toMatch(/^\/docs\/2\.0\//);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname + url.hash === href);
    await close();
  });

  test('"jwt" finds the JWT page first, grouped under its section, titled page › heading', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'jwt');
    const first = hits(page).first();
    await first.waitFor();
    await expect(first.getAttribute('href')).resolves.toMatch(/^\/docs\/2\.0\/auth\/authentication\/jwt\//);
    const group = page.getByRole('group').first();
    await expect(group.getAttribute('aria-labelledby')).resolves.toBeTruthy();
    await expect(page.locator(`[id="${await group.getAttribute('aria-labelledby')}"]`).textContent()).resolves.toBe(
      'Authentication and Authorization',
    );
    await expect(first.textContent()).resolves.toMatch(/^\S*Authentication with JWT/);
    // Each hit: a title (the page, and the heading when the hit is a section) and a snippet with the match.
    const count = await hits(page).count();
    await expect(hits(page).locator('[data-part="page"]').count()).resolves.toBe(count);
    await expect(hits(page).locator('[data-part="snippet"]').count()).resolves.toBe(count);
    await expect(hits(page).locator('[data-part="snippet"] mark').count()).resolves.toBeGreaterThan(0);
    await close();
  });

  test("takes a whole question in a reader's words: the page it is about comes in the first three", async ({
    site,
  }) => {
    const { page, close } = await openDoc(site);
    // No page holds every word of these sentences; the pages about them hold most.
    for (const [question, page_] of [
      ['How can I hit my endpoint every Monday morning?', /^\/docs\/2\.0\/scheduled-triggers\//],
      ['Can I stop people from running huge nested queries?', /^\/docs\/2\.0\/security\/api-limits\//],
      ['What port does Hasura listen on by default?', /^\/docs\/2\.0\/deployment\/graphql-engine-flags\/reference\//],
    ] as const) {
      await search(page, question);
      await page.locator(`a[href*="search/?q=${encodeURIComponent(question)}"]`).waitFor();
      const hrefs = await hits(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      const pages = [...new Set(hrefs.map((href) => href.split('#')[0]!))].slice(0, 3);
      expect(
        pages.some((p) => page_.test(p)),
        `${question} → ${pages.join(', ')}`,
      ).toBe(true);
      await page.keyboard.press('Escape');
    }
    await close();
  });

  test('agrees with the search page on the first result ("hasura deploy")', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'hasura deploy');
    await hits(page).first().waitFor();
    const inDialog = (await hits(page).first().getAttribute('href'))!.split('#')[0];
    expect(inDialog).toBe('/docs/2.0/hasura-cli/commands/hasura_deploy/');
    await page.goto(site.url('search/?q=hasura%20deploy'));
    const first = page.locator('article h2 a').first();
    await first.waitFor();
    await expect(first.getAttribute('href')).resolves.toMatch(new RegExp(`^${inDialog}`));
    await close();
  });

  test('an env var finds the flags reference in the top 3, at the heading of the row that defines it', async ({
    site,
  }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'HASURA_GRAPHQL_CORS_DOMAIN');
    await hits(page).first().waitFor();
    const hrefs = await hits(page).evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
    const pages = [...new Set(hrefs.map((h) => h.split('#')[0]))];
    const index = pages.indexOf('/docs/2.0/deployment/graphql-engine-flags/reference/');
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(3);
    const hit = hits(page).nth(hrefs.findIndex((h) => h.startsWith(pages[index]!)));
    // The title is the page and the heading the link leads to: never a table cell or a cut sentence.
    const pageTitle = await hit.locator('[data-part="page"]').textContent();
    const heading = await hit.locator('[data-part="heading"]').textContent();
    const href = (await hit.getAttribute('href'))!;
    await hit.click();
    await page.waitForURL((url) => url.pathname + url.hash === href);
    await expect(page.locator('h1')).toHaveText(pageTitle!);
    const target = page.locator(`[id="${decodeURIComponent(href.split('#')[1]!)}"]`);
    await expect(target.evaluate((el) => el.tagName)).resolves.toMatch(/^H[23]$/);
    await expect(target.evaluate((el) => el.textContent!.replace(/\u200b/g, '').trim())).resolves.toBe(heading);
    await expect(target.evaluate((el) => el.parentElement!.textContent)).resolves.toContain(
      'HASURA_GRAPHQL_CORS_DOMAIN',
    );
    await close();
  });

  test('"jwt claims" follows a hit to its section of the JWT page', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'jwt claims');
    const first = hits(page).first();
    await first.waitFor();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(/^\/docs\/2\.0\/auth\/authentication\/jwt\/#/);
    await expect(first.locator('mark').count()).resolves.toBeGreaterThan(0); // the snippet highlights the words
    await first.click();
    await page.waitForURL((url) => url.pathname === '/docs/2.0/auth/authentication/jwt/');
    expect(new URL(page.url()).hash).toBe(href.slice(href.indexOf('#')));
    await expect(page.locator('h1')).toHaveText('Authentication with JWT');
    await close();
  });

  test('"See all {count} results" shows the total and opens the search page with the query', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'permissions');
    const footer = page.getByRole('link', { name: /^See all \d+ results$/ });
    await footer.waitFor();
    const count = Number((await footer.textContent())!.match(/^See all (\d+) results$/)![1]);
    expect(count).toBeGreaterThan(20); // the total, not just the hits shown
    expect(await footer.getAttribute('href')).toBe('/docs/2.0/search/?q=permissions');
    await footer.click();
    await page.waitForURL((url) => url.pathname === '/docs/2.0/search/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('permissions');
    await expect(page.locator('h1')).toHaveText('Search results for "permissions"');
    await page.locator('article h2 a').first().waitFor();
    await expect(page.getByText(`${count} documents found`).count()).resolves.toBe(1);
    await close();
  });

  test('shows the count of the current query, not a sum over the keystrokes', async ({ site }) => {
    const query = 'hasura metadata apply';
    const { page, close } = await site.open();
    await page.goto(site.url(`search/?q=${encodeURIComponent(query)}`));
    const found = page.getByText(/^\d+ documents found$/);
    await found.waitFor();
    const total = Number((await found.textContent())!.split(' ')[0]);
    await page.goto(site.url(DOC));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    await input(page).pressSequentially(query, { delay: 30 });
    await expect(input(page).inputValue()).resolves.toBe(query);
    await expect(page.getByRole('link', { name: /^See all \d+ results$/ })).toHaveText(
      SEARCH_TEXTS.seeAll.replace('{count}', String(total)),
    );
    await close();
  });

  test('with no hits: "No results for", suggestions that search, and a "Let us know." issue link', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'xylophone quasar');
    const screen = page.locator('[data-screen="no-results"]');
    await screen.waitFor();
    await expect(screen.locator('p').first().textContent()).resolves.toBe('No results for "xylophone quasar"');
    await expect(screen.getByText('Try searching for:').count()).resolves.toBe(1);
    const suggestions = screen.getByRole('listitem');
    await expect(suggestions.allTextContents()).resolves.toEqual(SEARCH_SUGGESTIONS.slice(0, 3));
    await expect(screen.getByText('Believe this query should return results?').count()).resolves.toBe(1);
    const link = screen.getByRole('link', { name: 'Let us know.' });
    const issue = new URL((await link.getAttribute('href'))!);
    expect(`${issue.origin}${issue.pathname}`).toBe(NEW_ISSUE_URL);
    expect(issue.searchParams.get('title')).toContain('xylophone quasar');
    await suggestions.first().getByRole('button').click();
    await hits(page).first().waitFor();
    await expect(input(page).inputValue()).resolves.toBe(`${SEARCH_SUGGESTIONS[0]} `);
    await close();
  });

  test('corrects a misspelt word', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'subscriptons');
    await hits(page).first().waitFor();
    await expect(hits(page).locator('mark').first().textContent()).resolves.toMatch(/^subscription/i);
    await close();
  });

  test('shows the error screen when the index cannot be loaded, and recovers', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await page.route(INDEX_REQUEST, (route) => route.abort('internetdisconnected'));
    await search(page, 'jwt');
    const screen = page.locator('[data-screen="error"]');
    await screen.waitFor();
    await expect(screen.getByText('Unable to fetch results', { exact: true }).count()).resolves.toBe(1);
    await expect(screen.getByText('You might want to check your network connection.').count()).resolves.toBe(1);
    await page.unroute(INDEX_REQUEST);
    await input(page).fill('jwt secret');
    await hits(page).first().waitFor();
    await close();
  });

  test('offers the docs assistant: last for a search, first for a question; it hands over the query', async ({
    site,
  }) => {
    const { page, close } = await openDoc(site);
    await page.evaluate((name) => {
      const w = window as unknown as { asked: string[] };
      w.asked = [];
      window.addEventListener(name, (e) => w.asked.push((e as CustomEvent<{ question: string }>).detail.question));
    }, DOCS_BOT_ASK_EVENT);
    await search(page, 'event triggers');
    await hits(page).first().waitFor();
    const options = page.getByRole('option');
    await expect(options.last().textContent()).resolves.toContain(SEARCH_TEXTS.askAssistant);
    await input(page).fill('how do I retry a failed event trigger?');
    await expect(options.first()).toContainText(SEARCH_TEXTS.askAssistant);
    await expect(input(page)).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await dialog(page).waitFor({ state: 'detached' });
    await expect(page.evaluate(() => (window as unknown as { asked: string[] }).asked)).resolves.toEqual([
      'how do I retry a failed event trigger?',
    ]);
    await close();
  });

  test('keeps the assistant last for a question where it does not answer (static files, no docs-server)', async ({
    browser,
  }) => {
    const server = await startStaticServer();
    try {
      const { page, close } = await newPage(browser, server);
      await page.goto(server.url(DOC));
      await hydrated(page);
      // The dialog probes the assistant's websocket when it opens; here nothing answers it.
      const probe = page.waitForEvent('websocket');
      await search(page, 'how do I retry a failed event trigger?');
      const socket = await probe;
      await expect.poll(() => socket.isClosed()).toBe(true);
      await hits(page).first().waitFor();
      const options = page.getByRole('option');
      await expect(options.first()).not.toContainText(SEARCH_TEXTS.askAssistant);
      await expect(options.last()).toContainText(SEARCH_TEXTS.askAssistant);
      await close();
    } finally {
      await server.close();
    }
  });

  test('credits no hosted service: the results come from the site’s own index', async ({ site }) => {
    const { page, close } = await openDoc(site);
    await search(page, 'permissions');
    await hits(page).first().waitFor();
    await expect(
      dialog(page)
        .getByText(/algolia/i)
        .count(),
    ).resolves.toBe(0);
    await close();
  });

  test('fills the screen at mobile width, opened from the navbar button and closed with Cancel', async ({ site }) => {
    const { page, close } = await openDoc(site, MOBILE);
    // The key hints are hidden at this width, and the word "Search" is hidden visually only.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await input(page).fill('event triggers');
    await hits(page).first().waitFor();
    const box = (await page.locator('[role="dialog"]').boundingBox())!;
    expect(box.width).toBe(390);
    expect(box.height).toBeGreaterThanOrEqual(800);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await close();
  });
});

test.describe('the search page', () => {
  test('renders results for the q in the URL, with links to the pages', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('search/?q=pg_track_table'));
    await expect(page.getByText(/algolia/i).count()).resolves.toBe(0); // not the hosted service
    const first = page.locator('article h2 a').first();
    await first.waitFor();
    await expect(first.getAttribute('href')).resolves.toMatch(/^\/docs\/2\.0\/api-reference\/metadata-api\/source\//);
    await first.click();
    await page.waitForURL((url) => url.pathname === '/docs/2.0/api-reference/metadata-api/source/');
    await close();
  });

  test('is reached at /docs/2.0/search without the slash', async ({ site }) => {
    const { page, close } = await site.open();
    const response = await page.goto(site.url('search?q=jwt'));
    expect(new URL(page.url()).pathname).toBe('/docs/2.0/search/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('jwt');
    expect(response!.status()).toBe(200);
    await page.locator('article h2 a').first().waitFor();
    await close();
  });

  test('with no hits: the same texts as the dialog', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('search/?q=xylophone%20quasar'));
    await page.getByText('No results for "xylophone quasar"').waitFor();
    await expect(page.getByText('Believe this query should return results?').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Let us know.' }).count()).resolves.toBe(1);
    await close();
  });
});
