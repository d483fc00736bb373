// "Copy page" in Chromium against the production build: the button beside the title copies the page's
// Markdown (the .md file written by the build) to the clipboard, says so, and links to the file; the
// file is served as text/markdown.
import { describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, MOBILE } from './harness';
import { builtSite } from './site';

const site = builtSite();
const DOC = 'auth/authentication/jwt/';
const WIKI = 'wiki/style/code-blocks/';

describe('Copy page', () => {
  it.each([
    ['a doc page at desktop width', DOC, DESKTOP],
    ['a wiki page at phone width', WIKI, MOBILE],
  ])('on %s copies the page as Markdown', async (_, route, options) => {
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

  it('says so when the Markdown cannot be fetched', async () => {
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
