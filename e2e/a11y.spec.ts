// Accessibility: axe-core finds no WCAG 2.1 A/AA violation on the site's kinds of page, in light and
// dark mode. A case is a page and, optionally, what to do on it before the check (open a modal, ...).
import type { Page } from '@playwright/test';
import { axeViolations, describeViolations, expect, openInColorMode, test, type ColorMode } from './fixtures';
import { hydrated } from './browser';

type A11yCase = { name: string; route: string; prepare?: (page: Page) => Promise<void> };

/** Opens the search dialog with Ctrl+K, types the query and waits for the screen it leads to. */
const searchDialog = (query: string, screen: string) => async (page: Page) => {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search the docs' }).fill(query);
  await page.locator(screen).first().waitFor();
};

const HITS = '[role="option"][href]';

/** Follows the first hit of a search, then opens the search dialog again on the page it led to. */
const searchDialogAgain = async (page: Page) => {
  await searchDialog('jwt', HITS)(page);
  const before = page.url();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.href !== before);
  await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search the docs' }).waitFor();
};

const CASES: A11yCase[] = [
  { name: 'landing page', route: '' },
  { name: 'docs map', route: 'index/' },
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
    name: 'search dialog open with results',
    route: 'schema/postgres/tables/',
    prepare: searchDialog('jwt', HITS),
  },
  {
    name: 'search dialog open with no results',
    route: 'schema/postgres/tables/',
    prepare: searchDialog('xylophone quasar', '[data-screen="no-results"]'),
  },
  { name: 'search dialog opened again after a search', route: 'schema/postgres/tables/', prepare: searchDialogAgain },
  {
    name: 'search dialog at mobile width',
    route: 'schema/postgres/tables/',
    prepare: async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await searchDialog('event triggers', HITS)(page);
    },
  },
  {
    // No engine is reachable from the test (other origins are blocked): the notice shows too.
    name: 'GraphiQLIDE with Try it open',
    route: 'wiki/docusaurus-mdx-guide/graphiql-ide/',
    prepare: async (page) => {
      await page.getByTestId('graphiql-ide').first().getByRole('button', { name: 'Try it' }).click();
      await page.getByTestId('graphiql-engine-problem').waitFor();
    },
  },
];

const MODES: ColorMode[] = ['light', 'dark'];

for (const mode of MODES)
  test.describe(`${mode} mode`, () => {
    for (const { name, route, prepare } of CASES)
      test(`${name} has no WCAG 2.1 A/AA violations`, async ({ site }) => {
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
