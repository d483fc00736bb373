// deploy/nginx.conf against a real nginx: redirects, the not-found page, cache headers, compression,
// security headers on every kind of response, a Content-Security-Policy that Chromium enforces without
// blocking anything the site does, and the docs bot answering through the proxied websocket.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { BASE_URL } from '../site/src/constants';
import { TestClient, refusedStatus } from 'docs-server/test/helpers';
import { hasEmbeddedSearch } from '../deploy/render-nginx';
import { DESKTOP, hydrated, newPage } from './browser';
import { expect, test as base, type Opened } from './fixtures';
import { brotliAvailable, checkNginxConfig, startNginxStack, type NginxStack } from './nginx';
import { BUILD_DIR, startDocsServerProcess, type DocsServerProcess } from './servers';

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One raw HTTP request (no redirect following, no decompression). */
function request(
  origin: string,
  route: string,
  headers: http.OutgoingHttpHeaders = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${route}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The production stack of this file: nginx in front of two docs-servers and the build. */
type Stack = Pick<NginxStack, 'upstreams' | 'brotli' | 'url'> & {
  origin: string;
  /** The rendered http-level config (deploy/nginx.conf filled in). */
  config: string;
  /** One raw HTTP request to nginx (no redirect following, no decompression). */
  request: (route: string, headers?: http.OutgoingHttpHeaders, method?: string) => Promise<Reply>;
  /** A fresh Chromium page (see newPage: requests to other origins are recorded and blocked). */
  open: (options?: BrowserContextOptions) => Promise<Opened>;
};

const test = base.extend<object, { stack: Stack; ownServer: DocsServerProcess }>({
  stack: [
    async ({ browser }, use) => {
      const stack = await startNginxStack({ docsServers: 2 });
      const { origin, config } = stack.nginx;
      await use({
        upstreams: stack.upstreams,
        brotli: stack.brotli,
        url: stack.url,
        origin,
        config,
        request: (route, headers, method) => request(origin, route, headers, method),
        open: (options = DESKTOP) => newPage(browser, { origin }, options),
      });
      await stack.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** The docs-server serving the build itself, as `npm run serve` starts it (STATIC_DIR), with no host configured. */
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const own = await startDocsServerProcess({ staticDir: BUILD_DIR, env: { CSP_GRAPHQL_ENDPOINTS: '' } });
      await use(own);
      await own.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

const buildFile = (rel: string) => fs.readFileSync(path.join(BUILD_DIR, rel));
/** Compares bodies by digest: fast on large files, and a readable failure. */
const digest = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const firstFile = (dir: string, pattern: RegExp) => {
  const file = fs.readdirSync(path.join(BUILD_DIR, dir)).find((name) => pattern.test(name));
  if (!file) throw new Error(`no file matching ${pattern} in ${dir}`);
  return `${dir}/${file}`;
};
const MAIN_JS = firstFile('assets/js', /^main\.[0-9a-f]+\.js$/);
const STYLES = firstFile('assets/css', /\.css$/);
const NOT_FOUND_HTML = buildFile('404.html');
const DOC_ROUTE = 'schema/common-patterns/data-modeling/soft-deletes/';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

test.describe('the rendered config', () => {
  test('passes nginx -t without the brotli module', async () => {
    const { ok, output } = await checkNginxConfig(false);
    expect(output).toMatch(/syntax is ok/);
    expect(ok).toBe(true);
  });

  test('passes nginx -t with the brotli module', async () => {
    test.skip(!brotliAvailable(), 'no brotli module here');
    const { ok, output } = await checkNginxConfig(true);
    expect(output).toMatch(/syntax is ok/);
    expect(ok).toBe(true);
  });
});

test.describe('redirects', () => {
  test('sends a folder asked for without its slash to the slash form, query string kept', async ({ stack }) => {
    for (const page of ['search', 'hasura-cloud/overview']) {
      const reply = await stack.request(`${BASE_URL}${page}?q=row%20permissions&pg=docs`);
      expect([reply.status, reply.headers.location]).toEqual([301, `${BASE_URL}${page}/?q=row%20permissions&pg=docs`]);
      const target = await stack.request(reply.headers.location!);
      expect(target.status).toBe(200);
      expect(digest(target.body)).toBe(digest(buildFile(`${page}/index.html`)));
    }
  });

  test('sends the bare base path to the landing page', async ({ stack }) => {
    const bare = await stack.request('/docs/2.0');
    expect([bare.status, bare.headers.location]).toEqual([301, BASE_URL]);
    const withQuery = await stack.request('/docs/2.0?utm=1');
    expect([withQuery.status, withQuery.headers.location]).toEqual([301, `${BASE_URL}?utm=1`]);
  });

  test('serves pages on their slash form and files as they are, without redirecting', async ({ stack }) => {
    expect(digest((await stack.request(BASE_URL)).body)).toBe(digest(buildFile('index.html')));
    const sitemap = await stack.request(`${BASE_URL}sitemap.xml`);
    expect([sitemap.status, digest(sitemap.body)]).toEqual([200, digest(buildFile('sitemap.xml'))]);
    // llms.txt has non-ASCII characters: its charset must be declared.
    for (const rel of ['llms.txt', 'robots.txt']) {
      const text = await stack.request(`${BASE_URL}${rel}`);
      expect([rel, text.status, text.headers['content-type']]).toEqual([rel, 200, 'text/plain; charset=utf-8']);
    }
  });
});

test.describe('not found', () => {
  for (const [what, route] of [
    ['an unknown page', `${BASE_URL}no-such-page/`],
    ['an unknown path without slash (no redirect first)', `${BASE_URL}no-such-page`],
    ['a folder without a page', `${BASE_URL}assets/`],
    ['a missing hashed asset', `${BASE_URL}assets/js/main.00000000.js`],
    ['a path outside the base path', '/elsewhere/'],
    ['the site root', '/'],
  ] as const)
    test(`answers ${what} with status 404 and the site's not-found page`, async ({ stack }) => {
      const reply = await stack.request(route);
      expect(reply.status).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(digest(reply.body)).toBe(digest(NOT_FOUND_HTML));
      // Never cached as immutable, even where the path looks like an asset.
      expect(reply.headers['cache-control']).toBe(REVALIDATE);
    });
});

test.describe('cache headers', () => {
  test('caches hashed JavaScript and CSS for a year as immutable', async ({ stack }) => {
    for (const [rel, type] of [
      [MAIN_JS, 'application/javascript; charset=utf-8'],
      [STYLES, 'text/css; charset=utf-8'],
    ]) {
      const reply = await stack.request(`${BASE_URL}${rel}`);
      expect([reply.status, reply.headers['cache-control'], reply.headers['content-type']]).toEqual([
        200,
        IMMUTABLE,
        type,
      ]);
      expect(digest(reply.body)).toBe(digest(buildFile(rel!)));
    }
  });

  test('relies on every file under assets/ being named after its content hash', () => {
    const files = fs.readdirSync(path.join(BUILD_DIR, 'assets'), { recursive: true, withFileTypes: true });
    const unhashed = files.filter((f) => f.isFile() && !/[.-][0-9a-f]{8,}\./.test(f.name)).map((f) => f.name);
    expect(files.length).toBeGreaterThan(10);
    expect(unhashed).toEqual([]);
  });

  test('revalidates HTML and the other unhashed files, answering 304 when nothing changed', async ({ stack }) => {
    for (const rel of ['', DOC_ROUTE, 'img/logo.svg', 'img/social-card.png', 'sitemap.xml', 'robots.txt', 'llms.txt']) {
      const route = `${BASE_URL}${rel}`;
      const reply = await stack.request(route);
      expect([route, reply.status, reply.headers['cache-control']]).toEqual([route, 200, REVALIDATE]);
      expect(reply.headers.etag).toBeTruthy();
      const again = await stack.request(route, { 'if-none-match': reply.headers.etag! });
      expect([route, again.status, again.headers['cache-control']]).toEqual([route, 304, REVALIDATE]);
    }
  });

  test("caches the search index's hashed files for a year and revalidates its entry files", async ({ stack }) => {
    test.skip(!hasEmbeddedSearch(BUILD_DIR), 'the build has no embedded search index');
    const hashed = [
      firstFile('pagefind/index', /\.pf_index$/),
      firstFile('pagefind/fragment', /\.pf_fragment$/),
      firstFile('pagefind/filter', /\.pf_filter$/),
      firstFile('pagefind', /^pagefind\..+\.pf_meta$/),
    ];
    const entry = [
      'pagefind/pagefind-entry.json',
      'pagefind/pagefind.js',
      'pagefind/pagefind-worker.js',
      'pagefind/vocabulary.json',
    ];
    entry.push(firstFile('pagefind', /^wasm\..+\.pagefind$/));
    for (const [files, policy] of [
      [hashed, IMMUTABLE],
      [entry, REVALIDATE],
    ] as const) {
      for (const rel of files) {
        const reply = await stack.request(`${BASE_URL}${rel}`, { 'accept-encoding': 'gzip, br' });
        expect([rel, reply.status, reply.headers['cache-control']]).toEqual([rel, 200, policy]);
      }
    }
    // The index files are gzip data already: sent as they are, not compressed twice.
    const index = await stack.request(`${BASE_URL}${hashed[0]}`, { 'accept-encoding': 'gzip, br' });
    expect(index.headers['content-encoding']).toBeUndefined();
    expect(digest(index.body)).toBe(digest(buildFile(hashed[0]!)));
  });
});

test.describe('compression', () => {
  const TEXT_FILES = ['index.html', MAIN_JS, STYLES, 'sitemap.xml', 'llms.txt', 'img/social-card.svg'];

  for (const rel of TEXT_FILES)
    test(`gzips ${rel} for clients that accept it`, async ({ stack }) => {
      const reply = await stack.request(`${BASE_URL}${rel.replace(/index\.html$/, '')}`, { 'accept-encoding': 'gzip' });
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect(reply.headers.vary).toMatch(/Accept-Encoding/);
      expect(digest(zlib.gunzipSync(reply.body))).toBe(digest(buildFile(rel)));
      expect(reply.body.length).toBeLessThan(buildFile(rel).length);
    });

  test('sends identity to clients that accept no compression', async ({ stack }) => {
    const reply = await stack.request(`${BASE_URL}${MAIN_JS}`);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(digest(reply.body)).toBe(digest(buildFile(MAIN_JS)));
  });

  test(`uses brotli where the module exists (${brotliAvailable() ? 'it does here' : 'not here: gzip instead'})`, async ({
    stack,
  }) => {
    const reply = await stack.request(`${BASE_URL}${MAIN_JS}`, { 'accept-encoding': 'br, gzip' });
    if (stack.brotli) {
      expect(reply.headers['content-encoding']).toBe('br');
      expect(digest(zlib.brotliDecompressSync(reply.body))).toBe(digest(buildFile(MAIN_JS)));
    } else {
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect(digest(zlib.gunzipSync(reply.body))).toBe(digest(buildFile(MAIN_JS)));
    }
  });
});

test.describe('security headers', () => {
  const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
  // The colour-mode boot script of every page, found here with a plain pattern (independently of the renderer).
  const colourModeScript =
    /<script>(!function\(\)\{var t=function\(\)\{try\{return new URLSearchParams[\s\S]*?)<\/script>/.exec(
      buildFile('index.html').toString(),
    )?.[1];

  const RESPONSES: [string, (stack: Stack) => Promise<Reply>, number][] = [
    ['a page', (stack) => stack.request(BASE_URL), 200],
    ['a script', (stack) => stack.request(`${BASE_URL}${MAIN_JS}`), 200],
    [
      'a not-modified answer',
      async (stack) => stack.request(BASE_URL, { 'if-none-match': (await stack.request(BASE_URL)).headers.etag! }),
      304,
    ],
    ['a redirect', (stack) => stack.request(`${BASE_URL}wiki`), 301],
    ['a not-found page', (stack) => stack.request(`${BASE_URL}no-such-page/`), 404],
    ['a refused method', (stack) => stack.request(`${BASE_URL}sitemap.xml`, {}, 'POST'), 405],
    ['the proxied docs-server', (stack) => stack.request('/docs-services/docs-server/health'), 200],
  ];

  for (const [what, send, status] of RESPONSES)
    test(`are all on ${what}`, async ({ stack }) => {
      const reply = await send(stack);
      expect(reply.status).toBe(status);
      const csp = reply.headers['content-security-policy'] as string;
      const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toContain("'self'");
      expect(directives['script-src']).toContain(sha256(colourModeScript!));
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
      expect(directives['script-src']).not.toContain("'unsafe-eval'");
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['connect-src']).toContain("'self'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\)/);
      expect(reply.headers.server).toBe('nginx');
    });

  test('sends the same policy everywhere', async ({ stack }) => {
    const policies = await Promise.all(
      RESPONSES.map(async ([, send]) => (await send(stack)).headers['content-security-policy']),
    );
    expect(new Set(policies).size).toBe(1);
  });
});

type Violation = { directive: string; blocked: string; file: string; line: number; column: number };
const describeViolation = (v: Violation) => `${v.directive} blocked ${v.blocked} at ${v.file}:${v.line}:${v.column}`;

/**
 * Records CSP violations (DOM events and console reports, page and workers) and page errors; the returned
 * function lists them.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  const onConsole = (text: string) => {
    if (/Content Security Policy|Permissions.Policy/i.test(text)) reported.push(`console: ${text}`);
  };
  page.on('console', (message) => onConsole(message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => onConsole(message.text())));
  page.on('pageerror', (error) => reported.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: Violation[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI || 'inline',
        file: e.sourceFile,
        line: e.lineNumber,
        column: e.columnNumber,
      }),
    );
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
    const unexplained: string[] = [];
    for (const v of events) unexplained.push(describeViolation(v));
    return [...reported, ...unexplained];
  };
}

/** Opens the GraphiQL editor and runs the operation against the reader's engine (its default endpoint). */
async function runGraphiQL(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try it' }).first().click();
  await page
    .getByTestId('graphiql-live')
    .getByRole('button', { name: /^Execute query/ })
    .click();
  // The test blocks other origins, so no engine answers.
  await page.getByTestId('graphiql-engine-problem').waitFor();
}

/** Navigates client-side (no page load) from the page to the landing page. */
async function navigateHome(page: Page): Promise<void> {
  await page.locator('.breadcrumbs a[aria-label="Home page"]').click();
  await page.waitForURL((url) => url.pathname === BASE_URL);
  await page.locator('.theme-doc-markdown, main').first().waitFor();
}

/** Searches from the navbar's dialog, as a reader does, and waits for the first hits. */
async function searchFor(page: Page): Promise<void> {
  // The button works once React has attached its handler, which a loaded machine may delay: click again.
  const input = page.getByRole('combobox', { name: 'Search the docs' });
  for (let attempt = 0; attempt < 10 && !(await input.isVisible()); attempt++) {
    await page.getByRole('button', { name: 'Search Ctrl K' }).click();
    await input.waitFor({ timeout: 2000 }).catch(() => undefined);
  }
  await input.fill('permissions');
  await page.locator('[role="option"][href]').first().waitFor();
}

/** Waits for the search page's results (the page reads ?q= from its URL). */
async function searchPageResults(page: Page): Promise<void> {
  await page.locator('article h2 a, [class*="searchResult"] a').first().waitFor();
}

/** Asks the docs bot through its widget, as a reader does, and waits for the whole answer. */
async function askTheDocsBot(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Ask the docs' }).click();
  const panel = page.getByRole('dialog', { name: 'Docs assistant' });
  await panel.locator('[role="status"][data-state="connected"]').waitFor({ timeout: 10_000 });
  const input = panel.getByLabel('Your question');
  await input.fill('How do I let users see only their own rows?');
  await input.press('Enter');
  await panel.locator('article[data-status="done"]').waitFor({ timeout: 15_000 });
}

/**
 * Opens the docs bot's websocket from the page, as the widget does (same origin, proxied path), and waits
 * for a whole answer: shows that connect-src 'self' covers ws: to the page's own host.
 */
async function askBotFromPage(page: Page): Promise<void> {
  const frames = await page.evaluate(
    (question) =>
      new Promise<string[]>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/docs-services/docs-server/bot/query`);
        const types: string[] = [];
        ws.onerror = () => reject(new Error('websocket error'));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'query', id: 'page-1', question }));
        ws.onmessage = (event) => {
          types.push((JSON.parse(String(event.data)) as { type: string }).type);
          if (types.at(-1) === 'done' || types.at(-1) === 'error') {
            ws.close();
            resolve(types);
          }
        };
      }),
    'How do I let users see only their own rows?',
  );
  expect(frames.slice(-2)).toEqual(['sources', 'done']);
}

/**
 * What a reader does, one line per case: the route to open and, optionally, what to do there. Each case
 * passes when Chromium reports no CSP violation and no page error. Search and the docs bot add theirs here.
 */
const READER_CASES: { name: string; route: string; act?: (page: Page) => Promise<void> }[] = [
  { name: 'the landing page', route: '' },
  { name: 'a doc page with code, tabs and GraphiQL', route: DOC_ROUTE },
  { name: 'a wiki page', route: 'wiki/' },
  { name: 'the not-found page', route: 'no-such-page/' },
  { name: 'GraphiQL running an operation on the reader’s engine', route: DOC_ROUTE, act: runGraphiQL },
  { name: 'client-side navigation to the landing page', route: DOC_ROUTE, act: navigateHome },
  { name: 'the docs bot’s websocket opened from the page', route: '', act: askBotFromPage },
  { name: 'search in use (the dialog)', route: DOC_ROUTE, act: searchFor },
  { name: 'search in use (the search page)', route: 'search/?q=permissions', act: searchPageResults },
  { name: 'the docs bot in use', route: DOC_ROUTE, act: askTheDocsBot },
];

test.describe('Content-Security-Policy in Chromium', () => {
  for (const { name, route, act } of READER_CASES)
    test(`blocks nothing on ${name}`, async ({ stack }) => {
      const { page, close } = await stack.open();
      const violations = await watchPolicy(page);
      await page.goto(stack.url(route));
      await hydrated(page);
      await act?.(page);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      await close();
    });

  test('lets the embedded search run: Pagefind’s worker and WebAssembly answer a query', async ({ stack }) => {
    test.skip(!hasEmbeddedSearch(BUILD_DIR), 'the build has no embedded search index');
    const { page, close } = await stack.open();
    const violations = await watchPolicy(page);
    await page.goto(stack.url(''));
    await hydrated(page);
    // A string, so that the test runner's TypeScript transform leaves the page's dynamic import() alone.
    const results = (await page.evaluate(`(async () => {
        const pagefind = await import('${BASE_URL}pagefind/pagefind.js');
        const search = await pagefind.search('permissions');
        return Promise.all(search.results.slice(0, 3).map(async (r) => (await r.data()).url));
      })()`)) as string[];
    expect(results.length).toBeGreaterThan(0);
    expect(page.workers().map((w) => w.url())).toContain(stack.url('pagefind/pagefind-worker.js'));
    expect(await violations()).toEqual([]);
    await close();
  });

  test('lets GraphiQL reach the reader’s engine (the request leaves the page)', async ({ stack }) => {
    const { page, external, close } = await stack.open();
    await page.goto(stack.url(DOC_ROUTE));
    await hydrated(page);
    await runGraphiQL(page);
    expect(external).toContain('http://localhost:8080/v1/graphql');
    await close();
  });

  test('is enforced: an injected inline script does not run and is reported', async ({ stack }) => {
    const { page, close } = await stack.open();
    const violations = await watchPolicy(page);
    await page.goto(stack.url(''));
    await hydrated(page);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => (await violations()).join('\n')).toMatch(/script-src-elem blocked inline/);
    await close();
  });
});

test.describe('docs bot through the proxy', () => {
  const botUrl = (stack: Stack) => `${stack.origin.replace(/^http/, 'ws')}/docs-services/docs-server/bot/query`;
  const question = 'How do I let users see only their own rows?';

  test('answers over the proxied websocket: chunks, then sources, then done', async ({ stack }) => {
    const client = await TestClient.connect(botUrl(stack), { origin: stack.origin });
    const answer = await client.ask('q-1', question);
    const types = answer.frames.map((f) => f.type);
    expect(types.at(-1)).toBe('done');
    expect(types.at(-2)).toBe('sources');
    expect(types.slice(0, -2).length).toBeGreaterThan(0);
    expect(new Set(types.slice(0, -2))).toEqual(new Set(['chunk']));
    expect(answer.text.length).toBeGreaterThan(50);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const source of answer.sources) expect(source.url.startsWith(BASE_URL)).toBe(true);
    client.close();
  });

  test('refuses other origins, as the docs-server does', async ({ stack }) => {
    expect(await refusedStatus(botUrl(stack), { origin: 'https://elsewhere.example' })).toBe(403);
  });

  test('answers health checks', async ({ stack }) => {
    const reply = await stack.request('/docs-services/docs-server/health');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body.toString())).toMatchObject({ status: 'ok' });
  });

  test('spreads connections over the docs-servers and passes the real client address', async ({ stack }) => {
    // Start from idle servers (earlier connections may still be closing), so least_conn has one choice.
    for (const upstream of stack.upstreams) {
      const health = `http://127.0.0.1:${upstream.port}/docs-services/docs-server/health`;
      await expect
        .poll(async () => ((await (await fetch(health)).json()) as { connections: number }).connections)
        .toBe(0);
    }
    // A client on another loopback address, claiming yet another one: the servers must see 127.0.0.2.
    const options = { origin: stack.origin, localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } };
    const clients = [
      await TestClient.connect(botUrl(stack), options),
      await TestClient.connect(botUrl(stack), options),
    ];
    await Promise.all(clients.map((c, i) => c.ask(`spread-${i}`, question)));
    const addresses = (upstream: DocsServerProcess) =>
      upstream.logs
        .map((line) => JSON.parse(line) as { msg: string; address?: string })
        .filter((line) => line.msg === 'connection opened')
        .map((line) => line.address);
    for (const upstream of stack.upstreams) {
      await expect.poll(() => addresses(upstream)).toContain('127.0.0.2');
      expect(addresses(upstream)).not.toContain('203.0.113.9');
    }
    for (const client of clients) client.close();
  });
});

/** One request sent byte for byte (no client normalises its path): resolves with the response's status. */
function rawRequest(origin: string, requestLine: string, headers: string[] = []): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('connect', () =>
      socket.write([requestLine, `Host: ${hostname}`, 'Connection: close', ...headers, '', ''].join('\r\n')),
    );
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
  });
}

test.describe('requests that once took the docs-servers down (an unparsable URL, retried by nginx on every upstream)', () => {
  /** Each upstream, asked directly: it is still up and healthy. */
  const upstreamsHealthy = async (stack: Stack) =>
    Promise.all(
      stack.upstreams.map(
        async (upstream) => (await fetch(`http://127.0.0.1:${upstream.port}/docs-services/docs-server/health`)).status,
      ),
    );

  test('answers the raw path nginx forwards as it is, and both upstreams still answer', async ({ stack }) => {
    // nginx matches the normalised path (…/health) but forwards the raw one, and retries on the next upstream.
    expect(await rawRequest(stack.origin, 'GET //a:b/../docs-services/docs-server/health HTTP/1.1')).toBe(200);
    expect(await upstreamsHealthy(stack)).toEqual([200, 200]);
  });

  for (const line of [
    'GET /docs-services/docs-server// HTTP/1.1',
    'HEAD /docs-services/docs-server/// HTTP/1.1',
    'GET /docs-services/docs-server/\\ HTTP/1.1',
    'GET /docs-services/docs-server/%zz%00 HTTP/1.1',
    'GET //a:b/../docs-services/docs-server/bot/query/../../x HTTP/1.1',
  ])
    test(`answers ${line} without a server error, and both upstreams still answer`, async ({ stack }) => {
      const status = await rawRequest(stack.origin, line);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect(await upstreamsHealthy(stack)).toEqual([200, 200]);
    });

  test('answers a websocket upgrade on a raw odd path, and both upstreams still answer', async ({ stack }) => {
    const upgrade = [
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ];
    const status = await rawRequest(stack.origin, 'GET //a:b/../docs-services/docs-server// HTTP/1.1', upgrade);
    expect(status).toBe(404);
    expect(await upstreamsHealthy(stack)).toEqual([200, 200]);
  });
});

test.describe('npm start sends the security headers nginx sends', () => {
  const NAMES = [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'permissions-policy',
  ];

  /** One raw GET on an origin (no redirects followed). */
  const get = (origin: string, route: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${origin}${route}`, { method, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      });
      req.on('error', reject);
      req.end();
    });

  for (const [what, route, headers, method, status] of [
    ['a page', BASE_URL, {}, 'GET', 200],
    ['a script', `${BASE_URL}${MAIN_JS}`, {}, 'GET', 200],
    ['a redirect', `${BASE_URL}wiki`, {}, 'GET', 301],
    ['a not-found page', `${BASE_URL}no-such-page/`, {}, 'GET', 404],
    ['a refused method', `${BASE_URL}sitemap.xml`, {}, 'POST', 405],
    ['the health check', '/docs-services/docs-server/health', {}, 'GET', 200],
  ] as const)
    test(`on ${what}`, async ({ stack, ownServer }) => {
      const origin = ownServer.origin;
      const [fromNginx, fromNode] = await Promise.all([
        get(stack.origin, route, headers, method),
        get(origin, route, headers, method),
      ]);
      expect([fromNginx.statusCode, fromNode.statusCode]).toEqual([status, status]);
      const pick = (res: http.IncomingMessage) => NAMES.map((name) => [name, res.headers[name]]);
      expect(pick(fromNode)).toEqual(pick(fromNginx));
      expect(fromNginx.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
      if (status === 200 && route !== '/docs-services/docs-server/health') {
        expect(fromNode.headers['cache-control']).toBe(fromNginx.headers['cache-control']);
      }
    });

  test('on a not-modified answer', async ({ stack, ownServer }) => {
    const origin = ownServer.origin;
    const replies = await Promise.all(
      [stack.origin, origin].map(async (o) =>
        get(o, BASE_URL, { 'if-none-match': (await get(o, BASE_URL)).headers.etag! }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([304, 304]);
    const pick = (res: http.IncomingMessage) => NAMES.map((name) => [name, res.headers[name]]);
    expect(pick(replies[1]!)).toEqual(pick(replies[0]!));
  });
});
