// The frame holds up at every width and in both colour modes: at 390, 997, 1100, 1280 and 1440 px,
// light and dark, on the landing page, a doc page, a reference page with wide tables, a wiki page,
// the search page and the not-found page, the page never scrolls sideways, the navbar sits on one
// line with no two items overlapping, the active sidebar link is in view, and axe finds no WCAG 2.1
// A/AA violation. At phone width the assistant's launcher never covers the open navigation menu.
import type { Page } from '@playwright/test';
import {
  axeViolations,
  describeViolations,
  expect,
  openInColorMode,
  test,
  type ColorMode,
  type Site,
} from './fixtures';
import { hydrated } from './browser';

const WIDTHS = [390, 997, 1100, 1280, 1440] as const;
const MODES: ColorMode[] = ['light', 'dark'];
const PAGES = [
  { name: 'landing page', route: '' },
  { name: 'doc page', route: 'auth/authentication/jwt/', sidebar: true },
  { name: 'reference page with wide tables', route: 'api-reference/metadata-api/source/', sidebar: true },
  { name: 'long sidebar page', route: 'hasura-cli/commands/hasura_deploy/', sidebar: true },
  { name: 'wiki page', route: 'wiki/style/general/', sidebar: true },
  { name: 'search page', route: 'search/?q=permissions' },
  { name: 'not-found page', route: 'no/such/page/' },
] as const;

async function open(site: Site, width: number, mode: ColorMode) {
  const opened = await site.open({
    viewport: { width, height: width < 997 ? 844 : 900 },
    ...(width < 997 ? { isMobile: true, hasTouch: true } : {}),
  });
  await openInColorMode(opened.page, mode);
  return opened;
}

/** How far the document is wider than the viewport, in CSS pixels (0 when it does not scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The navbar's visible items: each one's box and text, for the one-line and no-overlap checks. */
const navbarItems = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.navbar__inner .navbar__brand, .navbar__inner .navbar__item')]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().width > 0)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { text: el.textContent?.trim() || el.getAttribute('aria-label') || el.className, ...r.toJSON() };
      }),
  );

type Box = { text: string; left: number; right: number; top: number; bottom: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

for (const width of WIDTHS)
  test.describe(`at ${width} px`, () => {
    for (const mode of MODES)
      test.describe(`in ${mode} mode`, () => {
        for (const target of PAGES)
          test(`the ${target.name} has no sideways scroll, a one-line navbar, the active link in view and no axe violation`, async ({
            site,
          }) => {
            const { page, close } = await open(site, width, mode);
            await page.goto(site.url(target.route));
            await hydrated(page);
            await page.waitForLoadState('networkidle');

            expect(await sidewaysOverflow(page), 'sideways overflow in px').toBeLessThanOrEqual(0);

            if (width >= 997) {
              const items = (await navbarItems(page)) as Box[];
              expect(items.length).toBeGreaterThan(5);
              // One line: every item's vertical middle within the first item's box.
              const first = items[0]!;
              for (const item of items) expect((item.top + item.bottom) / 2, item.text).toBeGreaterThan(first.top);
              for (const item of items) expect((item.top + item.bottom) / 2, item.text).toBeLessThan(first.bottom);
              for (const item of items) expect(item.height, `${item.text} wraps`).toBeLessThan(48);
              const overlaps = items.flatMap((a, i) =>
                items
                  .slice(i + 1)
                  .filter((b) => overlap(a, b))
                  .map((b) => `${a.text} × ${b.text}`),
              );
              expect(overlaps).toEqual([]);
              // Nothing clipped at the right edge (the colour toggle was).
              expect(Math.max(...items.map((i) => i.right))).toBeLessThanOrEqual(width);
            }

            if ('sidebar' in target && width >= 997) {
              const link = page.locator('.theme-doc-sidebar-menu .menu__link--active').last();
              await expect
                .poll(async () => {
                  const box = await link.boundingBox();
                  return box !== null && box.y >= 0 && box.y + box.height <= (page.viewportSize()?.height ?? 0);
                })
                .toBe(true);
            }

            const violations = await axeViolations(page);
            expect(violations, describeViolations(violations)).toEqual([]);
            await close();
          });
      });
  });

test.describe('at phone width', () => {
  for (const mode of MODES)
    test(`the assistant launcher never covers the open navigation menu (${mode})`, async ({ site }) => {
      const { page, close } = await open(site, 390, mode);
      await page.goto(site.url('auth/authentication/jwt/'));
      await hydrated(page);
      await page.getByRole('button', { name: /toggle navigation bar/i }).click();
      const menu = page.locator('.navbar-sidebar');
      await expect(menu).toBeVisible();
      const launcher = page.getByRole('button', { name: /ask the docs/i });
      // Hidden, or outside the menu's box.
      // A hidden launcher has no button role: its box is not found (the wait is bounded, as playwright-core's
      // default 30 s timeout bounded it before; 2 s is well past the menu's transition).
      const [menuBox, launcherBox] = await Promise.all([
        menu.boundingBox(),
        launcher.boundingBox({ timeout: 2000 }).catch(() => null),
      ]);
      const visible = await launcher.isVisible().catch(() => false);
      if (visible && menuBox && launcherBox) {
        const covers =
          launcherBox.x < menuBox.x + menuBox.width &&
          launcherBox.x + launcherBox.width > menuBox.x &&
          launcherBox.y < menuBox.y + menuBox.height &&
          launcherBox.y + launcherBox.height > menuBox.y;
        expect(covers).toBe(false);
      }
      await close();
    });
});

test.describe('the assistant launcher at phone width', () => {
  test('steps aside while the reader scrolls down the text, and comes back on scrolling up', async ({ site }) => {
    const { page, close } = await open(site, 390, 'light');
    await page.goto(site.url('queries/postgres/pagination/'));
    await hydrated(page);
    const launcher = page.getByRole('button', { name: /ask the docs/i });
    const inView = async () => {
      const box = await launcher.boundingBox();
      return box !== null && box.y < (page.viewportSize()?.height ?? 0);
    };
    expect(await inView()).toBe(true);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 400);
    await expect.poll(inView).toBe(false);
    await page.mouse.wheel(0, -300);
    await expect.poll(inView).toBe(true);
    await close();
  });
});
