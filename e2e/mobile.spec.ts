// The frame at mobile width: the navbar collapses into a sidebar that closes itself above 996 px.
import { expect, test } from './fixtures';
import { DESKTOP_BREAKPOINT_PX } from '../site/src/constants';
import { NAVBAR_LINKS } from '../site/src/navbarLinks';
import { MOBILE, hydrated } from './browser';

test.describe('mobile navbar sidebar', () => {
  test('opens from the toggle with the navbar links and the docs sidebar', async ({ site }) => {
    const { page, close } = await site.open(MOBILE);
    await page.goto(site.url('hasura-cloud/overview/'));
    await hydrated(page);
    expect(
      await page
        .locator('.navbar__items--right a')
        .filter({ hasText: /^Pricing$/ })
        .isVisible(),
    ).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    // The docs sidebar is shown first; the main menu holds the navbar links.
    await page.getByRole('button', { name: /Back to main menu/ }).click();
    // The hasura.io links share the Resources menu.
    await sidebar
      .getByRole('button', { name: 'Resources' })
      .or(sidebar.locator('a', { hasText: /^Resources$/ }))
      .first()
      .click();
    const pricing = sidebar.locator('a').filter({ hasText: /^Pricing$/ });
    await expect(pricing).toBeVisible();
    expect(await pricing.getAttribute('href')).toBe(NAVBAR_LINKS.pricing);
    await close();
  });

  test(`closes itself when the viewport grows past ${DESKTOP_BREAKPOINT_PX} px`, async ({ site }) => {
    const { page, close } = await site.open(MOBILE);
    await page.goto(site.url('hasura-cloud/overview/'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toHaveClass(/navbar-sidebar--show/);
    // At exactly the breakpoint it is still the mobile layout.
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX, height: 844 });
    await page.waitForTimeout(300);
    expect(await navbar.getAttribute('class')).toContain('navbar-sidebar--show');
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX + 1, height: 844 });
    await expect(navbar).not.toHaveClass(/navbar-sidebar--show/);
    await close();
  });

  test('removes the desktop sidebar and table of contents without hydrating them (DesktopOnly)', async ({ site }) => {
    const { page, close } = await site.open(MOBILE);
    // Records each removed sidebar or table of contents, and whether React had taken over its links.
    await page.addInitScript(() => {
      const removed: { what: string; links: number; hydrated: number }[] = [];
      (window as unknown as { removedDesktopParts: typeof removed }).removedDesktopParts = removed;
      new MutationObserver((records) => {
        for (const node of records.flatMap((r) => [...r.removedNodes])) {
          if (!(node instanceof Element)) continue;
          for (const [what, selector] of [
            ['sidebar', 'nav[aria-label="Docs sidebar"]'],
            ['toc', '.theme-doc-toc-desktop'],
          ] as const) {
            const part = node.matches(selector) ? node : node.querySelector(selector);
            if (!part) continue;
            const links = [...part.querySelectorAll('a')];
            const hydrated = links.filter((a) => Object.keys(a).some((k) => k.startsWith('__reactFiber'))).length;
            removed.push({ what, links: links.length, hydrated });
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    await expect(page.locator('nav[aria-label="Docs sidebar"]')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
    const removed = await page.evaluate(
      () => (window as unknown as { removedDesktopParts: unknown }).removedDesktopParts,
    );
    expect(removed).toEqual([
      { what: 'sidebar', links: expect.any(Number), hydrated: 0 },
      { what: 'toc', links: expect.any(Number), hydrated: 0 },
    ]);
    for (const part of removed as { links: number }[]) expect(part.links).toBeGreaterThan(5);
    // The docs sidebar is still there for the reader, in the navbar's menu, and navigates client-side.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page
      .locator('.navbar-sidebar .menu__link', { hasText: /^Webhook/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/auth\/authentication\/webhook\/$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await close();
  });

  test('shows the page content without the desktop docs sidebar', async ({ site }) => {
    const { page, close } = await site.open(MOBILE);
    await page.goto(site.url('hasura-cloud/overview/'));
    expect(await page.locator('article h1').isVisible()).toBe(true);
    expect(await page.locator('aside.theme-doc-sidebar-container').isVisible()).toBe(false);
    await close();
  });
});
