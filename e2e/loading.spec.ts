// Loading and failure screens, forced by intercepting the page's own asset requests:
// progress bar, spinner, red error box with Retry, reload on a failed route preload,
// "This page crashed." with Try again, chunk errors (missing, timeout), missing default export.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from './fixtures';
import type { Page, Route } from '@playwright/test';
import { PROGRESS_BAR } from '../site/src/constants';
import { CHUNK_LOAD_TIMEOUT_MS } from '../site/src/plugins/chunk-loading';
import { hydrated } from './browser';

// These tests time the page in milliseconds (the progress bar's and the spinner's delays) with the test's own clock:
// a trace's snapshot around each action would delay that clock, so this file records none.
test.use({ trace: 'off' });

/**
 * The delay before the loading spinner: Docusaurus makes each route's loadable without a `delay`, so it is
 * react-loadable's default, read here from the copy Docusaurus runs (it offers no setting for it).
 */
function spinnerDelayMs(): number {
  const core = createRequire(import.meta.url).resolve('@docusaurus/core/package.json');
  const file = createRequire(core).resolve('react-loadable');
  const delay = /\bdelay: (\d+),/.exec(fs.readFileSync(file, 'utf8'))?.[1];
  if (!delay) throw new Error(`${file}: no default delay found; has react-loadable changed?`);
  return Number(delay);
}
const SPINNER_DELAY_MS = spinnerDelayMs();

/** Route chunks: every script under assets/js except the runtime and the main bundle that every page loads first. */
const isRouteChunk = (url: URL) =>
  /\/assets\/js\//.test(url.pathname) && !/\/(runtime~main|main)\.[^/]*\.js$/.test(url.pathname);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redBox = (page: Page) => page.locator('div[style*="background-color: rgb(250, 56, 62)"]');
const DOC = 'hasura-cloud/overview/';
const DOC_SOURCE = '"source":"@site/docs/hasura-cloud/overview.mdx"';

/** Serves the doc's compiled content with its default export rewritten by `rewrite`. */
async function rewriteDocContent(page: Page, rewrite: (js: string) => string) {
  await page.route(isRouteChunk, async (route) => {
    try {
      const res = await route.fetch();
      const body = await res.text();
      if (!body.includes(DOC_SOURCE)) return await route.fulfill({ response: res });
      const changed = rewrite(body);
      expect(changed).not.toBe(body);
      return await route.fulfill({ response: res, body: changed });
    } catch {
      return undefined; // the page closed while the request was in flight
    }
  });
}

test.describe('progress bar', () => {
  test(`appears ${PROGRESS_BAR.delay} ms after a navigation starts, moves at ${PROGRESS_BAR.speed} ms and trickles while the page loads`, async ({
    site,
  }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.route(isRouteChunk, async (route) => {
      await sleep(PROGRESS_BAR.delay + PROGRESS_BAR.trickleSpeed * 4);
      await route.continue();
    });
    // When the click happened and when the bar was first in the page, on the page's clock: a busy machine may
    // delay the test's own look at the page (it once looked at half the delay), never the page's timers.
    await page.evaluate(() => {
      const w = window as unknown as { __clickAt?: number; __barAt?: number };
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.__barAt ??= performance.now();
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    const started = Date.now();
    await page
      .locator('.navbar a')
      .filter({ hasText: /^Enterprise$/ })
      .click();
    await page.locator('#nprogress .bar').waitFor({ state: 'attached', timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROGRESS_BAR.delay);
    // No bar during the delay after the click (at half the delay, nor at any other moment of it).
    const { clickAt, barAt } = await page.evaluate(() => {
      const w = window as unknown as { __clickAt: number; __barAt: number };
      return { clickAt: w.__clickAt, barAt: w.__barAt };
    });
    expect(barAt - clickAt).toBeGreaterThanOrEqual(PROGRESS_BAR.delay - 1);
    // The bar is the one our client module configured (src/plugins/progress-bar, with the timings below):
    // nprogress's own template gives it role="bar", which is not an ARIA role.
    expect(await page.locator('#nprogress .bar').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('#nprogress [role]').count()).toBe(0);
    const transition = await page.locator('#nprogress .bar').evaluate((el) => (el as HTMLElement).style.transition);
    expect(transition).toContain(`${PROGRESS_BAR.speed}ms`);
    // nprogress moves the bar once per trickle, every trickleSpeed ms: the times the bar moved, observed in the page.
    const moves = await page.locator('#nprogress .bar').evaluate(
      (bar, ms) =>
        new Promise<number[]>((resolve) => {
          const times: number[] = [];
          let last = (bar as HTMLElement).style.transform;
          const observer = new MutationObserver(() => {
            const now = (bar as HTMLElement).style.transform;
            if (now !== last) times.push(performance.now());
            last = now;
          });
          observer.observe(bar, { attributes: true, attributeFilter: ['style'] });
          setTimeout(() => {
            observer.disconnect();
            resolve(times);
          }, ms);
        }),
      PROGRESS_BAR.trickleSpeed * 3,
    );
    const gaps = moves.slice(1).map((t, i) => t - moves[i]!);
    expect(gaps.length).toBeGreaterThan(0);
    // Timers may fire late on a busy machine, never early.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PROGRESS_BAR.trickleSpeed * 0.9);
    expect(gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeLessThan(PROGRESS_BAR.trickleSpeed * 1.5);
    await page.waitForURL('**/enterprise/overview/');
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 10_000 });
    await close();
  });
});

test.describe('page content that fails to load', () => {
  test('shows a red error box naming the chunk, the failure type "missing" and the address, and Retry loads it (with a spinner after a delay)', async ({
    site,
  }) => {
    const { page, close } = await site.open();
    let mode: 'missing' | 'slow' | 'ok' = 'missing';
    const failed: string[] = [];
    await page.route(isRouteChunk, async (route: Route) => {
      if (mode === 'missing') {
        failed.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      }
      // On Retry, the chunks that failed come back slowly, so the spinner has time to show.
      if (mode === 'slow' && failed.includes(route.request().url())) await sleep(1500);
      return route.continue();
    });
    await page.goto(site.url(DOC));
    await redBox(page).waitFor();
    const text = (await redBox(page).locator('p').textContent()) ?? '';
    expect(text).toMatch(
      /^ChunkLoadError: Loading chunk \S+ failed\.\s*\(missing: http:\/\/127\.0\.0\.1:\d+\/docs\/2\.0\/assets\/js\/\S+\.js\)$/,
    );
    expect(failed.some((u) => text.includes(u))).toBe(true);

    mode = 'slow';
    expect(SPINNER_DELAY_MS).toBe(200); // the spec's delay before the spinner
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Retry' }).click();
    await sleep(Math.max(0, SPINNER_DELAY_MS / 2 - (Date.now() - clicked)));
    expect(await page.locator('svg#loader').count()).toBe(0);
    await page.locator('svg#loader').waitFor({ timeout: 1500 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(SPINNER_DELAY_MS);
    // Each nested route (docs root, version, sidebar, page) remembers its own failed load, so the
    // reader may need to retry once per level; every retry makes progress and the page finally renders.
    for (let attempt = 0; attempt < 4 && (await page.locator('article h1').count()) === 0; attempt++) {
      await page.locator('article h1').or(redBox(page)).first().waitFor({ timeout: 10_000 });
      if ((await redBox(page).count()) > 0) {
        expect(await redBox(page).locator('p').textContent()).toMatch(/Loading chunk \S+ failed\.\s*\(missing: /);
        await page.getByRole('button', { name: 'Retry' }).click();
      }
    }
    await expect(page.locator('article h1')).toHaveText('Hasura Cloud overview', { timeout: 10_000 });
    expect(await redBox(page).count()).toBe(0);
    await close();
  });

  test(`reports a timeout after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`, async ({ site }) => {
    const { page, close } = await site.open();
    await page.clock.install();
    const held: Route[] = [];
    await page.route(isRouteChunk, (route) => {
      held.push(route); // never answered
    });
    await page.goto(site.url(DOC), { waitUntil: 'domcontentloaded' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.clock.runFor(CHUNK_LOAD_TIMEOUT_MS - 1000);
    expect(await redBox(page).count()).toBe(0);
    await page.clock.runFor(1000);
    await redBox(page).waitFor();
    expect(await redBox(page).locator('p').textContent()).toMatch(
      /Loading chunk \S+ failed\.\s*\(timeout: http:\/\/\S+\.js\)/,
    );
    await close();
  });

  test('reloads the whole window when a route preload fails during client navigation', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    let failedOnce = false;
    await page.route(isRouteChunk, (route) => {
      if (failedOnce) return route.continue();
      failedOnce = true; // the first chunk of the next page fails; everything after loads
      return route.abort('failed');
    });
    const reloaded = page.waitForEvent('load');
    await page
      .locator('.navbar a')
      .filter({ hasText: /^Enterprise$/ })
      .click();
    await reloaded;
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(page.url()).toMatch(/\/enterprise\/overview\/$/);
    expect(await page.locator('article h1').textContent()).toBe('Hasura Enterprise Edition overview');
    await close();
  });
});

test.describe('pages that fail to render', () => {
  test('shows "This page crashed.", the message and a Try again button when a page throws', async ({ site }) => {
    const { page, close } = await site.open();
    let crash = true;
    await rewriteDocContent(page, (js) =>
      js.replace(
        /default:\(\)=>(\w+)/,
        (_m, name) =>
          `default:()=>function(p){if(globalThis.__crash!==false)throw new Error("Simulated render failure");return ${name}(p)}`,
      ),
    );
    page.on('console', () => {});
    await page.goto(site.url(DOC));
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    expect(await page.locator('main, #__docusaurus').first().textContent()).toContain('Simulated render failure');
    crash = false;
    await page.evaluate((c) => ((globalThis as unknown as { __crash: boolean }).__crash = c), crash);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('article h1')).toHaveText('Hasura Cloud overview');
    await close();
  });

  test('reports that a page without a default export cannot be rendered', async ({ site }) => {
    const { page, close } = await site.open();
    await rewriteDocContent(page, (js) => js.replace(/default:\(\)=>\w+,/, ''));
    await page.goto(site.url(DOC));
    await page.getByRole('heading', { name: /This page crashed/ }).waitFor();
    expect(await page.locator('#__docusaurus').textContent()).toContain(
      "The page component at /docs/2.0/hasura-cloud/overview/ doesn't have a default export. This makes it impossible to render anything.",
    );
    await close();
  });
});
