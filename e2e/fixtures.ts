// Playwright Test fixtures of the browser suite, and its accessibility check.
// `site`: pages on the docs-server that serves the production build (playwright.config.ts starts it, `webServer`),
// each in a fresh context of the worker's Chromium that may reach only the site's origin; their contexts close
// when the test ends. The suites with servers of their own (e2e/docsbot.spec.ts, e2e/nginx.spec.ts) extend `test`
// with worker-scoped fixtures that start them.
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, type BrowserContextOptions, type Page } from '@playwright/test';
import axe from 'axe-core';
import { BASE_URL } from '../site/src/constants';
import { DESKTOP, newPage } from './browser';
import { DOCUSAURUS_STORAGE_KEYS } from './docusaurusStorage';

export { expect } from '@playwright/test';

export type Opened = { page: Page; external: string[]; close: () => Promise<void> };

export interface Site {
  origin: string;
  /** The absolute URL of a route under the base path. */
  url: (route: string) => string;
  /** A fresh page in a fresh context (see newPage: requests to other origins are recorded and blocked). */
  open: (options?: BrowserContextOptions) => Promise<Opened>;
}

export const test = base.extend<{ site: Site }>({
  site: async ({ browser, baseURL }, use) => {
    const { origin } = new URL(baseURL!);
    const opened: Opened[] = [];
    await use({
      origin,
      url: (route) => `${origin}${BASE_URL}${route.replace(/^\//, '')}`,
      open: async (options = DESKTOP) => {
        const page = await newPage(browser, { origin }, options);
        opened.push(page);
        return page;
      },
    });
    for (const page of opened) await page.close();
  },
});

// Accessibility: axe-core (the project's version) through @axe-core/playwright, WCAG 2.1 level A and AA rules only.
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type ColorMode = 'light' | 'dark';

export type AxeViolation = { id: string; impact: string; help: string; targets: string[] };

/** Opens pages in the given colour mode: stored as the reader's choice and preferred by the system. */
export async function openInColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    DOCUSAURUS_STORAGE_KEYS.colorMode,
    mode,
  ] as const);
}

export interface AxeScope {
  /** Selectors of the parts to check (the whole document by default) and of parts to leave out. */
  include?: string[];
  exclude?: string[];
  /** Every rule axe-core has, best practices included, instead of the WCAG 2.1 A/AA rules only. */
  allRules?: boolean;
}

/** Runs axe-core on the page as it is now and returns the violations (WCAG 2.1 A/AA rules unless told). */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  // The root axe-core (the one the project pins), not the copy @axe-core/playwright bundles. Legacy mode: one
  // axe.run in the page (same-origin frames included), as the suite always ran it, instead of a partial run per frame
  // finished in a new blank page, which costs a third more time per check for frames this site does not have.
  let builder = new AxeBuilder({ page, axeSource: axe.source }).setLegacyMode();
  if (!scope.allRules) builder = builder.withTags(WCAG_21_AA_TAGS);
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** One line per violation: rule id, impact, what it asks for, and the selectors of the failing elements. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');
}
