// "Copy page" in Chromium against the production build: the button beside the title copies the page's
// Markdown (the .md file written by the build) to the clipboard, says so, and links to the file; the
// file is served as text/markdown.
import { expect, test } from './fixtures';
import { DESKTOP, hydrated, MOBILE } from './browser';
const DOC = 'auth/authentication/jwt/';
const WIKI = 'wiki/style/code-blocks/';

test.describe('Copy page', () => {
  for (const [where, route, options] of [
    ['a doc page at desktop width', DOC, DESKTOP],
    ['a wiki page at phone width', WIKI, MOBILE],
  ] as const) {
    test(`on ${where} copies the page as Markdown`, async ({ site }) => {
      const { page, close } = await site.open(options);
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url('')).origin });
      await page.goto(site.url(route));
      await hydrated(page);
      const title = (await page.locator('article h1').first().textContent())!.trim();
      const button = page.getByRole('button', { name: 'Copy page' });
      await expect(button.isVisible()).resolves.toBe(true);
      await button.click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.startsWith(`# ${title}\n`)).toBe(true);
      expect(copied).toContain(`Source: `);
      expect(copied).not.toMatch(/<\/?(?:div|span|button)\b/);
      // The link opens the same Markdown.
      const href = await page.getByRole('link', { name: 'Markdown' }).getAttribute('href');
      expect(href).toBe(`/docs/2.0/${route.replace(/\/$/, '')}.md`);
      const response = await page.request.get(new URL(href!, site.url('')).href);
      expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
      expect(await response.text()).toBe(copied);
      await close();
    });
  }

  test('says so when the Markdown cannot be fetched', async ({ site }) => {
    const { page, close } = await site.open();
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url('')).origin });
    await page.goto(site.url(DOC));
    await hydrated(page);
    await page.route('**/*.md', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.getByRole('button', { name: 'Copy page' }).click();
    await page.getByRole('button', { name: 'Copy failed' }).waitFor();
    await page.getByRole('button', { name: 'Copy page' }).waitFor({ timeout: 5000 });
    await close();
  });
});
