// The site frame at desktop width: navbar, version dropdown, announcement bar, colour mode,
// docs sidebar, table of contents, titles, breadcrumbs, edit links, not-found page, wiki last update.
import { expect, test } from './fixtures';
import {
  ANNOUNCEMENT,
  CURRENT_VERSION_LABEL,
  EDIT_URL,
  OTHER_VERSIONS,
  REPO_URL,
  SITE_TITLE,
  TAGLINE,
} from '../site/src/constants';
import { NAVBAR_LINKS } from '../site/src/navbarLinks';
import { DOCUSAURUS_STORAGE_KEYS } from './docusaurusStorage';
import { hydrated } from './browser';

const DOC = 'hasura-cloud/overview/';

test.describe('navbar', () => {
  test('links every item to its exact URL, tracking parameters included', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    const href = (name: string) =>
      page
        .locator('.navbar a')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .first()
        .getAttribute('href');
    expect(await href('Product')).toBe(NAVBAR_LINKS.product);
    expect(await href('Blog')).toBe(NAVBAR_LINKS.blog);
    expect(await href('Tutorials')).toBe(NAVBAR_LINKS.tutorials);
    expect(await href("What's New")).toBe(NAVBAR_LINKS.whatsNew);
    expect(await href('Cloud')).toBe('/docs/2.0/hasura-cloud/overview/');
    expect(await href('Enterprise')).toBe('/docs/2.0/enterprise/overview/');
    expect(await href('Pricing')).toBe(NAVBAR_LINKS.pricing);
    expect(await href('Login')).toBe(NAVBAR_LINKS.login);
    expect(await href('Get Started')).toBe(NAVBAR_LINKS.getStarted);
    for (const url of [await href('Pricing'), await href('Login'), await href('Get Started')]) {
      const params = new URL(url!).searchParams;
      expect(['pg', 'plcmt', 'cta', 'tech'].map((p) => params.has(p))).toEqual([true, true, true, true]);
    }
    const github = page.locator('.navbar').getByRole('link', { name: 'Hasura GraphQL Engine on GitHub' });
    expect(await github.getAttribute('href')).toBe(REPO_URL);
    await close();
  });

  test('navigates client-side to the Enterprise overview', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    await page.locator('.navbar').getByRole('link', { name: 'Enterprise', exact: true }).click();
    await page.waitForURL('**/enterprise/overview/');
    await expect(page.locator('h1')).toHaveText('Hasura Enterprise Edition overview');
    await close();
  });

  test('offers the version dropdown with v2.x current and the other versions as external links', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    const dropdown = page.locator('.navbar .dropdown').filter({ hasText: CURRENT_VERSION_LABEL });
    expect((await dropdown.locator('> .navbar__link').textContent())?.trim()).toBe(CURRENT_VERSION_LABEL);
    await dropdown.hover();
    const items = dropdown.locator('.dropdown__menu a');
    await expect(items.first()).toBeVisible();
    const entries = await items.evaluateAll((as) =>
      as.map((a) => [a.textContent?.trim(), a.getAttribute('href'), a.classList.contains('dropdown__link--active')]),
    );
    // Newest first, the current version marked.
    expect(entries.map(([label]) => label)).toEqual(['v3.x', CURRENT_VERSION_LABEL, 'v1.x']);
    expect(entries.filter(([, , active]) => active).map(([label]) => label)).toEqual([CURRENT_VERSION_LABEL]);
    for (const v of OTHER_VERSIONS) expect(entries).toContainEqual([v.label, v.href, false]);
    await close();
  });
});

test.describe('announcement bar', () => {
  const bar = '[class*="announcementBar_"]';
  test('can be dismissed, stays dismissed after a reload, and comes back for a new id', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    await expect(page.locator(bar)).toBeVisible();
    expect(await page.locator(bar).textContent()).toContain('v3');
    await page.locator(bar).getByRole('button', { name: 'Close' }).click();
    await expect(page.locator(bar)).toHaveCount(0);
    expect(await page.evaluate((k) => localStorage.getItem(k), DOCUSAURUS_STORAGE_KEYS.announcementDismiss)).toBe(
      'true',
    );
    expect(await page.evaluate((k) => localStorage.getItem(k), DOCUSAURUS_STORAGE_KEYS.announcementId)).toBe(
      ANNOUNCEMENT.id,
    );
    await page.reload();
    await hydrated(page);
    expect(await page.locator(bar).count()).toBe(0);
    // A reader who dismissed an earlier announcement sees the new one.
    await page.evaluate(
      ([dismissKey, idKey]) => {
        localStorage.setItem(dismissKey!, 'true');
        localStorage.setItem(idKey!, 'an-older-announcement');
      },
      [DOCUSAURUS_STORAGE_KEYS.announcementDismiss, DOCUSAURUS_STORAGE_KEYS.announcementId],
    );
    await page.reload();
    await hydrated(page);
    await expect(page.locator(bar)).toBeVisible();
    await close();
  });
});

test.describe('colour mode', () => {
  const theme = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.dataset.theme);
  test('is light by default, toggles to dark, and keeps the choice under the key "theme"', async ({ site }) => {
    const { page, close } = await site.open({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
    });
    await page.goto(site.url(DOC));
    await hydrated(page);
    expect(await theme(page)).toBe('light');
    const toggle = page.locator('.navbar').getByRole('button', { name: /dark mode|light mode|system mode/i });
    for (let i = 0; i < 3 && (await theme(page)) !== 'dark'; i++) await toggle.click();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate((k) => localStorage.getItem(k), DOCUSAURUS_STORAGE_KEYS.colorMode)).toBe('dark');
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await close();
  });
  test('follows the system preference when the reader has not chosen', async ({ site }) => {
    const { page, close } = await site.open({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'dark',
    });
    await page.goto(site.url(DOC));
    await hydrated(page);
    expect(await theme(page)).toBe('dark');
    await close();
  });
});

test.describe('docs page', () => {
  test('titles pages "{page title} | {site title}"', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    await expect(page).toHaveTitle(`Hasura Cloud overview | ${SITE_TITLE}`);
    await page.goto(site.url('wiki/'));
    await hydrated(page);
    const h1 = await page.locator('article h1').first().textContent();
    await expect(page).toHaveTitle(`${h1} | ${SITE_TITLE}`);
    await close();
  });

  test('builds the table of contents from heading levels 2 and 3 only', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('auth/authentication/jwt/'));
    const ids = (sel: string) => page.locator(sel).evaluateAll((els) => els.map((e) => e.id).filter(Boolean));
    const h23 = await ids('article .markdown h2, article .markdown h3');
    expect(await ids('article .markdown h3')).not.toEqual([]);
    // Exactly the page's H2 and H3 headings, in order (an H4 listed in the table of contents would break the equality).
    const toc = await page
      .locator('.table-of-contents a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    expect(toc).toEqual(h23);
    await close();
  });

  test('shows breadcrumbs and an "Edit this page" link to the repository', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    const crumbs = await page.locator('nav[aria-label="Breadcrumbs"] li').allTextContents();
    expect(crumbs.map((c) => c.trim()).filter(Boolean)).toEqual(['Hasura Cloud', 'Overview']);
    const edit = await page.getByRole('link', { name: /Edit this page/ }).getAttribute('href');
    expect(edit).toBe(`${EDIT_URL}docs/hasura-cloud/overview.mdx`);
    await close();
  });

  test('hydrates the docs sidebar and the table of contents on a wide screen (DesktopOnly)', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('auth/authentication/jwt/'));
    await hydrated(page);
    const hydratedLinks = (selector: string) =>
      page.locator(selector).evaluate((part) => {
        const links = [...part.querySelectorAll('a')];
        return {
          links: links.length,
          hydrated: links.filter((a) => Object.keys(a).some((k) => k.startsWith('__reactFiber'))).length,
        };
      });
    for (const selector of ['nav[aria-label="Docs sidebar"]', '.theme-doc-toc-desktop']) {
      const { links, hydrated: count } = await hydratedLinks(selector);
      expect(links, selector).toBeGreaterThan(5);
      expect(count, selector).toBe(links);
    }
    await close();
  });

  test('lets the reader hide and show the docs sidebar', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    const menu = page.locator('aside .menu');
    expect(await menu.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(menu).toBeVisible();
    await close();
  });

  test('collapses the other categories when one is opened', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(DOC));
    await hydrated(page);
    const category = (label: string) =>
      page
        .locator('aside .menu__list-item')
        .filter({ has: page.locator(`> div > .menu__link--sublist`, { hasText: new RegExp(`^${label}$`) }) });
    const cloud = category('Hasura Cloud');
    const enterprise = category('Enterprise Edition');
    expect(await cloud.getAttribute('class')).not.toContain('menu__list-item--collapsed');
    expect(await enterprise.getAttribute('class')).toContain('menu__list-item--collapsed');
    await enterprise.locator('> div > .menu__link--sublist').click();
    await expect(enterprise).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(cloud).toHaveClass(/menu__list-item--collapsed/);
    await close();
  });
});

test.describe('special routes', () => {
  test('serves the landing page with the tagline and entry cards', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(''));
    expect(await page.locator('h1').textContent()).toBe(TAGLINE);
    expect(await page.locator('main h3').count()).toBeGreaterThanOrEqual(8);
    await close();
  });

  test('makes the docs home the version’s main doc', async ({ site }) => {
    const { page, close } = await site.open();
    await page.goto(site.url(''));
    await hydrated(page);
    const dropdown = page.locator('.navbar .dropdown').filter({ hasText: CURRENT_VERSION_LABEL });
    await dropdown.hover();
    const current = dropdown.locator('.dropdown__menu a').filter({ hasText: new RegExp(`^${CURRENT_VERSION_LABEL}$`) });
    expect(await current.getAttribute('href')).toBe('/docs/2.0/index/');
    await close();
  });

  test('keeps the _heading_ pages, with the docs sidebar, while the sidebar shows their groups as plain headings', async ({
    site,
  }) => {
    const { page, close } = await site.open();
    const res = await page.goto(site.url('_heading_basics/'));
    expect(res?.status()).toBe(200);
    const headings = page.locator('.theme-doc-sidebar-menu .sidebar-group-heading');
    expect(await headings.count()).toBe(11);
    expect(await headings.locator('a').count()).toBe(0);
    expect(await page.locator('.theme-doc-sidebar-menu a[href*="_heading_"]').count()).toBe(0);
    await close();
  });

  test('shows the not-found page for an unknown path, with status 404', async ({ site }) => {
    const { page, close } = await site.open();
    const res = await page.goto(site.url('no/such/page/'));
    expect(res?.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await close();
  });

  test('offers the closest existing pages, a search box filled from the URL and the way home', async ({ site }) => {
    const { page, close } = await site.open();
    const res = await page.goto(site.url('auth/jwt/'));
    expect(res?.status()).toBe(404);
    await hydrated(page);
    const closest = page.getByTestId('closest-pages').locator('a');
    await expect(closest.first()).toHaveAttribute('href', '/docs/2.0/auth/authentication/jwt/');
    expect(await closest.count()).toBeLessThanOrEqual(5);
    const search = page.getByRole('searchbox', { name: 'Search the docs' });
    expect(await search.inputValue()).toBe('auth jwt');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search/?q=auth+jwt');
    await page.goBack();
    expect(await page.getByRole('link', { name: 'docs home page' }).getAttribute('href')).toBe('/docs/2.0/');
    await close();
  });
});

test.describe('wiki', () => {
  test('shows the last update time and author on every wiki page', async ({ site }) => {
    const { page, close } = await site.open();
    for (const route of ['wiki/', 'wiki/checklist/', 'wiki/style/general/']) {
      await page.goto(site.url(route));
      const text = (await page.locator('.theme-last-updated').textContent()) ?? '';
      expect(text, route).toMatch(/Last updated on .+ by .+/);
    }
    await close();
  });

  test('has an Introduction home page, a Wiki level in every breadcrumb and no version badge of its own', async ({
    site,
  }) => {
    const { page, close } = await site.open();
    await page.goto(site.url('wiki/'));
    const active = page.locator('.theme-doc-sidebar-menu .menu__link--active');
    expect(await active.allTextContents()).toContain('Introduction');
    // The navbar's version menu says v2.x; a "Version: Next" badge beside it would contradict it.
    expect(await page.locator('.theme-doc-version-badge').count()).toBe(0);
    await page.goto(site.url('wiki/style/general/'));
    expect(await page.locator('.breadcrumbs__item').allTextContents()).toEqual(['', 'Wiki', 'Style', 'General']);
    await close();
  });
});
