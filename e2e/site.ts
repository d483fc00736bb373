// One production-build server and one Chromium per test file, started before its tests and closed after.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { DESKTOP, launchChromium, newPage, startStaticServer, type StaticServer } from './harness';

export function builtSite() {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startStaticServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    /** The absolute URL of a route under the base path. */
    url: (route: string) => server!.url(route),
    /** A fresh page in a fresh context (see newPage). */
    open: (options: BrowserContextOptions = DESKTOP) => newPage(browser!, server!, options),
  };
}
