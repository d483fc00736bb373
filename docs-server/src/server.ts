import { existsSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import proxyAddr from 'proxy-addr';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { answerQuestion } from './answer.js';
import { ClientBudgets, clientKey } from './client-budget.js';
import type { Config } from './config.js';
import { CorpusStore } from './corpus.js';
import {
  charCount,
  parseClientFrame,
  PROTOCOL_VERSION,
  type ErrorCode,
  type ErrorFrame,
  type FeedbackFrame,
  type QueryFrame,
  type ServerFrame,
} from './protocol.js';
import { TokenBucket } from './rate-limit.js';
import { parseRequestTarget } from './request-target.js';
import { cspHostsFromEnv, securityHeadersForBuild } from './security-headers.js';
import type { StaticHandler } from './static.js';

export const HEALTH_PATHS = new Set(['/docs-services/docs-server/health', '/health']);
export const BOT_PATHS = new Set(['/docs-services/docs-server/bot/query', '/bot/query']);

/** A client that stops reading its answers is cut off before its backlog eats memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** `version` and `userId` are labels for logs: short, plain tokens only. */
const PARAM = /^[\w.-]{1,64}$/;

interface Client {
  n: number;
  ws: WebSocket;
  address: string;
  /** What the budgets and the per-address cap count by (see clientKey). */
  key: string;
  version: string | undefined;
  alive: boolean;
  limiter: TokenBucket;
  /** Answers being written on this connection, by query id. */
  inFlight: Map<string, AbortController>;
}

export interface DocsServer {
  /** Loads the corpus and starts listening; resolves with the port. */
  start(): Promise<number>;
  /** Re-reads the corpus file (what SIGHUP does). */
  reloadCorpus(): Promise<boolean>;
  /** Stops taking connections and questions, finishes answers in flight, then closes. */
  shutdown(): Promise<void>;
  stats(): { connections: number; addresses: number; inFlight: number; draining: boolean };
  readonly corpus: CorpusStore;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

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

function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export function createDocsServer(config: Config, logger: Logger, store?: CorpusStore): DocsServer {
  const corpus = store ?? new CorpusStore(config.corpusPath, logger);
  const clients = new Set<Client>();
  /** Open connections by client key. */
  const perAddress = new Map<string, number>();
  const budgets = new ClientBudgets({
    questions: { burst: config.addressRateLimitBurst, perMinute: config.addressRateLimitPerMinute },
    connections: { burst: config.connectRateLimitBurst, perMinute: config.connectRateLimitPerMinute },
    badFrames: { burst: config.badFrameLimitBurst, perMinute: config.badFrameLimitPerMinute },
    maxClients: config.maxTrackedAddresses,
  });
  const trustProxy = config.trustProxy.length > 0 ? proxyAddr.compile(config.trustProxy) : undefined;
  const active = new Set<Promise<void>>();
  const allowAnyOrigin = config.allowedOrigins.includes('*');
  const allowedOrigins = new Set(config.allowedOrigins.map((o) => o.toLowerCase()));
  let draining = false;
  let shutdownPromise: Promise<void> | undefined;
  let connectionCount = 0;

  /** The site build (STATIC_DIR) and its security headers, as nginx sends them; set by start(). */
  let staticSite: StaticHandler | undefined;
  let siteHeaders: [string, string][] = [];
  const http = createServer(handleRequest);
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.maxFrameBytes, perMessageDeflate: false });
  let heartbeat: NodeJS.Timeout | undefined;

  function handleRequest(req: IncomingMessage, res: ServerResponse): void {
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
        connections: clients.size,
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

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      upgrade(req, socket, head);
    } catch (err) {
      logger.error({ err: (err as Error).message, url: req.url }, 'upgrade handling failed');
      if (socket.writable) rejectUpgrade(socket, 500, 'Internal error');
      else socket.destroy();
    }
  });

  // CONNECT (a proxy's method) names nothing here. Without a listener Node drops the socket without a word.
  http.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    rejectUpgrade(socket, 405, 'Method not allowed');
  });

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = parseRequestTarget(req.url);
    if (!url) return rejectUpgrade(socket, 400, 'Bad request target');
    if (!BOT_PATHS.has(url.pathname)) return rejectUpgrade(socket, 404, 'Not found');
    if (draining) return rejectUpgrade(socket, 503, 'The docs server is restarting', 5);
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
    if (clients.size >= config.maxConnections) {
      logger.warn({ connections: clients.size }, 'connection cap reached');
      return rejectUpgrade(socket, 503, 'Too many connections', 10);
    }
    if ((perAddress.get(key) ?? 0) >= config.maxConnectionsPerAddress) {
      logger.warn({ address }, 'per-address connection cap reached');
      return rejectUpgrade(socket, 429, 'Too many connections from this address', 10);
    }
    // Without verifyClient, handleUpgrade completes synchronously, so the caps above
    // cannot be overtaken by another upgrade in between.
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, address, key, version, userId));
  }

  function onConnection(
    ws: WebSocket,
    address: string,
    key: string,
    version: string | undefined,
    userId: string | undefined,
  ) {
    const client: Client = {
      n: ++connectionCount,
      ws,
      address,
      key,
      version,
      alive: true,
      limiter: new TokenBucket(config.rateLimitBurst, config.rateLimitPerMinute),
      inFlight: new Map(),
    };
    clients.add(client);
    perAddress.set(key, (perAddress.get(key) ?? 0) + 1);
    logger.info({ conn: client.n, address, version }, 'connection opened');
    logger.debug({ conn: client.n, userId }, 'connection user');

    ws.on('pong', () => (client.alive = true));
    ws.on('message', (data, isBinary) => {
      try {
        onFrame(client, data, isBinary);
      } catch (err) {
        // A bug in handling one frame must not take the server down with it.
        logger.error({ conn: client.n, err: (err as Error).message }, 'frame handling failed');
        sendError(client, undefined, 'unavailable', 'Something went wrong; please try again.');
      }
    });
    // ws reports protocol errors here (oversized frame → it closes with 1009, bad UTF-8 → 1007).
    ws.on('error', (err: Error & { code?: string }) => {
      logger.info({ conn: client.n, code: err.code, err: err.message }, 'connection error');
    });
    ws.on('close', (code) => {
      clients.delete(client);
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
      for (const controller of client.inFlight.values()) controller.abort();
      logger.info({ conn: client.n, code }, 'connection closed');
    });
  }

  function send(client: Client, frame: ServerFrame): void {
    const { ws } = client;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      logger.warn({ conn: client.n }, 'client is not reading; closing');
      ws.terminate();
      return;
    }
    ws.send(JSON.stringify(frame));
  }

  function sendError(client: Client, id: string | undefined, code: ErrorCode, message: string, retryAfterMs?: number) {
    const frame: ErrorFrame = { type: 'error', code, message };
    if (id !== undefined) frame.id = id;
    if (retryAfterMs !== undefined) frame.retryAfterMs = retryAfterMs;
    send(client, frame);
  }

  /**
   * Answers a frame with an error. Errors are cheap, but a client that keeps sending frames that are refused
   * runs out of its budget for them, and its connection is closed instead (1008).
   */
  function refuse(client: Client, id: string | undefined, code: ErrorCode, message: string, retryAfterMs?: number) {
    if (budgets.get(client.key).badFrames.take() > 0) {
      logger.warn({ conn: client.n, address: client.address }, 'too many refused frames; closing');
      client.ws.close(1008, 'too many refused frames');
      return;
    }
    sendError(client, id, code, message, retryAfterMs);
  }

  function onFrame(client: Client, data: RawData, isBinary: boolean): void {
    client.alive = true;
    if (client.ws.readyState !== WebSocket.OPEN) return; // closing: frames still buffered are not answered
    if (isBinary) {
      return refuse(client, undefined, 'bad_request', 'Binary frames are not supported; send JSON text frames.');
    }
    const parsed = parseClientFrame(frameText(data));
    if (!parsed.ok) return refuse(client, parsed.id, parsed.code, parsed.message);
    const frame = parsed.frame;
    if (draining) {
      return sendError(client, frame.id, 'unavailable', 'The docs server is restarting; ask again in a moment.');
    }
    if (frame.type === 'query') {
      if (client.inFlight.has(frame.id)) {
        return refuse(client, frame.id, 'bad_request', 'A query with this id is already being answered.');
      }
      if (client.inFlight.size >= config.maxInFlightPerConnection) {
        return refuse(client, frame.id, 'rate_limited', 'Wait for the current answer to finish.', 1000);
      }
    }
    // The connection's allowance and the client's, which a new connection does not reset; both must allow.
    // The client's budget is looked up on each use (not kept): that keeps it alive while it is in use.
    const budget = budgets.get(client.key).questions;
    const wait = Math.max(client.limiter.wait(), budget.wait());
    if (wait > 0) return refuse(client, frame.id, 'rate_limited', 'Too many messages; slow down.', wait);
    client.limiter.take();
    budget.take();
    if (frame.type === 'feedback') return onFeedback(client, frame);
    startAnswer(client, frame);
  }

  function onFeedback(client: Client, frame: FeedbackFrame): void {
    const commentChars = frame.comment === undefined ? 0 : charCount(frame.comment);
    logger.info({ conn: client.n, id: frame.id, rating: frame.rating, commentChars }, 'feedback');
    // Readers' words stay out of info logs, like their questions.
    if (frame.comment) logger.debug({ conn: client.n, id: frame.id, comment: frame.comment }, 'feedback comment');
    send(client, { type: 'ack', id: frame.id });
  }

  function startAnswer(client: Client, frame: QueryFrame): void {
    const loaded = corpus.current;
    if (!loaded) {
      return sendError(client, frame.id, 'unavailable', 'The docs are not loaded on the server yet; try again later.');
    }
    const controller = new AbortController();
    const { signal } = controller;
    client.inFlight.set(frame.id, controller);
    const started = performance.now();
    logger.debug({ conn: client.n, id: frame.id, question: frame.question }, 'question');

    const sink = {
      chunk: async (text: string) => {
        if (signal.aborted) throw new Error('connection closed');
        send(client, { type: 'chunk', id: frame.id, text });
        await pause(config.chunkDelayMs);
      },
      sources: (sources: { title: string; url: string }[]) => send(client, { type: 'sources', id: frame.id, sources }),
    };

    const task = answerQuestion(frame, loaded, config, logger, signal, sink)
      .then((info) => {
        if (signal.aborted) return;
        send(client, { type: 'done', id: frame.id });
        logger.info(
          {
            conn: client.n,
            id: frame.id,
            version: client.version,
            questionChars: charCount(frame.question),
            historyTurns: frame.history?.length ?? 0,
            ...info,
            topScore: Math.round(info.topScore * 100) / 100,
            ms: Math.round(performance.now() - started),
          },
          'answered',
        );
      })
      .catch((err: Error) => {
        if (signal.aborted) return;
        logger.error({ conn: client.n, id: frame.id, err: err.message }, 'answer failed');
        sendError(client, frame.id, 'unavailable', 'Something went wrong while answering; please try again.');
      })
      .finally(() => {
        client.inFlight.delete(frame.id);
        active.delete(task);
        // While draining, a connection closes as soon as its last answer is out.
        if (draining && client.inFlight.size === 0) client.ws.close(1001, 'server shutting down');
      });
    active.add(task);
  }

  function startHeartbeat(): void {
    heartbeat = setInterval(() => {
      for (const client of clients) {
        if (!client.alive) {
          logger.info({ conn: client.n }, 'no pong; closing dead connection');
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
    }, config.heartbeatIntervalMs);
    heartbeat.unref();
  }

  async function start(): Promise<number> {
    if (config.staticDir && !existsSync(`${config.staticDir}/index.html`)) {
      throw new Error(`STATIC_DIR ${config.staticDir} holds no site build (no index.html); build the site first`);
    }
    if (config.staticDir) {
      // Loaded only to serve the site (send and compression take a few hundred ms): the bot alone starts faster.
      const { createStaticHandler } = await import('./static.js');
      siteHeaders = securityHeadersForBuild(config.staticDir, config.cspHosts ?? cspHostsFromEnv({}));
      staticSite = createStaticHandler(config.staticDir, config.staticBasePath, {
        onError: (err, path) => logger.error({ err: err.message, path }, 'static file failed'),
      });
    }
    await corpus.reload();
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(config.port, config.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    startHeartbeat();
    const port = (http.address() as AddressInfo).port;
    logger.info({ host: config.host, port, mode: config.llm ? 'llm' : 'composed' }, 'listening');
    return port;
  }

  async function drain(): Promise<void> {
    draining = true;
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeIdleConnections();
    logger.info({ connections: clients.size, answering: active.size }, 'draining');
    for (const client of clients) {
      if (client.inFlight.size === 0) client.ws.close(1001, 'server shutting down');
    }
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, config.shutdownGraceMs)));
    await Promise.race([Promise.allSettled([...active]), grace]);
    clearTimeout(graceTimer);
    if (active.size > 0) logger.warn({ answering: active.size }, 'grace period over; cutting answers short');
    for (const client of clients) {
      for (const controller of client.inFlight.values()) controller.abort();
      client.ws.close(1001, 'server shutting down');
    }
    // Peers get a moment to complete the closing handshake, then the sockets go.
    const deadline = Date.now() + 2000;
    while (clients.size > 0 && Date.now() < deadline) await pause(20);
    for (const client of clients) client.ws.terminate();
    clearInterval(heartbeat);
    http.closeAllConnections();
    await closed;
    logger.info('stopped');
  }

  return {
    corpus,
    start,
    reloadCorpus: () => corpus.reload(),
    shutdown: () => (shutdownPromise ??= drain()),
    stats: () => ({
      connections: clients.size,
      addresses: perAddress.size,
      inFlight: [...clients].reduce((sum, c) => sum + c.inFlight.size, 0),
      draining,
    }),
  };
}
