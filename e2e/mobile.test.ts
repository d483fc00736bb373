// The frame at mobile width: the navbar collapses into a sidebar that closes itself above 996 px.
import { describe, expect, it } from 'vitest';
import { DESKTOP_BREAKPOINT_PX } from '../site/src/constants';
import { NAVBAR_LINKS } from '../site/src/navbarLinks';
import { MOBILE, hydrated } from './harness';
import { builtSite } from './site';

const site = builtSite();

describe('mobile navbar sidebar', () => {
  it('opens from the toggle with the navbar links and the docs sidebar', async () => {
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
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    // The docs sidebar is shown first; the main menu holds the navbar links.
    await page.getByRole('button', { name: /Back to main menu/ }).click();
    // The hasura.io links share the Resources menu.
    await sidebar
      .getByRole('button', { name: 'Resources' })
      .or(sidebar.locator('a', { hasText: /^Resources$/ }))
      .first()
      .click();
    const pricing = sidebar.locator('a').filter({ hasText: /^Pricing$/ });
    await expect.poll(() => pricing.isVisible()).toBe(true);
    expect(await pricing.getAttribute('href')).toBe(NAVBAR_LINKS.pricing);
    await close();
  });

  it(`closes itself when the viewport grows past ${DESKTOP_BREAKPOINT_PX} px`, async () => {
    const { page, close } = await site.open(MOBILE);
    await page.goto(site.url('hasura-cloud/overview/'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const navbar = page.locator('nav.navbar');
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar-sidebar--show');
    // At exactly the breakpoint it is still the mobile layout.
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX, height: 844 });
    await page.waitForTimeout(300);
    expect(await navbar.getAttribute('class')).toContain('navbar-sidebar--show');
    await page.setViewportSize({ width: DESKTOP_BREAKPOINT_PX + 1, height: 844 });
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar-sidebar--show');
    await close();
  });

  it('shows the page content without the desktop docs sidebar', async () => {
    const { page, close } = await site.open(MOBILE);
    await page.goto(site.url('hasura-cloud/overview/'));
    expect(await page.locator('article h1').isVisible()).toBe(true);
    expect(await page.locator('aside.theme-doc-sidebar-container').isVisible()).toBe(false);
    await close();
  });
});
