// Debian's Chromium and what the browser tests and benchmarks do with it: the launch settings (Playwright Test's
// config takes them too), the viewports, a fresh page that may reach only the site's origin, and the moment a
// page has hydrated.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium for the benchmarks and scripts (the browser tests get theirs from playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
export const MOBILE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A fresh page in a fresh context (empty storage). Requests to other origins are recorded and blocked. */
export async function newPage(
  browser: Browser,
  server: { origin: string },
  options: BrowserContextOptions = DESKTOP,
): Promise<{ page: Page; external: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  const external: string[] = [];
  await context.route(
    (url) => url.origin !== server.origin,
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  return { page, external, close: () => context.close() };
}

/**
 * Waits until React has hydrated the page and run its effects (the client-side router and the
 * keyboard shortcuts are live): Docusaurus sets <html data-has-hydrated="true"> after that.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Boolean((window as unknown as { docusaurusRoot?: unknown }).docusaurusRoot) &&
      document.documentElement.dataset.hasHydrated === 'true',
  );
}
