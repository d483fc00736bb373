// Accessibility check with axe-core in the page under test: WCAG 2.1 level A and AA rules only.
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { DOCUSAURUS_STORAGE_KEYS } from './docusaurusStorage';

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
  // Evaluated, not added as a <script>: pages served with the site's CSP refuse inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include, exclude, allRules }) => {
      const context = include || exclude ? { include: include ?? ['html'], exclude: exclude ?? [] } : document;
      const options = allRules ? {} : { runOnly: { type: 'tag' as const, values: tags } };
      const { violations } = await window.axe.run(context, options);
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { tags: WCAG_21_AA_TAGS, ...scope },
  );
}

/** One line per violation: rule id, impact, what it asks for, and the selectors of the failing elements. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n');
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
