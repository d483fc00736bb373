import { existsSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import proxyAddr from 'proxy-addr';
import { clientKey, type ClientBudgets } from './client-budget.js';
import type { Config } from './config.js';
import type { CorpusStore } from './corpus.js';
import { PROTOCOL_VERSION } from './protocol.js';
import { parseRequestTarget } from './request-target.js';
import { securityHeadersForBuild } from './security-headers.js';
import type { StaticHandler } from './static.js';
import type { WsSessions } from './ws-sessions.js';

/**
 * The HTTP side: what a request gets (health, the site, 400/404/405/426), and the upgrade policy, which
 * decides who may open a websocket before ws-sessions.ts takes the connection over.
 */

export const HEALTH_PATHS = new Set(['/docs-services/docs-server/health', '/health']);
export const BOT_PATHS = new Set(['/docs-services/docs-server/bot/query', '/bot/query']);

/** `version` and `userId` are labels for logs: short, plain tokens only. */
const PARAM = /^[\w.-]{1,64}$/;

export interface HttpHandlers {
  /** Checks and loads the site build when STATIC_DIR is set; before listening. */
  loadSite(): Promise<void>;
  request(req: IncomingMessage, res: ServerResponse): void;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  connect(req: IncomingMessage, socket: Duplex): void;
}

export interface HttpHandlersDeps {
  config: Config;
  logger: Logger;
  corpus: CorpusStore;
  /** Shared with the sessions, which spend the questions and refused frames. */
  budgets: ClientBudgets;
  sessions: Pick<WsSessions, 'draining' | 'count' | 'countFor' | 'accept'>;
}

function rejectUpgrade(socket: Duplex, status: number, message: string, retryAfterS?: number): void {
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(message)}`,
  ];
  if (retryAfterS !== undefined) headers.push(`Retry-After: ${retryAfterS}`);
  socket.once('finish', () => socket.destroy());
  socket.end(`${headers.join('\r\n')}\r\n\r\n${message}`);
}

/** The host (with port) of an Origin header, lower-cased; undefined for "null" and other junk. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

export function createHttpHandlers({ config, logger, corpus, budgets, sessions }: HttpHandlersDeps): HttpHandlers {
  const trustProxy = config.trustProxy.length > 0 ? proxyAddr.compile(config.trustProxy) : undefined;
  const allowAnyOrigin = config.allowedOrigins.includes('*');
  const allowedOrigins = new Set(config.allowedOrigins.map((o) => o.toLowerCase()));

  /** The site build (STATIC_DIR) and its security headers, as nginx sends them; set by loadSite(). */
  let staticSite: StaticHandler | undefined;
  let siteHeaders: [string, string][] = [];

  async function loadSite(): Promise<void> {
    if (config.staticDir && !existsSync(`${config.staticDir}/index.html`)) {
      throw new Error(`STATIC_DIR ${config.staticDir} holds no site build (no index.html); build the site first`);
    }
    if (config.staticDir) {
      // Loaded only to serve the site (send and compression take a few hundred ms): the bot alone starts faster.
      const { createStaticHandler } = await import('./static.js');
      siteHeaders = securityHeadersForBuild(config.staticDir, config.graphqlEndpoints);
      staticSite = createStaticHandler(config.staticDir, config.staticBasePath, {
        onError: (err, path) => logger.error({ err: err.message, path }, 'static file failed'),
      });
    }
  }

  function request(req: IncomingMessage, res: ServerResponse): void {
    try {
      route(req, res);
    } catch (err) {
      // Only a bug gets here; the request fails, the server goes on.
      logger.error({ err: (err as Error).message, url: req.url }, 'request handling failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end();
    }
  }

  function route(req: IncomingMessage, res: ServerResponse): void {
    if (siteHeaders.length > 0) {
      onHeaders(res, function () {
        for (const [name, value] of siteHeaders) this.setHeader(name, value);
      });
    }
    const target = parseRequestTarget(req.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    if (!target) return json(400, { error: 'bad request target' });
    const path = target.pathname;
    if (HEALTH_PATHS.has(path)) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: 'method not allowed' });
      const loaded = corpus.current;
      const { draining } = sessions;
      const ok = loaded !== undefined && !draining;
      return json(ok ? 200 : 503, {
        status: draining ? 'draining' : loaded ? 'ok' : 'no_corpus',
        protocol: PROTOCOL_VERSION,
        mode: config.llm ? 'llm' : 'composed',
        corpus: loaded
          ? {
              sections: loaded.corpus.sections.length,
              generatedAt: loaded.corpus.generatedAt,
              loadedAt: loaded.loadedAt,
            }
          : null,
        connections: sessions.count,
      });
    }
    if (BOT_PATHS.has(path)) return json(426, { error: 'this endpoint is a websocket' });
    if (staticSite) return void staticSite(req, res);
    json(404, { error: 'not found' });
  }

  function originAllowed(origin: string | undefined, host: string | undefined): boolean {
    // Only browsers send Origin, and only browsers can be misused cross-site; other
    // clients (curl, the benchmark) could forge any Origin, so refusing them adds nothing.
    if (origin === undefined) return true;
    if (allowAnyOrigin || allowedOrigins.has(origin.toLowerCase())) return true;
    // When this server also serves the site, its own pages may always talk to it,
    // whatever host name or port the reader used to reach it.
    return staticSite !== undefined && host !== undefined && originHost(origin) === host.toLowerCase();
  }

  /**
   * The client's address. X-Forwarded-For is read only from peers in TRUST_PROXY, from the right: the first
   * address that is not a trusted proxy is the client (entries further left are the client's to forge).
   */
  function clientAddress(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress ?? 'unknown';
    if (!trustProxy) return peer;
    return proxyAddr(req, trustProxy) ?? peer;
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    try {
      upgradePolicy(req, socket, head);
    } catch (err) {
      logger.error({ err: (err as Error).message, url: req.url }, 'upgrade handling failed');
      if (socket.writable) rejectUpgrade(socket, 500, 'Internal error');
      else socket.destroy();
    }
  }

  /** Who may open a websocket, checked in this order; the first refusal answers. */
  function upgradePolicy(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = parseRequestTarget(req.url);
    if (!url) return rejectUpgrade(socket, 400, 'Bad request target');
    if (!BOT_PATHS.has(url.pathname)) return rejectUpgrade(socket, 404, 'Not found');
    if (sessions.draining) return rejectUpgrade(socket, 503, 'The docs server is restarting', 5);
    const address = clientAddress(req);
    const key = clientKey(address);
    // Every attempt counts, refused ones too, so reconnecting in a loop is bounded like asking is.
    const wait = budgets.get(key).connections.take();
    if (wait > 0) {
      logger.warn({ address }, 'connection attempts over budget');
      return rejectUpgrade(socket, 429, 'Too many connection attempts from this address', Math.ceil(wait / 1000));
    }
    if (!originAllowed(req.headers.origin, req.headers.host)) {
      logger.info({ origin: req.headers.origin }, 'refused origin');
      return rejectUpgrade(socket, 403, 'Origin not allowed');
    }
    const version = url.searchParams.get('version') ?? undefined;
    const userId = url.searchParams.get('userId') ?? undefined;
    if ((version !== undefined && !PARAM.test(version)) || (userId !== undefined && !PARAM.test(userId))) {
      return rejectUpgrade(socket, 400, 'version and userId must be 1 to 64 letters, digits, ".", "_" or "-"');
    }
    if (sessions.count >= config.maxConnections) {
      logger.warn({ connections: sessions.count }, 'connection cap reached');
      return rejectUpgrade(socket, 503, 'Too many connections', 10);
    }
    if (sessions.countFor(key) >= config.maxConnectionsPerAddress) {
      logger.warn({ address }, 'per-address connection cap reached');
      return rejectUpgrade(socket, 429, 'Too many connections from this address', 10);
    }
    // accept() completes synchronously, so no other upgrade can slip past the caps above in between.
    sessions.accept(req, socket, head, { address, key, version, userId });
  }

  // CONNECT (a proxy's method) names nothing here. Without a listener Node drops the socket without a word.
  function connect(_req: IncomingMessage, socket: Duplex): void {
    socket.on('error', () => socket.destroy());
    rejectUpgrade(socket, 405, 'Method not allowed');
  }

  return { loadSite, request, upgrade, connect };
}
