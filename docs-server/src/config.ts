import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from 'proxy-addr';
import { MAX_FRAME_BYTES } from './protocol.js';
import { graphqlEndpointsFromEnv } from './security-headers.js';

/** Everything the server reads from the environment. README.md lists each variable. */
export interface Config {
  host: string;
  port: number;
  /** Exact origins allowed to open the websocket; ['*'] allows any. */
  allowedOrigins: string[];
  corpusPath: string;
  /** Where the "try searching" link points (the site's search page). */
  searchUrl: string;
  maxFrameBytes: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /**
   * The reverse proxies whose X-Forwarded-For is believed: addresses, CIDR ranges or proxy-addr's names
   * (loopback, linklocal, uniquelocal). Empty: the peer's own address is the client's.
   */
  trustProxy: string[];
  /** Query and feedback frames per connection. */
  rateLimitBurst: number;
  rateLimitPerMinute: number;
  /** Query and feedback frames per client address, whatever the connection: a reconnect does not reset it. */
  addressRateLimitBurst: number;
  addressRateLimitPerMinute: number;
  /** Websocket connection attempts per client address. */
  connectRateLimitBurst: number;
  connectRateLimitPerMinute: number;
  /** Malformed frames per client address; past this the connection is closed (1008). */
  badFrameLimitBurst: number;
  badFrameLimitPerMinute: number;
  /** Client addresses whose budgets are remembered at most (least recently seen forgotten first). */
  maxTrackedAddresses: number;
  maxInFlightPerConnection: number;
  heartbeatIntervalMs: number;
  shutdownGraceMs: number;
  /** Pause between streamed chunks of a composed answer; 0 only yields to other clients. */
  chunkDelayMs: number;
  llm: LlmConfig | undefined;
  logLevel: string;
  /** A production build of the site to serve as well (one origin for pages and bot); unset: none. */
  staticDir: string | undefined;
  /** The site's base path, under which staticDir is served. */
  staticBasePath: string;
  /**
   * Where GraphiQL's "Try it" may send operations (CSP_GRAPHQL_ENDPOINTS), for the Content-Security-Policy sent
   * with the site; the other hosts of the policy come from the build itself (its connections.json).
   */
  graphqlEndpoints: string[];
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Longest wait for the response to start and between streamed pieces. */
  timeoutMs: number;
  maxTokens: number;
}

// The package folder (parent of src/ or dist/): the default corpus path is relative to it,
// so the server finds the site build whatever directory it is started from.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_CORPUS_PATH = resolve(packageDir, '../site/build/docs-corpus.json');

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  }
  return value;
}

/** TRUST_PROXY: a list for proxy-addr, checked now so that a typo stops the server at start. */
function trustedProxies(env: Env): string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw.toLowerCase() === 'false') return [];
  // Trusting every peer would let any client that reaches the server directly choose its address.
  if (['true', 'yes', '1', '*'].includes(raw.toLowerCase())) {
    throw new Error(
      `TRUST_PROXY lists the proxies to trust (addresses or CIDR ranges, e.g. 127.0.0.1 or 10.0.0.0/8, or ` +
        `loopback), not "${raw}"`,
    );
  }
  const proxies = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(proxies);
  } catch (err) {
    throw new Error(`TRUST_PROXY: ${(err as Error).message}`);
  }
  return proxies;
}

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? fallback : raw;
}

/** Reads the configuration; throws with the variable's name when a value is invalid. */
export function loadConfig(env: Env = process.env): Config {
  const llmBaseUrl = env.LLM_BASE_URL?.trim();
  let llm: LlmConfig | undefined;
  if (llmBaseUrl) {
    const model = env.LLM_MODEL?.trim();
    if (!model) throw new Error('LLM_MODEL must be set when LLM_BASE_URL is set');
    llm = {
      baseUrl: llmBaseUrl.replace(/\/+$/, ''),
      apiKey: env.LLM_API_KEY?.trim() ?? '',
      model,
      timeoutMs: integer(env, 'LLM_TIMEOUT_MS', 15_000, 1),
      maxTokens: integer(env, 'LLM_MAX_TOKENS', 700, 1),
    };
  }
  const corpus = env.CORPUS_PATH?.trim();
  const staticDir = env.STATIC_DIR?.trim();
  const staticBasePath = text(env, 'STATIC_BASE_PATH', '/docs/2.0/');
  if (!/^\/([^/?#\s]+\/)*$/.test(staticBasePath)) {
    throw new Error(`STATIC_BASE_PATH must start and end with "/", like /docs/2.0/, got "${staticBasePath}"`);
  }
  return {
    host: text(env, 'HOST', '127.0.0.1'),
    port: integer(env, 'PORT', 8090),
    allowedOrigins: text(env, 'ALLOWED_ORIGINS', 'http://localhost:3000,http://127.0.0.1:3000')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    corpusPath: corpus ? resolve(corpus) : DEFAULT_CORPUS_PATH,
    searchUrl: text(env, 'SEARCH_URL', '/docs/2.0/search/'),
    maxFrameBytes: integer(env, 'MAX_FRAME_BYTES', MAX_FRAME_BYTES, 1),
    maxConnections: integer(env, 'MAX_CONNECTIONS', 5000, 1),
    maxConnectionsPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', 20, 1),
    trustProxy: trustedProxies(env),
    rateLimitBurst: integer(env, 'RATE_LIMIT_BURST', 5, 1),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 20, 1),
    addressRateLimitBurst: integer(env, 'ADDRESS_RATE_LIMIT_BURST', 20, 1),
    addressRateLimitPerMinute: integer(env, 'ADDRESS_RATE_LIMIT_PER_MINUTE', 60, 1),
    connectRateLimitBurst: integer(env, 'CONNECT_RATE_LIMIT_BURST', 30, 1),
    connectRateLimitPerMinute: integer(env, 'CONNECT_RATE_LIMIT_PER_MINUTE', 60, 1),
    badFrameLimitBurst: integer(env, 'BAD_FRAME_LIMIT_BURST', 20, 1),
    badFrameLimitPerMinute: integer(env, 'BAD_FRAME_LIMIT_PER_MINUTE', 60, 1),
    maxTrackedAddresses: integer(env, 'MAX_TRACKED_ADDRESSES', 100_000, 1),
    maxInFlightPerConnection: integer(env, 'MAX_IN_FLIGHT_PER_CONNECTION', 2, 1),
    heartbeatIntervalMs: integer(env, 'HEARTBEAT_INTERVAL_MS', 30_000, 10),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000),
    chunkDelayMs: integer(env, 'CHUNK_DELAY_MS', 0),
    llm,
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    staticDir: staticDir ? resolve(staticDir) : undefined,
    staticBasePath,
    graphqlEndpoints: graphqlEndpointsFromEnv(env),
  };
}
