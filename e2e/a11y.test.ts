// Accessibility: axe-core finds no WCAG 2.1 A/AA violation on the site's kinds of page, in light and
// dark mode. A case is a page and, optionally, what to do on it before the check (open a modal, ...).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations, openInColorMode, type ColorMode } from './axe';
import { hydrated } from './harness';
import { builtSite } from './site';

const site = builtSite();

type A11yCase = { name: string; route: string; prepare?: (page: Page) => Promise<void> };

/** Opens the search modal with Ctrl+K, types the query and waits for the screen it leads to. */
const searchModal = (query: string, screen: string) => async (page: Page) => {
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill(query);
  await page.locator(screen).first().waitFor();
};

/** Follows the first hit of a search, then opens the search modal again on the page it led to. */
const searchModalAgain = async (page: Page) => {
  await searchModal('jwt', '.DocSearch-Hit')(page);
  const before = page.url();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href !== before);
  await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  // The button, not the shortcut: the shortcut toggles the modal, and on a busy machine it can arrive
  // before DocSearch's key listener has learnt that the first modal closed (e2e/search.test.ts covers it).
  await page.locator('.DocSearch-Button').click();
  await page.locator('.DocSearch-Modal').waitFor();
};

const CASES: A11yCase[] = [
  { name: 'landing page', route: '' },
  { name: 'doc page with code blocks and tabs', route: 'schema/postgres/tables/' },
  { name: 'long doc page with wide tables', route: 'auth/authentication/jwt/' },
  { name: 'wiki page', route: 'wiki/docusaurus-mdx-guide/code-blocks/' },
  { name: 'not-found page', route: 'no-such-page/' },
  {
    name: 'search page with results',
    route: 'search/?q=event%20triggers',
    prepare: (page) => page.locator('article h2 a').first().waitFor(),
  },
  {
    name: 'search modal open with results',
    route: 'schema/postgres/tables/',
    prepare: searchModal('jwt', '.DocSearch-Hit'),
  },
  {
    name: 'search modal open with no results',
    route: 'schema/postgres/tables/',
    prepare: searchModal('xylophone quasar', '.DocSearch-NoResults'),
  },
  { name: 'search modal opened again after a search', route: 'schema/postgres/tables/', prepare: searchModalAgain },
];

const MODES: ColorMode[] = ['light', 'dark'];

describe.each(MODES)('%s mode', (mode) => {
  it.each(CASES)('$name has no WCAG 2.1 A/AA violations', async ({ route, prepare }) => {
    const { page, close } = await site.open();
    await openInColorMode(page, mode);
    await page.goto(site.url(route));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('data-theme')).toBe(mode);
    await prepare?.(page);
    const violations = await axeViolations(page);
    expect(violations, `axe found:\n${describeViolations(violations)}`).toEqual([]);
    await close();
  });
});
