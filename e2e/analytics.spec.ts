// Page views 50 ms after each route change, nothing sent by default, and prefetching skipped on
// save-data and 2g connections.
import { expect, test, type Site } from './fixtures';
import type { Page } from '@playwright/test';
import { SITE_TITLE } from '../site/src/constants';
import { PAGE_VIEW_DELAY_MS } from '../site/src/plugins/analytics/pageView';
import { hydrated } from './browser';

type View = { event: string; page_path: string; page_title: string; at: number };

/** Records each dataLayer push with its time, and the time the page's <h1> last changed. */
async function recordViews(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[]; __views: unknown[]; __h1At: number };
    w.__views = [];
    w.__h1At = 0;
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      for (const item of items) w.__views.push({ ...(item as object), at: performance.now() });
      return Array.prototype.push.apply(layer, items);
    };
    w.dataLayer = layer;
    new MutationObserver(() => {
      const h1 = document.querySelector('article h1, main h1');
      if (h1 && h1.textContent !== (w as unknown as { __h1?: string }).__h1) {
        (w as unknown as { __h1?: string }).__h1 = h1.textContent ?? '';
        w.__h1At = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const views = (page: Page) => page.evaluate(() => (window as unknown as { __views: View[] }).__views);

test.describe('analytics', () => {
  test('records a page view for the first load and after each route change, with no request leaving the browser', async ({
    site,
  }) => {
    const { page, external, close } = await site.open();
    await recordViews(page);
    await page.goto(site.url('hasura-cloud/overview/'));
    await hydrated(page);
    await expect.poll(async () => (await views(page)).length).toBe(1);
    expect((await views(page))[0]).toMatchObject({ event: 'page_view', page_path: '/docs/2.0/hasura-cloud/overview/' });

    await page
      .locator('.navbar a')
      .filter({ hasText: /^Enterprise$/ })
      .click();
    await expect.poll(async () => (await views(page)).length).toBe(2);
    const [, second] = await views(page);
    expect(second).toMatchObject({
      event: 'page_view',
      page_path: '/docs/2.0/enterprise/overview/',
      page_title: `Hasura Enterprise Edition overview | ${SITE_TITLE}`,
    });
    // Sent after the new page rendered, by the configured delay (never before it).
    const h1At = await page.evaluate(() => (window as unknown as { __h1At: number }).__h1At);
    expect(second!.at - h1At).toBeGreaterThanOrEqual(PAGE_VIEW_DELAY_MS - 5);
    expect(second!.at - h1At).toBeLessThan(PAGE_VIEW_DELAY_MS + 1000);

    // A hash change within the page is not a new page view.
    await page.evaluate(() => history.pushState(null, '', '#licensing'));
    await page.waitForTimeout(PAGE_VIEW_DELAY_MS * 3);
    expect(await views(page)).toHaveLength(2);
    expect(external).toEqual([]);
    await close();
  });
});

/** Route chunks requested while the reader hovers a link to another page (Docusaurus preloads on hover). */
async function chunksOnHover(
  site: Site,
  connection: { saveData: boolean; effectiveType: string } | null,
): Promise<string[]> {
  const { page, close } = await site.open();
  if (connection) {
    await page.addInitScript((c) => {
      Object.defineProperty(navigator, 'connection', { value: c, configurable: true });
    }, connection);
  }
  await page.goto(site.url('hasura-cloud/overview/'));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const requested: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/js\//.test(r.url())) requested.push(r.url());
  });
  await page.locator('a[href="/docs/2.0/wiki/"]').first().scrollIntoViewIfNeeded();
  await page.locator('a[href="/docs/2.0/wiki/"]').first().hover();
  await page.waitForTimeout(1000);
  await close();
  return requested;
}

test.describe('prefetching', () => {
  test('prefetches the next route’s chunks on a normal connection', async ({ site }) => {
    expect((await chunksOnHover(site, { saveData: false, effectiveType: '4g' })).length).toBeGreaterThan(0);
  });
  test('is skipped when save-data is on', async ({ site }) => {
    expect(await chunksOnHover(site, { saveData: true, effectiveType: '4g' })).toEqual([]);
  });
  test('is skipped on a 2g connection', async ({ site }) => {
    expect(await chunksOnHover(site, { saveData: false, effectiveType: '2g' })).toEqual([]);
  });
});

test.describe('page feedback', () => {
  test('records a yes or no and an optional comment as analytics events, with no request leaving the browser', async ({
    site,
  }) => {
    const { page, external, close } = await site.open();
    await recordViews(page);
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    const feedback = page.getByTestId('page-feedback');
    await expect(feedback.getByText('Was this page helpful?')).toBeVisible();
    await feedback.getByRole('button', { name: 'No' }).click();
    await feedback.getByLabel('What was missing or wrong? (optional)').fill('An example with Auth0, please.');
    await feedback.getByRole('button', { name: 'Send' }).click();
    await expect(feedback.getByText('Thanks for your feedback.')).toBeVisible();
    const events = (await views(page)).filter((e) => e.event.startsWith('page_feedback'));
    expect(events).toMatchObject([
      { event: 'page_feedback', page_path: '/docs/2.0/auth/authentication/jwt/', helpful: false },
      { event: 'page_feedback_comment', helpful: false, comment: 'An example with Auth0, please.' },
    ]);
    expect(external).toEqual([]);
    await close();
  });

  test('sends no comment event when the reader skips the comment', async ({ site }) => {
    const { page, close } = await site.open();
    await recordViews(page);
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    const feedback = page.getByTestId('page-feedback');
    await feedback.getByRole('button', { name: 'Yes' }).click();
    await feedback.getByRole('button', { name: 'Skip' }).click();
    await expect(feedback.getByText('Thanks for your feedback.')).toBeVisible();
    expect((await views(page)).filter((e) => e.event.startsWith('page_feedback')).map((e) => e.event)).toEqual([
      'page_feedback',
    ]);
    await close();
  });

  test('shows the date the page last changed, from git', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('auth/authentication/jwt/'));
    expect(await page.locator('.theme-last-updated').textContent()).toMatch(/Last updated on \w+ \d+, \d{4}/);
    await close();
  });
});
