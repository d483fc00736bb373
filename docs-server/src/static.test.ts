import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, refusedStatus, startServer, TestClient, type Running } from '../test/helpers.js';
import { loadConfig } from './config.js';
import { securityHeadersForBuild } from './security-headers.js';
import { createStaticHandler } from './static.js';

// The docs-server serving a small site build over real HTTP, next to its websocket.

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw request: the path goes out exactly as written (fetch would normalise "..", for one). */
function get(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static site', () => {
  let dir: string;
  let build: string;
  let running: Running;
  const page = (title: string) => `<!doctype html><title>${title}</title>`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docs-static-'));
    build = join(dir, 'build');
    await mkdir(join(build, 'auth', 'jwt'), { recursive: true });
    await mkdir(join(build, 'assets', 'js'), { recursive: true });
    await mkdir(join(build, 'empty'), { recursive: true });
    await mkdir(join(build, 'search'), { recursive: true });
    await writeFile(join(build, 'search', 'index.html'), page('Search'));
    await writeFile(join(build, 'index.html'), page('Home'));
    await writeFile(join(build, '404.html'), page('Page Not Found'));
    await writeFile(join(build, 'auth', 'jwt', 'index.html'), page('JWT'));
    await writeFile(join(build, 'assets', 'js', 'main.1a2b3c.js'), 'console.log(1);');
    await writeFile(join(build, 'wasm.en.wasm'), Buffer.from([0, 97, 115, 109]));
    await writeFile(join(build, 'sitemap.xml'), '<urlset/>');
    await writeFile(join(dir, 'secret.txt'), 'outside the build');
    running = await startServer({ STATIC_DIR: build });
  });
  afterAll(async () => {
    await running.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a directory’s index.html under the base path', async () => {
    const home = await get(running.port, '/docs/2.0/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toBe(page('Home'));
    const jwt = await get(running.port, '/docs/2.0/auth/jwt/');
    expect([jwt.status, jwt.body]).toEqual([200, page('JWT')]);
    expect(jwt.headers['cache-control']).toBe('no-cache');
  });

  it('redirects a directory without its trailing slash, keeping the query', async () => {
    const jwt = await get(running.port, '/docs/2.0/auth/jwt?tab=rs256&x=1');
    expect(jwt.status).toBe(301);
    expect(jwt.headers.location).toBe('/docs/2.0/auth/jwt/?tab=rs256&x=1');
    const base = await get(running.port, '/docs/2.0?q=1');
    expect([base.status, base.headers.location]).toEqual([301, '/docs/2.0/?q=1']);
  });

  it('redirects / to the base path', async () => {
    const root = await get(running.port, '/');
    expect([root.status, root.headers.location]).toEqual([302, '/docs/2.0/']);
  });

  it.each([
    '/docs/2.0/no/such/page/',
    '/docs/2.0/auth/jwt/missing.js',
    '/docs/2.0/empty/',
    '/docs/2.0/sitemap.xml/',
    '/favicon.ico',
    '/docs/3.0/',
    '/docs/2.0/%E0%A4%A',
  ])('answers %s with the site’s 404 page', async (path) => {
    const reply = await get(running.port, path);
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toBe(page('Page Not Found'));
  });

  it.each([
    '/docs/2.0/../secret.txt',
    '/docs/2.0/%2e%2e/secret.txt',
    '/docs/2.0/..%2fsecret.txt',
    '/docs/2.0//etc/passwd',
  ])('never serves a file outside the build: %s', async (path) => {
    const reply = await get(running.port, path);
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain('outside the build');
  });

  it('sends the right content types, and caches hashed assets for good', async () => {
    const js = await get(running.port, '/docs/2.0/assets/js/main.1a2b3c.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-length']).toBe(String('console.log(1);'.length));
    expect((await get(running.port, '/docs/2.0/wasm.en.wasm')).headers['content-type']).toBe('application/wasm');
    expect((await get(running.port, '/docs/2.0/sitemap.xml')).headers['content-type']).toBe('application/xml');
  });

  it('answers HEAD without a body, revalidates with ETag, and refuses other methods', async () => {
    const head = await get(running.port, '/docs/2.0/', { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
    expect(head.headers['content-length']).toBe(String(page('Home').length));
    const etag = head.headers.etag!;
    const again = await get(running.port, '/docs/2.0/', { headers: { 'if-none-match': etag } });
    expect([again.status, again.body]).toEqual([304, '']);
    const post = await get(running.port, '/docs/2.0/', { method: 'POST' });
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('answers If-Modified-Since with 304 and keeps serving when the file is newer', async () => {
    const first = await get(running.port, '/docs/2.0/auth/jwt/');
    const lastModified = first.headers['last-modified']!;
    expect(lastModified).toBeTruthy();
    const same = await get(running.port, '/docs/2.0/auth/jwt/', { headers: { 'if-modified-since': lastModified } });
    expect([same.status, same.body]).toEqual([304, '']);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const changed = await get(running.port, '/docs/2.0/auth/jwt/', { headers: { 'if-modified-since': older } });
    expect([changed.status, changed.body]).toEqual([200, page('JWT')]);
  });

  it('answers Range with 206 and the bytes asked for, and an unsatisfiable range with 416', async () => {
    const url = '/docs/2.0/assets/js/main.1a2b3c.js';
    const part = await get(running.port, url, { headers: { range: 'bytes=0-6' } });
    expect([part.status, part.body, part.headers['content-range']]).toEqual([206, 'console', 'bytes 0-6/15']);
    expect(part.headers['accept-ranges']).toBe('bytes');
    const tail = await get(running.port, url, { headers: { range: 'bytes=-3' } });
    expect([tail.status, tail.body]).toEqual([206, '1);']);
    // If-Range with a stale validator: the whole file.
    const stale = await get(running.port, url, { headers: { range: 'bytes=0-6', 'if-range': 'W/"stale"' } });
    expect([stale.status, stale.body]).toEqual([200, 'console.log(1);']);
    const beyond = await get(running.port, url, { headers: { range: 'bytes=100-200' } });
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, 'bytes */15']);
  });

  it('redirects the search page without its slash to the slash form, query kept', async () => {
    const search = await get(running.port, '/docs/2.0/search?q=row%20permissions');
    expect([search.status, search.headers.location]).toEqual([301, '/docs/2.0/search/?q=row%20permissions']);
  });

  it.each([
    ['//', 302, '/docs/2.0/'],
    ['///', 302, '/docs/2.0/'],
    ['/\\', 404, undefined],
    ['/docs/2.0//auth//jwt/', 200, undefined],
    ['//docs/2.0/auth/jwt?x=1', 301, '/docs/2.0/auth/jwt/?x=1'],
    ['http://[/', 400, undefined],
    ['http://example.com/docs/2.0/auth/jwt/', 200, undefined],
    ['/docs/2.0/%', 404, undefined],
    ['/docs/2.0/%00', 404, undefined],
  ])('answers the odd target %s safely (%i) and keeps serving', async (path, status, location) => {
    const reply = await get(running.port, path);
    expect([reply.status, reply.headers.location]).toEqual([status, location]);
    expect((await get(running.port, '/docs-services/docs-server/health')).status).toBe(200);
  });

  it('sends the site’s security headers, as nginx does, on every kind of response', async () => {
    const expected = Object.fromEntries(
      securityHeadersForBuild(build).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    const etag = (await get(running.port, '/docs/2.0/')).headers.etag!;
    const replies = await Promise.all([
      get(running.port, '/docs/2.0/'),
      get(running.port, '/docs/2.0/', { headers: { 'if-none-match': etag } }),
      get(running.port, '/docs/2.0/auth/jwt'),
      get(running.port, '/docs/2.0/no/such/page/'),
      get(running.port, '/docs/2.0/', { method: 'POST' }),
      get(running.port, '/docs-services/docs-server/health'),
      get(running.port, 'http://[/'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 304, 301, 404, 405, 200, 400]);
    for (const reply of replies) {
      for (const [name, value] of Object.entries(expected)) expect([name, reply.headers[name]]).toEqual([name, value]);
    }
  });

  it('keeps the health endpoint and the websocket', async () => {
    expect((await get(running.port, '/docs-services/docs-server/health')).status).toBe(200);
    expect((await get(running.port, '/bot/query')).status).toBe(426);
    const client = await TestClient.connect(`ws://127.0.0.1:${running.port}/bot/query`, { origin: ORIGIN });
    const answer = await client.ask('q-1', 'How do I track a table with pg_track_table?');
    expect(answer.sources.length).toBeGreaterThan(0);
    client.close();
  });

  it('lets the pages it serves open the websocket from their own origin, and no other', async () => {
    const own = `http://127.0.0.1:${running.port}`;
    const client = await TestClient.connect(`${own}/bot/query`.replace('http', 'ws'), { origin: own });
    client.close();
    expect(await refusedStatus(`ws://127.0.0.1:${running.port}/bot/query`, { origin: 'http://127.0.0.1:1' })).toBe(403);
  });
});

describe('without STATIC_DIR', () => {
  it('serves no pages and allows only the listed origins', async () => {
    const running = await startServer();
    try {
      expect((await get(running.port, '/docs/2.0/')).status).toBe(404);
      const own = `http://127.0.0.1:${running.port}`;
      expect(await refusedStatus(`ws://127.0.0.1:${running.port}/bot/query`, { origin: own })).toBe(403);
    } finally {
      await running.stop();
    }
  });
});

describe('STATIC_DIR configuration', () => {
  it('refuses to start on a folder with no site build', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'docs-static-empty-'));
    try {
      await expect(startServer({ STATIC_DIR: empty })).rejects.toThrow(/holds no site build/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('reads STATIC_DIR and STATIC_BASE_PATH, and refuses a base path without slashes', () => {
    expect(loadConfig({}).staticDir).toBeUndefined();
    expect(loadConfig({}).staticBasePath).toBe('/docs/2.0/');
    expect(loadConfig({ STATIC_DIR: '/srv/site', STATIC_BASE_PATH: '/docs/' })).toMatchObject({
      staticDir: '/srv/site',
      staticBasePath: '/docs/',
    });
    expect(() => loadConfig({ STATIC_BASE_PATH: 'docs/2.0' })).toThrow(/STATIC_BASE_PATH must start and end with "\/"/);
  });
});

describe('static handler with compression (the benchmarks serve the build this way)', () => {
  let dir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docs-static-gzip-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Home</title>'.repeat(20));
    await writeFile(join(dir, 'logo.png'), Buffer.from([137, 80, 78, 71]));
    const handler = createStaticHandler(dir, '/docs/2.0/', { compress: true });
    server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('compresses text for clients that accept it, and only for them', async () => {
    const brotli = await getBytes(port, '/docs/2.0/', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe('<!doctype html><title>Home</title>'.repeat(20));
    const zipped = await getBytes(port, '/docs/2.0/', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/^accept-encoding$/i);
    expect(gunzipSync(zipped.body).toString()).toBe('<!doctype html><title>Home</title>'.repeat(20));
    const plain = await getBytes(port, '/docs/2.0/', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('<!doctype html><title>Home</title>'.repeat(20));
  });

  it('leaves binary files as they are', async () => {
    const png = await getBytes(port, '/docs/2.0/logo.png', { 'accept-encoding': 'gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect([...png.body]).toEqual([137, 80, 78, 71]);
  });
});

/** A GET whose body is kept as bytes (compressed bodies are not text). */
function getBytes(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
