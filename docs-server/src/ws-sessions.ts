import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { answerQuestion } from './answer.js';
import type { ClientBudgets } from './client-budget.js';
import type { Config } from './config.js';
import type { CorpusStore } from './corpus.js';
import {
  charCount,
  parseClientFrame,
  type ErrorCode,
  type ErrorFrame,
  type FeedbackFrame,
  type QueryFrame,
  type ServerFrame,
} from './protocol.js';
import { TokenBucket } from './rate-limit.js';

/**
 * The websocket side: each connection's session (frames, its rate limits, its answers in flight), and what
 * happens to all of them together (heartbeat, drain). Who may connect is decided before, in http-handlers.ts.
 */

/** A client that stops reading its answers is cut off before its backlog eats memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Who is connecting, as the upgrade policy established it. */
export interface Peer {
  address: string;
  /** What the budgets and the per-address cap count by (see clientKey). */
  key: string;
  version: string | undefined;
  userId: string | undefined;
}

interface Client {
  n: number;
  ws: WebSocket;
  address: string;
  key: string;
  version: string | undefined;
  alive: boolean;
  limiter: TokenBucket;
  /** Answers being written on this connection, by query id. */
  inFlight: Map<string, AbortController>;
}

export interface WsSessions {
  /** True from the start of drain(): no new connections or questions. */
  readonly draining: boolean;
  /** Open connections. */
  readonly count: number;
  /** Open connections of one client key. */
  countFor(key: string): number;
  /** Client keys with a connection open. */
  readonly addresses: number;
  /** Answers being written, over all connections. */
  readonly inFlight: number;
  /** Completes the upgrade and opens a session. Synchronous, so caps checked just before still hold. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, peer: Peer): void;
  startHeartbeat(): void;
  /** Refuses new work, lets answers in flight finish within the grace period, then closes every connection. */
  drain(): Promise<void>;
}

export interface WsSessionsDeps {
  config: Config;
  logger: Logger;
  corpus: CorpusStore;
  /** Shared with the upgrade policy, which spends the connection attempts. */
  budgets: ClientBudgets;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export function createWsSessions({ config, logger, corpus, budgets }: WsSessionsDeps): WsSessions {
  const clients = new Set<Client>();
  /** Open connections by client key. */
  const perAddress = new Map<string, number>();
  const active = new Set<Promise<void>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.maxFrameBytes, perMessageDeflate: false });
  let draining = false;
  let connectionCount = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  function accept(req: IncomingMessage, socket: Duplex, head: Buffer, peer: Peer): void {
    // Without verifyClient, handleUpgrade completes synchronously, so the caps the caller checked
    // cannot be overtaken by another upgrade in between.
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, peer));
  }

  function onConnection(ws: WebSocket, { address, key, version, userId }: Peer) {
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

  /** The one place a question becomes an answer: answer.ts writes it, this streams it and keeps count. */
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

  async function drain(): Promise<void> {
    draining = true;
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
  }

  return {
    get draining() {
      return draining;
    },
    get count() {
      return clients.size;
    },
    countFor: (key) => perAddress.get(key) ?? 0,
    get addresses() {
      return perAddress.size;
    },
    get inFlight() {
      return [...clients].reduce((sum, c) => sum + c.inFlight.size, 0);
    },
    accept,
    startHeartbeat,
    drain,
  };
}
