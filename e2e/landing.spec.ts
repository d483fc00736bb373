// The front door at /docs/2.0/ (search box, the two quickstarts, the tasks, every section) and the docs
// map at /docs/2.0/index/ (every section with its pages), at phone and desktop widths.
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { BASE_URL, TAGLINE } from '../site/src/constants';
import { SIDEBAR_GROUPS } from '../site/src/sidebarGroups';
import { MOBILE, hydrated } from './browser';

/** React's hydration errors (in a production build, only their numbers: #418, #423, #425). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => {
    if (/hydrat|#41[89]|#42[35]/i.test(err.message)) errors.push(err.message);
  });
  return errors;
}

/** The number of items on each row of a grid, from their vertical positions. */
const rowSizes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => {
    const rows = new Map<number, number>();
    for (const el of els) {
      const top = Math.round(el.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });

test.describe('landing page', () => {
  test('has the tagline as its heading and a search box that opens the search page', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(''));
    expect(await page.locator('h1').allTextContents()).toEqual([TAGLINE]);
    const box = page.getByRole('searchbox', { name: 'Search the docs' });
    await box.fill('event triggers');
    await box.press('Enter');
    await page.waitForURL('**/search/?q=*');
    const url = new URL(page.url());
    expect(url.pathname).toBe(`${BASE_URL}search/`);
    expect(url.searchParams.get('q')).toBe('event triggers');
    await close();
  });

  test('names each quickstart button by where it goes, and both lead to their quickstart', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(''));
    await hydrated(page);
    const cloud = page.locator('main').getByRole('link', { name: 'Start on Hasura Cloud' });
    const docker = page.locator('main').getByRole('link', { name: 'Run it with Docker' });
    expect(await cloud.getAttribute('href')).toBe(`${BASE_URL}getting-started/getting-started-cloud/`);
    expect(await docker.getAttribute('href')).toBe(`${BASE_URL}getting-started/docker-simple/`);
    // No button on the page says a bare "Get started" that would compete with the navbar's signup link.
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: /^get started$/i })
        .count(),
    ).toBe(0);
    await docker.click();
    await page.waitForURL('**/getting-started/docker-simple/');
    await expect(page.locator('article h1')).toHaveText(/docker/i);
    await close();
  });

  test('links every task and every section card to a page that exists', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(''));
    const hrefs = await page
      .locator('main a[href^="/docs/2.0/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
    // The six tasks, the twelve groups' cards with their section links, the quickstarts.
    expect(hrefs.length).toBeGreaterThanOrEqual(30);
    for (const task of ['databases/', 'auth/', 'queries/', 'actions/', 'event-triggers/', 'deployment/'])
      expect(hrefs.some((h) => h.startsWith(`${BASE_URL}${task}`))).toBe(true);
    for (const href of hrefs) {
      const res = await page.request.get(new URL(href, page.url()).toString());
      expect(res.status(), href).toBe(200);
    }
    await close();
  });

  test('shows the search shortcut for the reader’s platform after hydration, with no hydration error', async ({
    site,
  }) => {
    const linux = await site.open();
    const errors = hydrationErrors(linux.page);
    await linux.page.goto(site.url(''));
    await hydrated(linux.page);
    await expect(linux.page.locator('main .search-shortcut')).toContainText('Ctrl+K');
    expect(errors).toEqual([]);
    await linux.close();

    const mac = await site.open();
    await mac.page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
    });
    await mac.page.goto(site.url(''));
    await hydrated(mac.page);
    await expect(mac.page.locator('main .search-shortcut')).toContainText('⌘K');
    await mac.close();

    const phone = await site.open(MOBILE);
    await phone.page.goto(site.url(''));
    await hydrated(phone.page);
    await phone.page.waitForTimeout(200);
    expect(await phone.page.locator('.search-shortcut').count()).toBe(0);
    await phone.close();
  });

  test('keeps side padding and no horizontal overflow at 390 px', async ({ site }) => {
    const { page, close } = await site.open(MOBILE);
    await page.goto(site.url(''));
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const edges = await page
      .locator('main [data-quickstart], main [data-card]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.left, r.right]));
    expect(edges.length).toBeGreaterThanOrEqual(20);
    for (const [left, right] of edges) {
      expect(left).toBeGreaterThanOrEqual(12);
      expect(right).toBeLessThanOrEqual(390 - 12);
    }
    await close();
  });

  for (const width of [390, 700, 1100, 1440])
    test(`fills every row of its card grids at ${width} px`, async ({ site }) => {
      const { page, close } = await site.open({ viewport: { width, height: 900 } });
      await page.goto(site.url(''));
      for (const selector of ['main [data-quickstart]', 'main [data-card="task"]', 'main [data-card="section"]']) {
        const rows = await rowSizes(page, selector);
        expect(rows.length, selector).toBeGreaterThan(0);
        expect(new Set(rows).size, `${selector}: ${rows.join(', ')} per row`).toBe(1);
      }
      await close();
    });
});

test.describe('docs map', () => {
  test('shows every group and links to every section folder, with its pages', async ({ site }) => {
    const { page, close } = await site.open();
    const errors = hydrationErrors(page);
    await page.goto(site.url('index/'));
    await hydrated(page);
    const h2 = await page.locator('article .markdown h2').allTextContents();
    expect(h2.length).toBe(SIDEBAR_GROUPS.length);
    for (const { sections } of SIDEBAR_GROUPS)
      for (const { dir } of sections) {
        const links = page.locator(`article [data-section="${dir}"] a[href^="${BASE_URL}${dir}/"]`);
        expect(await links.count(), dir).toBeGreaterThanOrEqual(2);
      }
    // More than the cards of the front page: the map lists the pages inside each section.
    expect(await page.locator('article [data-section] a').count()).toBeGreaterThan(250);
    expect(errors).toEqual([]);
    await close();
  });

  test('says which keys open the search, and none on a touch-only phone', async ({ site }) => {
    const desktop = await site.open();
    await desktop.page.goto(site.url('index/'));
    await hydrated(desktop.page);
    await expect(desktop.page.locator('article .search-shortcut')).toContainText('Ctrl+K');
    await desktop.close();
    const phone = await site.open(MOBILE);
    await phone.page.goto(site.url('index/'));
    await hydrated(phone.page);
    await phone.page.waitForTimeout(200);
    expect(await phone.page.locator('article .search-shortcut').count()).toBe(0);
    expect(await phone.page.locator('article').textContent()).not.toMatch(/Ctrl\+K|⌘/);
    await phone.close();
  });
});
