// The docs assistant in Chromium, against the production build served by the real docs-server
// (site and bot on one origin, as `npm start` runs them): lazy loading, streamed answers with
// source links, the stored thread, starter questions, feedback, copying an answer, the launcher
// on every page, the hand-off from search, keyboard use, connection failure and recovery, mobile
// width and dark mode. The corpus is the build's export when there is one, else the
// docs-server's fixture corpus.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import { MAX_QUESTION_CHARS } from 'docs-server/protocol';
import { BASE_URL } from '../site/src/constants';
import { DOCS_BOT } from '../site/src/components/DocsBot/settings';
import { SEARCH_PAGE_URL } from '../site/src/plugins/search/paths';
import { SEARCH_TEXTS } from '../site/src/theme/SearchBar/texts';
import { DESKTOP, hydrated, newPage } from './browser';
import { axeViolations, describeViolations, expect, test as base } from './fixtures';
import { BUILD_DIR, corpusForTests, startDocsServerProcess, type DocsServerProcess } from './servers';

const DOC = 'auth/overview/';
const WIKI = 'wiki/';
const QUESTION = 'How do I let users see only their own rows?';
// Chunk files are named by id, so the panel's chunk is recognised by a string only its code holds.
const PANEL_MARKER = 'Close the docs assistant';
function panelScripts(requests: string[]): string[] {
  return requests.filter((url) => {
    const file = new URL(url).pathname;
    if (!/\/assets\/js\/[^/]+\.js$/.test(file)) return false;
    return fs.readFileSync(path.join(BUILD_DIR, file.slice(BASE_URL.length)), 'utf8').includes(PANEL_MARKER);
  });
}

interface Opened {
  page: Page;
  /** Every request URL of the page. */
  requests: string[];
  /** The websocket frames the page sent and received, parsed. */
  sent: Record<string, unknown>[];
  received: Record<string, unknown>[];
  /** The URLs of the websockets the page opened. */
  sockets: string[];
  close: () => Promise<void>;
}

type Open = (route: string, options?: BrowserContextOptions) => Promise<Opened>;

const test = base.extend<{ open: Open }, { server: DocsServerProcess }>({
  /** The docs-server serving the build, for this worker: the reconnection test stops and restarts it. */
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startDocsServerProcess({
        staticDir: BUILD_DIR,
        corpusPath: corpusForTests(),
        // Many questions from one address in a short run; no grace period to wait out on stop.
        env: { RATE_LIMIT_BURST: '100', RATE_LIMIT_PER_MINUTE: '6000', SHUTDOWN_GRACE_MS: '0' },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  /** Opens a route in a fresh page that records its requests and websocket frames; closed when the test ends. */
  open: async ({ browser, server }, use) => {
    const opened: Opened[] = [];
    await use(async (route, options = DESKTOP) => {
      const { page, close } = await newPage(browser, server, options);
      const requests: string[] = [];
      const sent: Record<string, unknown>[] = [];
      const received: Record<string, unknown>[] = [];
      const sockets: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('websocket', (ws) => {
        sockets.push(ws.url());
        ws.on('framesent', (frame) => sent.push(JSON.parse(String(frame.payload)) as Record<string, unknown>));
        ws.on('framereceived', (frame) => received.push(JSON.parse(String(frame.payload)) as Record<string, unknown>));
      });
      opened.push({ page, requests, sent, received, sockets, close });
      await page.goto(server.url(route));
      await hydrated(page);
      return opened.at(-1)!;
    });
    for (const { close } of opened) await close();
  },
});

const launcher = (page: Page) => page.getByRole('button', { name: 'Ask the docs' });
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Docs assistant' });
const statusOf = (panel: Locator) => panel.locator('[role="status"][data-state]');

async function openPanel(page: Page): Promise<Locator> {
  await launcher(page).click();
  const panel = panelOf(page);
  await panel.waitFor();
  return panel;
}

async function connected(panel: Locator): Promise<void> {
  await statusOf(panel).and(panel.locator('[data-state="connected"]')).waitFor({ timeout: 10_000 });
}

/** Asks and waits for the answer to finish; returns the turn. */
async function ask(panel: Locator, question: string): Promise<Locator> {
  const count = await panel.locator('article').count();
  const input = panel.getByLabel('Your question');
  await input.fill(question);
  await input.press('Enter');
  const turn = panel.locator('article').nth(count);
  await turn.and(panel.locator('article[data-status="done"]')).waitFor({ timeout: 15_000 });
  return turn;
}

test.describe('docs assistant', () => {
  test('loads the panel’s code only when the button is first used', async ({ open }) => {
    const { page, requests, close } = await open(DOC);
    await page.waitForLoadState('networkidle');
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('false');
    expect(panelScripts(requests)).toEqual([]);
    await openPanel(page);
    expect(panelScripts(requests)).toHaveLength(1);
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('true');
    await close();
  });

  test('streams an answer from the docs, with source links that lead to the pages', async ({ open }) => {
    const { page, received, close } = await open(DOC);
    const panel = await openPanel(page);
    await connected(panel);
    const turn = await ask(panel, QUESTION);

    // Streamed: the answer came in several chunk frames, and the panel shows their text.
    const chunks = received.filter((f) => f.type === 'chunk').map((f) => String(f.text));
    expect(chunks.length).toBeGreaterThan(1);
    // The answer opens with a link to the section it quotes, rendered from its Markdown.
    const answerText = (await turn.locator('p').allTextContents()).join(' ');
    const quoted = /^From \[([^\]]+)\]\(([^)]+)\):/.exec(chunks.join(''));
    expect(quoted).not.toBeNull();
    expect(answerText.replace(/\s+/g, ' ')).toContain(`From ${quoted![1]}:`);
    expect(await turn.locator(`p a[href="${quoted![2]}"]`).count()).toBe(1);

    const sources = turn.locator('ol[aria-labelledby] a');
    expect(await sources.count()).toBeGreaterThan(0);
    const href = (await sources.first().getAttribute('href'))!;
    expect(href).toMatch(/^\/docs\/2\.0\/.+/);
    const frame = received.find((f) => f.type === 'sources') as { sources: { url: string }[] };
    expect(frame.sources[0]!.url).toBe(href);

    await sources.first().click();
    await page.waitForURL((url) => href.startsWith(url.pathname) && url.pathname !== `/docs/2.0/${DOC}`);
    await expect.poll(() => page.locator('article h1').first().textContent()).toBeTruthy();
    expect(await page.locator('article h1').first().textContent()).not.toBe('Page Not Found');
    // Client-side navigation: the panel and its conversation are still there.
    expect(await panel.locator('article').count()).toBe(1);
    await close();
  });

  test('keeps the thread across a reload, per docs version, and clears it', async ({ open, server }) => {
    const { page, close } = await open(DOC);
    let panel = await openPanel(page);
    await connected(panel);
    await ask(panel, QUESTION);
    const stored = await page.evaluate((key) => localStorage.getItem(key), `${DOCS_BOT.threadStoragePrefix}v2.x`);
    expect(JSON.parse(stored!).turns[0].question).toBe(QUESTION);

    await page.reload();
    await hydrated(page);
    panel = await openPanel(page);
    expect(await panel.locator('article').first().textContent()).toContain(QUESTION);
    expect(await panel.locator('article ol a').count()).toBeGreaterThan(0);

    // The wiki has a thread of its own.
    await page.goto(server.url(WIKI));
    await hydrated(page);
    panel = await openPanel(page);
    expect(await panel.locator('article').count()).toBe(0);
    await page.goto(server.url(DOC));
    await hydrated(page);
    panel = await openPanel(page);
    expect(await panel.locator('article').count()).toBe(1);

    await panel.getByRole('button', { name: 'Clear conversation' }).click();
    expect(await panel.locator('article').count()).toBe(0);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), `${DOCS_BOT.threadStoragePrefix}v2.x`),
    ).not.toContain(QUESTION);
    await page.reload();
    await hydrated(page);
    panel = await openPanel(page);
    expect(await panel.locator('article').count()).toBe(0);
    await close();
  });

  test('sends thumbs-down feedback with a comment as its own frame', async ({ open }) => {
    const { page, sent, received, close } = await open(DOC);
    const panel = await openPanel(page);
    await connected(panel);
    const turn = await ask(panel, QUESTION);
    const queryId = (sent.find((f) => f.type === 'query') as { id: string }).id;

    await turn.getByRole('button', { name: 'Not helpful' }).click();
    const comment = turn.getByLabel('What was wrong or missing? (optional)');
    await expect(comment).toBeFocused();
    await comment.fill('It did not mention update permissions.');
    await turn.getByRole('button', { name: 'Send feedback' }).click();
    await turn.getByText('Thanks, your feedback was sent.').waitFor();
    expect(sent.filter((f) => f.type === 'feedback')).toEqual([
      { type: 'feedback', id: queryId, rating: 'down', comment: 'It did not mention update permissions.' },
    ]);
    expect(received).toContainEqual({ type: 'ack', id: queryId });
    await close();
  });

  test('sends "Helpful" feedback; both feedback buttons say what they do in words', async ({ open }) => {
    const { page, sent, received, close } = await open(DOC);
    const panel = await openPanel(page);
    await connected(panel);
    const turn = await ask(panel, QUESTION);
    const queryId = (sent.find((f) => f.type === 'query') as { id: string }).id;
    // Words, not only emoji: without an emoji font an emoji alone shows as a box.
    expect((await turn.getByRole('button', { name: 'Helpful', exact: true }).innerText()).trim()).toMatch(/Helpful$/);
    expect((await turn.getByRole('button', { name: 'Not helpful' }).innerText()).trim()).toMatch(/Not helpful$/);
    await turn.getByRole('button', { name: 'Helpful', exact: true }).click();
    await turn.getByText('Thanks, your feedback was sent.').waitFor();
    expect(sent.filter((f) => f.type === 'feedback')).toEqual([{ type: 'feedback', id: queryId, rating: 'up' }]);
    expect(received).toContainEqual({ type: 'ack', id: queryId });
    await close();
  });

  test('copies the answer, as the Markdown it was sent as', async ({ open }) => {
    const { page, received, close } = await open(DOC);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const panel = await openPanel(page);
    await connected(panel);
    const turn = await ask(panel, QUESTION);
    await turn.getByRole('button', { name: 'Copy answer' }).click();
    await turn.getByText('Copied', { exact: true }).waitFor();
    const answer = received
      .filter((f) => f.type === 'chunk')
      .map((f) => String(f.text))
      .join('');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer);
    await close();
  });

  test('offers starter questions that fit the section the reader is in, and asks one when chosen', async ({ open }) => {
    const { page, sent, close } = await open('queries/postgres/pagination/');
    const panel = await openPanel(page);
    const starters = panel.getByRole('list', { name: 'Try asking' }).getByRole('button');
    expect(await starters.allInnerTexts()).toContain('How do I paginate a query?');
    await connected(panel);
    await starters.filter({ hasText: 'How do I paginate a query?' }).click();
    const turn = panel.locator('article').first();
    await turn.and(panel.locator('article[data-status="done"]')).waitFor({ timeout: 15_000 });
    expect(sent.filter((f) => f.type === 'query').map((f) => f.question)).toEqual(['How do I paginate a query?']);
    expect(await turn.locator('ol[aria-labelledby] a').count()).toBeGreaterThan(0);
    await close();

    // Another section, other starters.
    const auth = await open(DOC);
    const authStarters = await (
      await openPanel(auth.page)
    )
      .getByRole('list', { name: 'Try asking' })
      .getByRole('button')
      .allInnerTexts();
    expect(authStarters).toContain('How do I set up JWT authentication?');
    expect(authStarters).not.toContain('How do I paginate a query?');
    await auth.close();
  });

  for (const [where, route] of [
    ['the landing page', ''],
    ['the search page', 'search/'],
    ['a page that does not exist (404)', 'no/such/page/'],
  ] as const)
    test(`is on ${where} too, and answers there`, async ({ open }) => {
      const { page, close } = await open(route);
      const panel = await openPanel(page);
      await connected(panel);
      const turn = await ask(panel, QUESTION);
      expect(await turn.locator('ol[aria-labelledby] a').count()).toBeGreaterThan(0);
      await close();
    });

  test('opens with the question the search dialog hands over (docsbot:ask), and asks it', async ({ open }) => {
    const { page, sent, requests, close } = await open(DOC);
    await page.waitForLoadState('networkidle');
    expect(panelScripts(requests)).toEqual([]);
    const question = 'How do I paginate a query?';
    await page.evaluate(
      (q) => window.dispatchEvent(new CustomEvent('docsbot:ask', { detail: { question: q } })),
      question,
    );
    const panel = panelOf(page);
    await panel.waitFor();
    const turn = panel.locator('article').first();
    await turn.and(panel.locator('article[data-status="done"]')).waitFor({ timeout: 15_000 });
    expect(await turn.locator('p').first().textContent()).toContain(question);
    expect(sent.filter((f) => f.type === 'query').map((f) => f.question)).toEqual([question]);
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('true');
    await close();
  });

  test('answers the question the search dialog’s "Ask the docs assistant" hands over', async ({ open }) => {
    const { page, sent, close } = await open(DOC);
    const question = 'how do I retry a failed event trigger?';
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search the docs' });
    await search.fill(question);
    const ask = page.getByRole('option').filter({ hasText: SEARCH_TEXTS.askAssistant });
    await expect(page.getByRole('option').first()).toContainText(SEARCH_TEXTS.askAssistant);
    await ask.click();
    const panel = panelOf(page);
    await panel.waitFor();
    const turn = panel.locator('article').first();
    await turn.and(panel.locator('article[data-status="done"]')).waitFor({ timeout: 15_000 });
    expect(sent.filter((f) => f.type === 'query').map((f) => f.question)).toEqual([question]);
    expect(await turn.locator('ol[aria-labelledby] a').count()).toBeGreaterThan(0);
    await close();
  });

  test('counts characters, refuses empty or too long questions with a message, and keeps the text', async ({
    open,
  }) => {
    const { page, sent, close } = await open(DOC);
    const panel = await openPanel(page);
    await connected(panel);
    const input = panel.getByLabel('Your question');
    await input.press('Enter');
    await panel.getByText('Type a question first.').waitFor();

    const long = 'x'.repeat(MAX_QUESTION_CHARS + 1);
    await input.fill(long);
    expect(await panel.getByText(`${MAX_QUESTION_CHARS + 1} / ${MAX_QUESTION_CHARS}`).count()).toBe(1);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await panel.getByRole('button', { name: 'Send' }).click();
    expect(await panel.getByRole('alert').textContent()).toContain(`up to ${MAX_QUESTION_CHARS} characters`);
    expect(await input.inputValue()).toBe(long);

    await input.fill(long.slice(1));
    expect(await panel.getByText(`${MAX_QUESTION_CHARS} / ${MAX_QUESTION_CHARS}`).count()).toBe(1);
    expect(sent.filter((f) => f.type === 'query')).toEqual([]);
    await close();
  });

  test('moves focus into the panel, closes on Escape and gives focus back to the button', async ({ open }) => {
    const { page, close } = await open(DOC);
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    const panel = panelOf(page);
    await panel.waitFor();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.labels?.[0]?.textContent))
      .toBe('Your question');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ask the docs');
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('false');
    // The close button works the same way, and reopening keeps what was there.
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Close the docs assistant' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ask the docs');
    await close();
  });

  test('shows reconnecting, then unreachable with a link to search, and recovers when the server is back', async ({
    open,
    server,
  }) => {
    test.setTimeout(90_000);
    const { page, close } = await open(DOC);
    const panel = await openPanel(page);
    await connected(panel);
    const status = statusOf(panel);

    await server.stop();
    try {
      await expect(status).toHaveAttribute('data-state', 'reconnecting', { timeout: 5000 });
      expect(await status.textContent()).toContain('Reconnecting');
      await expect(status).toHaveAttribute('data-state', 'unreachable', { timeout: 20_000 });
      expect(await status.textContent()).toContain('The docs assistant is unreachable.');
      expect(await status.getByRole('link', { name: 'search the docs' }).getAttribute('href')).toBe(SEARCH_PAGE_URL);
      // A question now is refused with a message, and the text stays in the box.
      const input = panel.getByLabel('Your question');
      await input.fill(QUESTION);
      await input.press('Enter');
      expect(await panel.getByRole('alert').filter({ hasText: 'not connected' }).count()).toBe(1);
      expect(await input.inputValue()).toBe(QUESTION);
    } finally {
      // Back on the same port (also when an assertion above failed, for the tests that follow).
      await server.start();
    }
    // The widget reconnects by itself (its backoff is capped at 10 s) and answers again.
    await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await ask(panel, QUESTION);
    expect(await panel.locator('article[data-status="done"] ol a').count()).toBeGreaterThan(0);
    await close();
  });

  test('fills a 375 px screen without overflow, and closes when a source is followed', async ({ open }) => {
    const { page, close } = await open(DOC, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const panel = await openPanel(page);
    const box = (await panel.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 375, 740]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await connected(panel);
    const turn = await ask(panel, QUESTION);
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const link = turn.locator('ol[aria-labelledby] a').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await panel.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => href.startsWith(url.pathname));
    await close();
  });

  test('follows dark mode', async ({ open }) => {
    const { page, close } = await open(DOC, { ...DESKTOP, colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const panel = await openPanel(page);
    const luminance = (css: string) => {
      const [r, g, b] = css.match(/\d+/g)!.map(Number) as [number, number, number];
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const colours = await panel.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, text: style.color };
    });
    expect(luminance(colours.background)).toBeLessThan(0.3);
    expect(luminance(colours.text)).toBeGreaterThan(0.7);
    await close();
  });

  for (const colorScheme of ['light', 'dark'] as const)
    test(`has no accessibility violations in ${colorScheme} mode (axe-core)`, async ({ open }) => {
      const { page, close } = await open(DOC, { ...DESKTOP, colorScheme });
      const panel = await openPanel(page);
      await connected(panel);
      const turn = await ask(panel, QUESTION);
      await turn.getByRole('button', { name: 'Not helpful' }).click();
      // Code blocks are left out: their colours are the site's Prism theme, the same on every page.
      const violations = await axeViolations(page, {
        include: ['[role="dialog"]'],
        exclude: ['.theme-code-block'],
        allRules: true,
      });
      expect(violations, describeViolations(violations)).toEqual([]);
      await close();
    });

  test('connects from docs and wiki pages to the same origin, naming the docs version and the reader', async ({
    open,
    server,
  }) => {
    for (const [route, version] of [
      [DOC, 'v2.x'],
      [WIKI, 'Next'],
    ]) {
      const { page, sockets, close } = await open(route!);
      await connected(await openPanel(page));
      const url = new URL(sockets[0]!);
      expect(url.origin + url.pathname).toBe(`ws://127.0.0.1:${server.port}/docs-services/docs-server/bot/query`);
      expect(url.searchParams.get('version')).toBe(version);
      const userId = await page.evaluate((key) => localStorage.getItem(key), DOCS_BOT.userIdStorageKey);
      expect(url.searchParams.get('userId')).toBe(userId);
      await close();
    }
  });
});
