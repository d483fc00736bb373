import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/**
 * The security headers of the site, computed from a build: the one home of the policy. deploy/render-nginx.ts
 * writes them into the nginx config, and the docs-server sends them itself when it serves the site
 * (STATIC_DIR), so `npm start` is as strict as production.
 *
 * The Content-Security-Policy depends on the build: it carries the SHA-256 of every distinct inline script in
 * the built HTML (no 'unsafe-inline' for scripts), allows WebAssembly and a same-origin worker only when the
 * build contains the embedded search (Pagefind), and names the hosted search, analytics and docs-server hosts
 * only when the build was configured with them (the build's connections.json says which).
 */

/**
 * What a site build's browser code connects to beyond its own origin. The build writes it
 * (`connections.json`, by the site's build-connections plugin) from the one reader of the build-time
 * environment, `site/src/buildEnv.ts`; the docs-server and the nginx renderer read it here, so the policy
 * allows exactly what that build was configured with, whatever the environment of the server.
 */
export type BuildConnections = {
  /** The embedded search's loader, relative to the build (e.g. `pagefind/pagefind.js`); '' with hosted search. */
  searchIndex: string;
  /** Algolia application id when the hosted search is configured; '' for the embedded search. */
  algoliaAppId: string;
  /** Where page views are POSTed (ANALYTICS_ENDPOINT); '' for nowhere. */
  analyticsEndpoint: string;
  /** Google Tag Manager container (GTM_CONTAINER_ID); '' for none. */
  gtmContainerId: string;
  /** The docs bot's server when it is not on the page's origin (DOCS_SERVER_URL); '' for the same origin. */
  docsServerUrl: string;
};

export const BUILD_CONNECTIONS_FILE = 'connections.json';

/** A build that does not say (a fixture, or a folder of static pages) connects to nothing beyond its origin. */
export const NO_CONNECTIONS: BuildConnections = {
  searchIndex: '',
  algoliaAppId: '',
  analyticsEndpoint: '',
  gtmContainerId: '',
  docsServerUrl: '',
};

/** The build's connections file, checked; a malformed one throws, naming the file and the field. */
export function readBuildConnections(siteDir: string): BuildConnections {
  const file = path.join(siteDir, BUILD_CONNECTIONS_FILE);
  if (!fs.existsSync(file)) return NO_CONNECTIONS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message}); build the site again`);
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  const connections = { ...NO_CONNECTIONS };
  for (const key of Object.keys(NO_CONNECTIONS) as (keyof BuildConnections)[]) {
    const value = record[key] ?? '';
    if (typeof value !== 'string') throw new Error(`${file}: "${key}" must be a string`);
    connections[key] = value;
  }
  if (connections.analyticsEndpoint)
    urlOrThrow(`${file}: analyticsEndpoint`, connections.analyticsEndpoint, ['http:', 'https:']);
  if (connections.docsServerUrl)
    urlOrThrow(`${file}: docsServerUrl`, connections.docsServerUrl, ['ws:', 'wss:', 'http:', 'https:']);
  return connections;
}

/** The hosts of the policy: the build's connections and where "Try it" may send operations. */
export type CspHosts = Omit<BuildConnections, 'searchIndex'> & {
  /**
   * Where the GraphiQL "Try it" editor may send operations: the reader's own engine, on any https host or
   * on their machine (CSP_GRAPHQL_ENDPOINTS, a setting of the server, not of the build). From an https page
   * browsers block other plain-http hosts anyway (mixed content).
   */
  graphqlEndpoints: string[];
};

export const DEFAULT_GRAPHQL_ENDPOINTS = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

type Env = Record<string, string | undefined>;

/** CSP_GRAPHQL_ENDPOINTS: comma-separated sources; the defaults when unset. */
export function graphqlEndpointsFromEnv(env: Env): string[] {
  const items = (env.CSP_GRAPHQL_ENDPOINTS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : DEFAULT_GRAPHQL_ENDPOINTS;
}

function urlOrThrow(name: string, value: string, protocols: string[]): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !protocols.includes(url.protocol)) {
    throw new Error(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL, got "${value}"`);
  }
  return value;
}

// Script types a browser executes (and so checks against script-src); any other type is a data block
// such as the pages' application/ld+json, which CSP does not govern.
const EXECUTABLE_SCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** Every HTML file of the build, relative to it. */
function htmlFiles(siteDir: string): string[] {
  return (fs.readdirSync(siteDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'));
}

/** 'sha256-…' sources for every distinct inline script of the build, sorted. */
export function inlineScriptHashes(siteDir: string): string[] {
  const hashes = new Set<string>();
  let script: string | undefined; // the text of the executable inline script being read
  // A streaming parser (no DOM): a full build has hundreds of pages and the docs-server reads them at start.
  const parser = new Parser({
    onopentag(name, attributes) {
      const type = (attributes.type ?? '').trim().toLowerCase();
      if (name === 'script' && attributes.src === undefined && EXECUTABLE_SCRIPT_TYPES.has(type)) script = '';
    },
    ontext(text) {
      if (script !== undefined) script += text;
    },
    onclosetag(name) {
      if (name !== 'script' || script === undefined) return;
      // Browsers hash the script text as parsed, and HTML parsing turns CR LF and lone CR into LF.
      const text = script.replace(/\r\n?/g, '\n');
      hashes.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
      script = undefined;
    },
  });
  for (const file of htmlFiles(siteDir)) {
    parser.reset();
    script = undefined;
    parser.end(fs.readFileSync(path.join(siteDir, file), 'utf8'));
  }
  return [...hashes].sort();
}

/** True when the build says it has the embedded search, and its loader is there. */
export function hasEmbeddedSearch(siteDir: string): boolean {
  return embeddedSearchIn(siteDir, readBuildConnections(siteDir));
}

function embeddedSearchIn(siteDir: string, { searchIndex }: BuildConnections): boolean {
  return searchIndex !== '' && fs.existsSync(path.join(siteDir, searchIndex));
}

const unique = (values: string[]) => [...new Set(values)];

/** The Content-Security-Policy for a build with these inline scripts and hosts. */
export function contentSecurityPolicy(scriptHashes: string[], embeddedSearch: boolean, hosts: CspHosts): string {
  const script = ["'self'", ...scriptHashes];
  const connect = ["'self'"];
  const img = ["'self'", 'data:'];
  if (embeddedSearch) script.push("'wasm-unsafe-eval'");
  if (hosts.algoliaAppId) {
    const id = hosts.algoliaAppId.toLowerCase();
    connect.push(`https://${id}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`));
  }
  if (hosts.analyticsEndpoint) connect.push(new URL(hosts.analyticsEndpoint).origin);
  // The widget turns an http(s) DOCS_SERVER_URL into ws(s), as the websocket needs.
  if (hosts.docsServerUrl) connect.push(new URL(hosts.docsServerUrl.replace(/^http/i, 'ws')).origin);
  if (hosts.gtmContainerId) {
    // The tag manager itself and Google Analytics 4, the tag it usually loads. Other tags added in the
    // container need their hosts here too.
    script.push('https://www.googletagmanager.com');
    const google = ['https://*.googletagmanager.com', 'https://*.google-analytics.com'];
    connect.push(...google, 'https://*.analytics.google.com');
    img.push(...google);
  }
  connect.push(...hosts.graphqlEndpoints);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', unique(script)],
    // Inline styles are allowed: Prism puts its token colours in style attributes, and "Try it" inserts
    // GraphiQL's stylesheet as a <style> element. Scripts, the dangerous part, stay hash-locked.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(img)],
    ['font-src', ["'self'"]],
    // 'self' also covers the docs bot's same-origin ws:/wss: connection.
    ['connect-src', unique(connect)],
    ...(embeddedSearch ? ([['worker-src', ["'self'"]]] as [string, string[]][]) : []),
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Every security header of the site, in the order they are sent, for a policy. */
export function securityHeaders(csp: string): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    ],
  ];
}

/** The security headers for one build: its inline scripts and its connections, and the "Try it" endpoints. */
export function securityHeadersForBuild(
  siteDir: string,
  graphqlEndpoints: string[] = DEFAULT_GRAPHQL_ENDPOINTS,
): [name: string, value: string][] {
  const connections = readBuildConnections(siteDir);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { searchIndex, ...hosts } = connections;
  const embedded = embeddedSearchIn(siteDir, connections);
  return securityHeaders(contentSecurityPolicy(inlineScriptHashes(siteDir), embedded, { ...hosts, graphqlEndpoints }));
}
