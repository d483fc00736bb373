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
 * only when the build was configured with them.
 */

/** Hosts the site's browser code talks to beyond its own origin, as configured for the build. */
export type CspHosts = {
  /** Algolia application id when the hosted search is configured; '' for the embedded search. */
  algoliaAppId: string;
  /** Where page views are POSTed (ANALYTICS_ENDPOINT); '' for nowhere. */
  analyticsEndpoint: string;
  /** Google Tag Manager container (GTM_CONTAINER_ID); '' for none. */
  gtmContainerId: string;
  /** The docs bot's server when it is not on the page's origin (DOCS_SERVER_URL); '' for the same origin. */
  docsServerUrl: string;
  /**
   * Where the GraphiQL "Try it" editor may send operations: the reader's own engine, on any https host or
   * on their machine. From an https page browsers block other plain-http hosts anyway (mixed content).
   */
  graphqlEndpoints: string[];
};

export const DEFAULT_GRAPHQL_ENDPOINTS = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

/** The variables that configure the build's hosted search (site/src/plugins/search/config.ts). */
export const HOSTED_SEARCH_ENV = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;

/** Folder of the embedded search index in the build (site/src/plugins/search/paths.ts). */
export const SEARCH_INDEX_DIR = 'pagefind';

type Env = Record<string, string | undefined>;

function list(raw: string | undefined, fallback: string[]): string[] {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : fallback;
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

/**
 * The hosts from the same variables the site build reads (README "Configuration at build time"), so a server
 * started with the build's environment allows what the build uses. The site's own readers check these
 * values more strictly at build time; this only refuses what would make the policy wrong.
 */
export function cspHostsFromEnv(env: Env): CspHosts {
  const hosted = HOSTED_SEARCH_ENV.every((name) => env[name]?.trim());
  const analytics = env.ANALYTICS_ENDPOINT?.trim() ?? '';
  const docsServer = env.DOCS_SERVER_URL?.trim() ?? '';
  return {
    algoliaAppId: hosted ? env.ALGOLIA_APP_ID!.trim() : '',
    analyticsEndpoint: analytics && urlOrThrow('ANALYTICS_ENDPOINT', analytics, ['http:', 'https:']),
    gtmContainerId: env.GTM_CONTAINER_ID?.trim() ?? '',
    docsServerUrl: docsServer && urlOrThrow('DOCS_SERVER_URL', docsServer, ['ws:', 'wss:', 'http:', 'https:']),
    graphqlEndpoints: list(env.CSP_GRAPHQL_ENDPOINTS, DEFAULT_GRAPHQL_ENDPOINTS),
  };
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

/** True when the build contains the embedded search index and its loader. */
export function hasEmbeddedSearch(siteDir: string): boolean {
  return fs.existsSync(path.join(siteDir, SEARCH_INDEX_DIR, 'pagefind.js'));
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

/** The security headers for one build and its hosts. */
export function securityHeadersForBuild(siteDir: string, hosts: CspHosts): [name: string, value: string][] {
  return securityHeaders(contentSecurityPolicy(inlineScriptHashes(siteDir), hasEmbeddedSearch(siteDir), hosts));
}
