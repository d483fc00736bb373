import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ClientBudgets } from './client-budget.js';
import type { Config } from './config.js';
import { CorpusStore } from './corpus.js';
import { createHttpHandlers } from './http-handlers.js';
import { createWsSessions } from './ws-sessions.js';

/**
 * The docs server put together: http-handlers.ts answers requests and decides upgrades, ws-sessions.ts runs
 * the websocket connections (and, in startAnswer, hands questions to answer.ts). This file wires them to one
 * HTTP server and orders start and shutdown.
 */

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

export function createDocsServer(config: Config, logger: Logger, store?: CorpusStore): DocsServer {
  const corpus = store ?? new CorpusStore(config.corpusPath, logger);
  // Per client address, outliving connections: the upgrade policy spends connection attempts,
  // the sessions spend questions and refused frames.
  const budgets = new ClientBudgets({
    questions: { burst: config.addressRateLimitBurst, perMinute: config.addressRateLimitPerMinute },
    connections: { burst: config.connectRateLimitBurst, perMinute: config.connectRateLimitPerMinute },
    badFrames: { burst: config.badFrameLimitBurst, perMinute: config.badFrameLimitPerMinute },
    maxClients: config.maxTrackedAddresses,
  });
  const sessions = createWsSessions({ config, logger, corpus, budgets });
  const handlers = createHttpHandlers({ config, logger, corpus, budgets, sessions });
  const http = createServer(handlers.request);
  http.on('upgrade', handlers.upgrade);
  http.on('connect', handlers.connect);
  let shutdownPromise: Promise<void> | undefined;

  async function start(): Promise<number> {
    await handlers.loadSite();
    await corpus.reload();
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(config.port, config.host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    sessions.startHeartbeat();
    const port = (http.address() as AddressInfo).port;
    logger.info({ host: config.host, port, mode: config.llm ? 'llm' : 'composed' }, 'listening');
    return port;
  }

  async function shutdown(): Promise<void> {
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeIdleConnections();
    await sessions.drain();
    // The websockets are closed by now; HTTP requests still in progress end here.
    http.closeAllConnections();
    await closed;
    logger.info('stopped');
  }

  return {
    corpus,
    start,
    reloadCorpus: () => corpus.reload(),
    shutdown: () => (shutdownPromise ??= shutdown()),
    stats: () => ({
      connections: sessions.count,
      addresses: sessions.addresses,
      inFlight: sessions.inFlight,
      draining: sessions.draining,
    }),
  };
}
