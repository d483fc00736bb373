// Search in Chromium against the production build and its embedded index: the DocSearch modal
// (shortcuts, hits, "See all", no-results and error screens) and the search page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NEW_ISSUE_URL, SEARCH_SUGGESTIONS } from '../site/src/constants';
import { hydrated, MOBILE } from './harness';
import { builtSite } from './site';

const site = builtSite();
const DOC = 'queries/postgres/filters/comparison-operators/';
const INDEX_REQUEST = /\/docs\/2\.0\/pagefind\//;

async function openDoc(options = {}) {
  const opened = await site.open(options);
  const indexRequests: string[] = [];
  opened.page.on('request', (r) => INDEX_REQUEST.test(r.url()) && indexRequests.push(r.url()));
  await opened.page.goto(site.url(DOC));
  await hydrated(opened.page);
  return { ...opened, indexRequests };
}

const modal = (page: Page) => page.locator('.DocSearch-Modal');

async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
  await page.locator('.DocSearch-Input').fill(query);
}

describe('the search modal', () => {
  it('opens with Ctrl+K, Cmd+K and "/", and closes with Escape', async () => {
    const { page, close } = await openDoc();
    for (const shortcut of ['Control+k', 'Meta+k', '/']) {
      // Closing the modal focuses the search button, and "/" is ignored while a button has focus.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press(shortcut);
      await modal(page).waitFor();
      await expect(page.locator('.DocSearch-Input').evaluate((el) => el === document.activeElement)).resolves.toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await modal(page).waitFor({ state: 'detached' });
    }
    await close();
  });

  it('the navbar button is named by the text it shows, "Search" and the key hints', async () => {
    const { page, close } = await openDoc();
    const button = page.getByRole('button', { name: 'Search Ctrl K', exact: true });
    await expect(button.getAttribute('aria-keyshortcuts')).resolves.toBe('Control+k');
    await close();
  });

  it('is a modal dialog named "Search", closed by a click on the backdrop', async () => {
    const { page, close } = await openDoc();
    await search(page, 'jwt');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await expect(dialog.locator('.DocSearch-Modal').count()).resolves.toBe(1);
    await page.mouse.click(5, 5); // the backdrop, outside the modal's box
    await modal(page).waitFor({ state: 'detached' });
    await close();
  });

  it('moves through the hits with the arrow keys and opens the selected one with Enter', async () => {
    const { page, close } = await openDoc();
    await search(page, 'jwt');
    const options = page.getByRole('option');
    await options.first().waitFor();
    const activeOption = () => page.locator('.DocSearch-Input').getAttribute('aria-activedescendant');
    await expect.poll(activeOption).toBe(await options.nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeOption).toBe(await options.nth(1).getAttribute('id'));
    await expect(options.nth(1).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(options.nth(0).getAttribute('aria-selected')).resolves.toBe('false');
    const href = (await options.nth(1).getAttribute('href'))!;
    expect(href).toMatch(/^\/docs\/2\.0\//);
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname + url.hash === href);
    await close();
  });

  it('loads the index only when search is first used', async () => {
    const { page, close, indexRequests, external } = await openDoc();
    await page.waitForLoadState('networkidle');
    expect(indexRequests).toEqual([]);
    await search(page, 'jwt');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(indexRequests.some((u) => u.endsWith('/pagefind.js'))).toBe(true);
    expect(external).toEqual([]); // no hosted service, no other origin
    await close();
  });

  it('finds "jwt claims" on the JWT page and follows the hit to its section', async () => {
    const { page, close } = await openDoc();
    await search(page, 'jwt claims');
    const first = page.locator('.DocSearch-Hit a').first();
    await first.waitFor();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/docs\/2\.0\/auth\/authentication\/jwt\/#/);
    await expect(page.locator('.DocSearch-Hit-source').first().textContent()).resolves.toBeTruthy();
    await first.click();
    await page.waitForURL((url) => url.pathname === '/docs/2.0/auth/authentication/jwt/');
    expect(new URL(page.url()).hash).toBe(href!.slice(href!.indexOf('#')));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Authentication with JWT');
    await close();
  });

  it('"See all {count} results" shows the total and opens the search page with the query', async () => {
    const { page, close } = await openDoc();
    await search(page, 'permissions');
    const footer = page.locator('.DocSearch-HitsFooter a');
    await footer.waitFor();
    const count = Number((await footer.textContent())!.match(/^See all (\d+) results$/)![1]);
    expect(count).toBeGreaterThan(20); // the total, not just the hits shown
    await footer.click();
    await page.waitForURL((url) => url.pathname === '/docs/2.0/search/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('permissions');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Search results for "permissions"');
    await page.locator('article h2 a').first().waitFor();
    await expect(page.getByText(`${count} documents found`).count()).resolves.toBe(1);
    await close();
  });

  it('shows the count of the current query, not a sum over the keystrokes', async () => {
    const query = 'hasura metadata apply';
    const { page, close } = await site.open();
    await page.goto(site.url(`search/?q=${encodeURIComponent(query)}`));
    const found = page.getByText(/^\d+ documents found$/);
    await found.waitFor();
    const total = Number((await found.textContent())!.split(' ')[0]);
    await page.goto(site.url(DOC));
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await page.locator('.DocSearch-Input').pressSequentially(query, { delay: 30 });
    await expect(page.locator('.DocSearch-Input').inputValue()).resolves.toBe(query);
    await expect.poll(() => page.locator('.DocSearch-HitsFooter a').textContent()).toBe(`See all ${total} results`);
    await close();
  });

  it('with no hits: "No results for", suggestions that search, and a "Let us know." issue link', async () => {
    const { page, close } = await openDoc();
    await search(page, 'xylophone quasar');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    await expect(screen.locator('.DocSearch-Title').textContent()).resolves.toBe('No results for "xylophone quasar"');
    await expect(screen.locator('.DocSearch-NoResults-Prefill-List .DocSearch-Help').textContent()).resolves.toBe(
      'Try searching for:',
    );
    const suggestions = screen.locator('.DocSearch-Prefill');
    await expect(suggestions.allTextContents()).resolves.toEqual(SEARCH_SUGGESTIONS.slice(0, 3));
    await expect(screen.getByText('Believe this query should return results?').count()).resolves.toBe(1);
    const link = screen.getByRole('link', { name: 'Let us know.' });
    const issue = new URL((await link.getAttribute('href'))!);
    expect(`${issue.origin}${issue.pathname}`).toBe(NEW_ISSUE_URL);
    expect(issue.searchParams.get('title')).toContain('xylophone quasar');
    await suggestions.first().click();
    await page.locator('.DocSearch-Hit').first().waitFor();
    await expect(page.locator('.DocSearch-Input').inputValue()).resolves.toBe(`${SEARCH_SUGGESTIONS[0]} `);
    await close();
  });

  it('corrects a misspelt word', async () => {
    const { page, close } = await openDoc();
    await search(page, 'subscriptons');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await expect(page.locator('.DocSearch-Hit mark').first().textContent()).resolves.toMatch(/^subscription/i);
    await close();
  });

  it('shows the error screen when the index cannot be loaded', async () => {
    const { page, close } = await openDoc();
    await page.route(INDEX_REQUEST, (route) => route.abort('internetdisconnected'));
    await search(page, 'jwt');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await screen.waitFor();
    await expect(screen.getByText('Unable to fetch results').count()).resolves.toBe(1);
    await expect(screen.getByText('You might want to check your network connection.').count()).resolves.toBe(1);
    // Once the network is back, the next query works.
    await page.unroute(INDEX_REQUEST);
    await page.locator('.DocSearch-Input').fill('jwt secret');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await close();
  });

  it('works at mobile width from the navbar button', async () => {
    const { page, close } = await openDoc(MOBILE);
    // The key hints are hidden at this width, and the word "Search" is hidden visually only.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await modal(page).waitFor();
    await page.locator('.DocSearch-Input').fill('event triggers');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await close();
  });
});

describe('the search page', () => {
  it('renders results for the q in the URL, with links to the pages', async () => {
    const { page, close } = await site.open();
    await page.goto(site.url('search/?q=pg_track_table'));
    await expect(page.getByText('Powered by').isVisible()).resolves.toBe(false); // not the hosted service
    const first = page.locator('article h2 a').first();
    await first.waitFor();
    await expect(first.getAttribute('href')).resolves.toMatch(/^\/docs\/2\.0\/api-reference\/metadata-api\/source\//);
    await first.click();
    await page.waitForURL((url) => url.pathname === '/docs/2.0/api-reference/metadata-api/source/');
    await close();
  });

  it('is reached at /docs/2.0/search without the slash', async () => {
    const { page, close } = await site.open();
    const response = await page.goto(site.url('search?q=jwt'));
    expect(new URL(page.url()).pathname).toBe('/docs/2.0/search/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('jwt');
    expect(response!.status()).toBe(200);
    await page.locator('article h2 a').first().waitFor();
    await close();
  });
});
