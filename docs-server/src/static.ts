import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import compression from 'compression';
import send from 'send';
import { parseRequestTarget } from './request-target.js';

/**
 * Serves a production build of the site under its base path, so one process (and one origin) gives readers
 * both the pages and the bot. `send` (the library behind Express's static files) does the file serving:
 * content types, ETag and Last-Modified, 304 for If-None-Match / If-Modified-Since, 206 for Range, dot
 * segments and files outside the build. This module only adds the site's URL rules, as nginx applies them
 * in deploy/: `/` leads to the base path, a directory without its trailing slash is redirected to the slash
 * form with the query kept (`/search?q=x` → `/search/?q=x`), a directory serves its index.html, and anything
 * unknown gets the site's 404 page.
 */

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface StaticOptions {
  /**
   * Compress text responses (brotli or gzip) for clients that accept them, as the production proxy does.
   * Off by default: in production nginx compresses; the benchmarks' static server turns it on.
   */
  compress?: boolean;
  /** Told about a file that could not be read (the reader gets a 500, or a cut-off body). */
  onError?: (err: Error, path: string) => void;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files whose name changes whenever their content does, cached for a year (the rules of deploy/nginx.conf):
 * Docusaurus' assets/, and Pagefind's index, fragment and filter files and its *.pf_meta file.
 */
const HASHED = [
  /^assets\//,
  /^pagefind\/(index|fragment|filter)\/[^/]+\.pf_\w+$/,
  /^pagefind\/pagefind\.[^/]+\.pf_meta$/,
];

/** `basePath` starts and ends with "/", e.g. "/docs/2.0/". */
export function createStaticHandler(root: string, basePath: string, options: StaticOptions = {}): StaticHandler {
  const rootDir = resolve(root);
  const notFoundPage = join(rootDir, '404.html');
  // Same threshold as nginx's gzip_min_length; compression skips types that do not compress (images, Pagefind).
  const compress = options.compress ? compression({ threshold: 256 }) : undefined;

  function redirect(res: ServerResponse, status: 301 | 302, location: string): void {
    res.writeHead(status, { location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(`Moved to ${location}\n`);
  }

  async function notFound(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Not through send: a 404 answers no conditional or range request.
    const page = await stat(notFoundPage).catch(() => undefined);
    if (!page?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
      return void res.end('Not found\n');
    }
    res.writeHead(404, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': page.size,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') return void res.end();
    await pipeline(createReadStream(notFoundPage), res).catch(() => res.destroy());
  }

  function serve(req: IncomingMessage, res: ServerResponse): void {
    const fail = (err: Error) => {
      options.onError?.(err, req.url ?? '');
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal error\n');
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {
        allow: 'GET, HEAD',
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
      });
      return void res.end('Method not allowed\n');
    }
    const target = parseRequestTarget(req.url);
    if (!target) return void notFound(req, res).catch(fail);
    const { pathname, search } = target;
    if (pathname === '/') return redirect(res, 302, basePath);
    if (pathname === basePath.slice(0, -1)) return redirect(res, 301, `${basePath}${search}`);
    if (!pathname.startsWith(basePath)) return void notFound(req, res).catch(fail);

    // Still percent-encoded: send decodes it, and refuses "..", null bytes and bad escapes.
    const file = send(req, pathname.slice(basePath.length - 1), {
      root: rootDir,
      index: ['index.html'],
      dotfiles: 'ignore',
      cacheControl: false, // set per file below
    });
    file.on('headers', (response: ServerResponse, path: string) => {
      const rel = relative(rootDir, path).split(sep).join('/');
      response.setHeader('cache-control', HASHED.some((pattern) => pattern.test(rel)) ? IMMUTABLE : 'no-cache');
      response.setHeader('x-content-type-options', 'nosniff');
    });
    // A directory asked for without its slash: the slash form, query kept (send's own redirect drops it).
    file.on('directory', () => redirect(res, 301, `${pathname}/${search}`));
    file.on('error', (err: Error & { status?: number; headers?: Record<string, string> }) => {
      const status = err.status ?? 500;
      if (status === 412 || status === 416) {
        res.writeHead(status, {
          ...err.headers,
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-cache',
        });
        return void res.end(`${status === 412 ? 'Precondition failed' : 'Range not satisfiable'}\n`);
      }
      // 404 and also 400 (bad escape, null byte) and 403 (".."): no such page in the build.
      if (status < 500) return void notFound(req, res).catch(fail);
      fail(err);
    });
    file.pipe(res);
  }

  return (req, res) => {
    const finished = new Promise<void>((done) => res.once('close', done));
    // Ranges are byte offsets into the file as stored, so they are never compressed.
    if (compress && !req.headers.range) compress(req as never, res as never, () => serve(req, res));
    else serve(req, res);
    return finished;
  };
}
