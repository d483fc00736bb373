import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/**
 * Serves a production build of the site under its base path, so one process (and one
 * origin) gives readers both the pages and the bot. It follows the site's URL rules:
 * a directory serves its index.html, a directory without a trailing slash is redirected
 * to the slash form (the query kept), anything unknown gets the site's 404 page, and `/`
 * leads to the base path.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Bundler output under assets/ has a content hash in its name, so it never changes. */
function cacheControl(relPath: string): string {
  if (relPath.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

async function statOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Text types worth compressing. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/;

/**
 * `basePath` starts and ends with "/", e.g. "/docs/2.0/". `gzip`: compress text responses for clients
 * that accept it, as the production proxy does (off by default: nginx compresses in production).
 */
export function createStaticHandler(
  root: string,
  basePath: string,
  { gzip = false }: { gzip?: boolean } = {},
): StaticHandler {
  const rootDir = resolve(root);
  const notFoundPage = join(rootDir, '404.html');

  function redirect(res: ServerResponse, status: 301 | 302, location: string): void {
    res.writeHead(status, { location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(`Moved to ${location}\n`);
  }

  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    file: string,
    info: Stats,
  ): Promise<void> {
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': contentType(file),
      'cache-control':
        status === 200
          ? cacheControl(
              file
                .slice(rootDir.length + 1)
                .split(sep)
                .join('/'),
            )
          : 'no-cache',
      'x-content-type-options': 'nosniff',
      ...(status === 200 ? { etag, 'last-modified': info.mtime.toUTCString() } : {}),
    };
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    const compress =
      gzip && COMPRESSIBLE.test(headers['content-type']) && /\bgzip\b/.test(String(req.headers['accept-encoding']));
    res.writeHead(
      status,
      compress
        ? { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' }
        : { ...headers, 'content-length': info.size },
    );
    if (req.method === 'HEAD') return void res.end();
    try {
      await (compress ? pipeline(createReadStream(file), createGzip(), res) : pipeline(createReadStream(file), res));
    } catch {
      // The reader went away, or the file vanished mid-read: nothing more to send.
      res.destroy();
    }
  }

  async function notFound(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const page = await statOrUndefined(notFoundPage);
    if (page?.isFile()) return sendFile(req, res, 404, notFoundPage, page);
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  }

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Method not allowed\n');
    }
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/') return redirect(res, 302, basePath);
    if (pathname === basePath.slice(0, -1)) return redirect(res, 301, `${basePath}${search}`);
    if (!pathname.startsWith(basePath)) return notFound(req, res);

    let rel: string;
    try {
      rel = decodeURIComponent(pathname.slice(basePath.length));
    } catch {
      return notFound(req, res); // a malformed %-escape names no file
    }
    const target = join(rootDir, rel);
    // join() resolves "..", so anything that climbs out of the build lands outside rootDir.
    if (rel.includes('\0') || (target !== rootDir && !target.startsWith(rootDir + sep))) return notFound(req, res);

    const info = await statOrUndefined(target);
    if (info?.isDirectory()) {
      if (!pathname.endsWith('/')) return redirect(res, 301, `${pathname}/${search}`);
      const index = join(target, 'index.html');
      const indexInfo = await statOrUndefined(index);
      if (indexInfo?.isFile()) return sendFile(req, res, 200, index, indexInfo);
      return notFound(req, res);
    }
    if (info?.isFile()) return sendFile(req, res, 200, target, info);
    return notFound(req, res);
  };
}
