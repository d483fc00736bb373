import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../test/helpers.js';
import { mulberry32 } from '../test/seeded-random.js';

// 10,000 raw HTTP requests against the real server process (src/main.ts) serving a site build: malformed and
// absolute-form targets, `//`, backslashes, `%` junk, null bytes, overlong paths and headers, unknown methods,
// upgrades on odd paths. Every request gets an HTTP answer (no 5xx), and after each batch the process is
// alive and its health check answers. One such request (`GET //`, an unparsable target) used to kill the process.

const PROBE = fileURLToPath(new URL('../test/memory-probe.ts', import.meta.url));
const TOTAL = 10_000;
const BATCH = 500;
/** Requests in flight at once, each on its own socket. */
const SOCKETS = 32;

/** The requests that took the process down before, sent as they are, first. */
const KNOWN_KILLERS = [
  'GET // HTTP/1.1\r\nHost: x\r\n\r\n',
  'HEAD /// HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /\\ HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET http://[/ HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET //a:b/../docs-services/docs-server/health HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET // HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
    'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  'GET http://[/bot/query HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
];

function generator(seed: number) {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const PIECES = [
    '/',
    '//',
    '\\',
    '/..',
    '/.',
    '..',
    '%',
    '%%',
    '%zz',
    '%00',
    '%2e%2e',
    '%2f',
    '%5c',
    '%c0%ae',
    '%ff',
    '?',
    '??',
    '#',
    '@',
    ':',
    ';',
    '*',
    '~',
    'docs',
    '2.0',
    'docs/2.0',
    'docs-services',
    'docs-server',
    'health',
    'bot',
    'query',
    'search',
    'assets',
    'index.html',
    '404.html',
    '[',
    ']',
    '{',
    '}',
    '|',
    '^',
    '`',
    '"',
    "'",
    '<',
    '>',
    'é',
    '中',
    '😀',
    '\u0000',
    '\u0001',
    '\u007f',
    ' ',
    '\t',
    'A'.repeat(300),
  ];
  const METHODS = [
    'GET',
    'GET',
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'DELETE',
    'OPTIONS',
    'TRACE',
    'PATCH',
    'CONNECT',
    'BREW',
    'get',
    'G ET',
    '',
    'GET\u0000',
    'X'.repeat(40),
  ];
  const VERSIONS = [
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.0',
    'HTTP/2.0',
    'HTTP/9.9',
    'HTTP/1.1 x',
    '',
    'http/1.1',
  ];
  const path = () => {
    let out = pick(['/', '/docs/2.0/', '/docs-services/docs-server/', '/bot/query', '', '//', '\\']);
    for (let i = int(6); i > 0; i--) out += pick(PIECES);
    return out;
  };
  const target = () => {
    const roll = random();
    if (roll < 0.6) return path();
    if (roll < 0.75) {
      const host = pick(['example.com', '[', '[::1]', '127.0.0.1:1', 'a:b@c', '', '%', 'x'.repeat(300)]);
      return `${pick(['http://', 'https://', 'HTTP://', 'ftp://', 'ws://', 'http:', 'http:\\\\'])}${host}${path()}`;
    }
    if (roll < 0.8) return pick(['*', 'example.com:443', '127.0.0.1:8090', '[::1]:80']);
    if (roll < 0.9) return `/docs/2.0/${'a/'.repeat(int(4000))}`; // overlong, up to 8 KB
    return `/${'%'.repeat(int(50))}${path()}`;
  };
  const HEADERS: (() => string)[] = [
    () => `Origin: ${pick(['http://localhost:3000', 'null', 'http://[', '', 'http://evil.example'])}`,
    () => `X-Forwarded-For: ${pick(['203.0.113.9', 'junk', '1.2.3.4, ::1', ',,,', '[::1]:80'])}`,
    () =>
      `Range: ${pick(['bytes=0-10', 'bytes=-5', 'bytes=99999-', 'bytes=5-1', 'bytes=a-b', 'lines=1-2', 'bytes=0-1,2-3'])}`,
    () => `If-None-Match: ${pick(['*', 'W/"x"', '"', ''])}`,
    () =>
      `If-Modified-Since: ${pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '', 'Fri, 31 Dec 9999 23:59:59 GMT'])}`,
    () => `If-Match: ${pick(['*', '"nope"'])}`,
    () => `If-Range: ${pick(['"x"', 'Thu, 01 Jan 1970 00:00:00 GMT'])}`,
    () => `Accept-Encoding: ${pick(['gzip', 'br;q=2', 'identity;q=0', '*', ',;;'])}`,
    () => `Content-Length: ${pick(['0', '5', '-1', 'abc', '99999999999999999999'])}`,
    () => 'Transfer-Encoding: chunked',
    () => `Expect: ${pick(['100-continue', 'nonsense'])}`,
    () => `X-Long: ${'v'.repeat(int(20_000))}`, // past Node's 16 KiB header limit when long
    () => `Bad Header Without Colon`,
    () => `Nul: a\u0000b`,
    () => `Host: ${pick(['', 'x', 'a b', '[', 'x'.repeat(500)])}`,
  ];
  const UPGRADE = [
    'Connection: Upgrade',
    'Upgrade: websocket',
    () => `Sec-WebSocket-Version: ${pick(['13', '13', '8', 'x'])}`,
    () => `Sec-WebSocket-Key: ${pick(['dGhlIHNhbXBsZSBub25jZQ==', 'dGhlIHNhbXBsZSBub25jZQ==', 'short', ''])}`,
  ];
  return (): Buffer => {
    const lines: string[] = [];
    const roll = random();
    if (roll < 0.05) {
      // Not a request line at all. Not an empty one, nor the PRI method: with those the server rightly waits
      // for more (empty lines before a request are skipped; PRI starts HTTP/2's preface).
      lines.push(pick([' ', 'GET', 'HTTP/1.1 200 OK', '\u0016\u0003\u0001', 'GET / HTTP/1.1 extra words']));
    } else {
      lines.push(`${pick(METHODS)} ${target()} ${pick(VERSIONS)}`.replace(/ $/, ''));
    }
    if (random() < 0.9) lines.push('Host: 127.0.0.1');
    for (let i = int(4); i > 0; i--) lines.push(pick(HEADERS)());
    if (random() < 0.25) {
      for (const header of UPGRADE) lines.push(typeof header === 'string' ? header : header());
      if (random() < 0.3) lines.push(`Origin: http://127.0.0.1`);
    }
    const body = random() < 0.1 ? '0\r\n\r\n' : '';
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8');
  };
}

/**
 * Sends one raw request on its own socket and resolves with the status code of the first response (once its
 * head is in), or 0 when the server closed the connection without one.
 */
function rawRequest(port: number, request: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    const status = () => Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      if (received.includes('\r\n\r\n')) done(status());
    });
    socket.on('error', () => done(status()));
    socket.on('close', () => done(status()));
  });
}

async function runBatch(port: number, requests: Buffer[]): Promise<number[]> {
  const statuses: number[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      statuses[i] = await rawRequest(port, requests[i]!);
    }
  };
  await Promise.all(Array.from({ length: SOCKETS }, worker));
  return statuses;
}

function heapUsed(server: ServerProcess): Promise<number> {
  return new Promise((resolve) => {
    server.process.once('message', (m) => resolve((m as { heapUsed: number }).heapUsed));
    server.process.send('memory');
  });
}

describe('HTTP fuzz', () => {
  it('answers 10,000 malformed and odd requests over raw sockets without ever going down', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-http-fuzz-'));
    await mkdir(join(dir, 'assets', 'js'), { recursive: true });
    await mkdir(join(dir, 'search'), { recursive: true });
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Home</title><script>boot()</script>');
    await writeFile(join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
    await writeFile(join(dir, 'search', 'index.html'), '<!doctype html><title>Search</title>');
    await writeFile(join(dir, 'assets', 'js', 'main.1a2b3c4d.js'), 'console.log(1);'.repeat(100));
    const server = await spawnServer(
      {
        STATIC_DIR: dir,
        // Let upgrades get past the budgets, so that the paths behind them are fuzzed too.
        CONNECT_RATE_LIMIT_BURST: '1000000',
        MAX_CONNECTIONS_PER_ADDRESS: '1000',
      },
      ['--expose-gc', '--import', PROBE],
    );
    const health = async () => {
      const reply = await fetch(`http://127.0.0.1:${server.port}/docs-services/docs-server/health`);
      return reply.status;
    };
    try {
      const next = generator(20261126);
      const statuses = new Map<number, number>();
      let sent = 0;
      let baseline = 0;
      for (let batch = 0; sent < TOTAL; batch++) {
        const requests = Array.from({ length: BATCH }, next);
        if (batch === 0) requests.splice(0, KNOWN_KILLERS.length, ...KNOWN_KILLERS.map((r) => Buffer.from(r)));
        const got = await runBatch(server.port, requests);
        sent += requests.length;
        for (const status of got) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(server.process.exitCode).toBeNull();
        expect(await health()).toBe(200);
        if (batch === 0) baseline = await heapUsed(server); // code paths warmed up
      }
      expect(sent).toBe(TOTAL);
      // Every request got an HTTP answer, none of them a server error.
      const all = [...statuses.keys()].sort();
      expect(all.filter((s) => s < 100 || s >= 500)).toEqual([]);
      expect(all).toEqual(expect.arrayContaining([101, 200, 302, 400, 404, 405, 431]));
      expect(server.logs.filter((l) => l.level >= 50)).toEqual([]); // no errors, no uncaught exceptions
      await new Promise((resolve) => setTimeout(resolve, 100)); // the last sockets close
      const grown = (await heapUsed(server)) - baseline;
      expect(grown).toBeLessThan(2 * 1024 * 1024);
      console.log(
        `HTTP fuzz: ${sent} requests, 0 crashes; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `heap ${(grown / 1024).toFixed(0)} KiB from the baseline after batch 1`,
      );
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
