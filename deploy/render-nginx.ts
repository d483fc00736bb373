// Renders deploy/nginx.conf for one build and one environment (deploy/README.md lists the variables):
//   npx tsx deploy/render-nginx.ts [--out <file>]
// The Content-Security-Policy is computed here because it depends on the build: it carries the SHA-256 of
// every distinct inline script in the built HTML (no 'unsafe-inline' for scripts), allows WebAssembly and
// a same-origin worker only when the build contains the embedded search (Pagefind), and names the hosted
// search, analytics and docs-server hosts only when the build was configured with them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { BASE_URL } from '../site/src/constants';
import { docsServerUrlFromEnv } from '../site/src/components/DocsBot/connection';
import { analyticsOptionsFromEnv } from '../site/src/plugins/analytics/options';
import { searchBackendFromEnv } from '../site/src/plugins/search/config';
import { INDEX_DIR } from '../site/src/plugins/search/paths';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const TEMPLATE_PATH = path.join(HERE, 'nginx.conf');
export const DEFAULT_SITE_DIR = path.resolve(HERE, '../site/build');
/** Where Debian's libnginx-mod-http-brotli-filter puts the module. */
export const BROTLI_MODULE_PATH = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

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

export type RenderOptions = CspHosts & {
  /** The production build (site/build): its files are served, its HTML gives the script hashes. */
  siteDir: string;
  /** nginx `listen` values, e.g. ['80', '[::]:80']. */
  listen: string[];
  serverName: string;
  /** docs-server addresses (host:port), one upstream server each. */
  docsServers: string[];
  /** Compress with brotli too; needs the ngx_brotli filter module loaded by the main config. */
  brotli: boolean;
};

export const DEFAULT_GRAPHQL_ENDPOINTS = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

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
  for (const file of htmlFiles(siteDir)) {
    const $ = cheerio.load(fs.readFileSync(path.join(siteDir, file), 'utf8'), { xml: { xmlMode: false } });
    $('script:not([src])').each((_, element) => {
      const type = ($(element).attr('type') ?? '').trim().toLowerCase();
      if (!EXECUTABLE_SCRIPT_TYPES.has(type)) return;
      // Browsers hash the script text as parsed, and HTML parsing turns CR LF and lone CR into LF.
      const text = $(element).text().replace(/\r\n?/g, '\n');
      hashes.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    });
  }
  return [...hashes].sort();
}

/** True when the build contains the embedded search index and its loader. */
export function hasEmbeddedSearch(siteDir: string): boolean {
  return fs.existsSync(path.join(siteDir, INDEX_DIR, 'pagefind.js'));
}

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
    // Inline styles are allowed: Prism puts its token colours in style attributes, DocSearch's Algolia
    // logo carries a <style> element, and "Try it" inserts GraphiQL's stylesheet as one. Scripts, the
    // dangerous part, stay hash-locked.
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

const unique = (values: string[]) => [...new Set(values)];

// Values written into the config must not be able to end a directive or open a block.
function safe(name: string, value: string): string {
  if (!value || /[;{}"'\s]/.test(value)) throw new Error(`${name}: "${value}" is not a valid nginx value`);
  return value;
}

/** The final nginx config: the template with every {{…}} filled in. */
export function renderNginxConfig(options: RenderOptions, template = fs.readFileSync(TEMPLATE_PATH, 'utf8')): string {
  const siteDir = path.resolve(options.siteDir);
  for (const page of ['index.html', '404.html']) {
    if (!fs.existsSync(path.join(siteDir, page))) {
      throw new Error(`${siteDir} has no ${page}: build the site first (npm run build)`);
    }
  }
  if (!template.includes(`location ${BASE_URL} {`)) {
    throw new Error(`deploy/nginx.conf does not serve the site's base path ${BASE_URL}; update its locations`);
  }
  if (options.docsServers.length === 0) throw new Error('DOCS_SERVERS: at least one docs-server is needed');
  if (options.listen.length === 0) throw new Error('NGINX_LISTEN: at least one address is needed');
  const csp = contentSecurityPolicy(inlineScriptHashes(siteDir), hasEmbeddedSearch(siteDir), options);
  const values: Record<string, string> = {
    LISTEN: options.listen.map((address) => `    listen ${safe('NGINX_LISTEN', address)};`).join('\n'),
    SERVER_NAME: safe('NGINX_SERVER_NAME', options.serverName),
    SITE_DIR: safe('SITE_DIR', siteDir),
    DOCS_SERVERS: options.docsServers
      .map((server) => `    server ${safe('DOCS_SERVERS', server)} max_fails=3 fail_timeout=10s;`)
      .join('\n'),
    CSP: csp,
    BROTLI: options.brotli
      ? [
          '    brotli on;',
          '    brotli_comp_level 5;',
          '    brotli_min_length 256;',
          '    brotli_types text/css text/plain text/xml application/javascript application/json application/xml',
          '                 application/manifest+json image/svg+xml;',
        ].join('\n')
      : '    # brotli: off (no ngx_brotli module; see deploy/README.md)',
  };
  const rendered = template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf: unknown placeholder ${match}`);
    return values[name]!;
  });
  return `# Rendered by deploy/render-nginx.ts from deploy/nginx.conf for ${siteDir}. Do not edit; render again.\n${rendered}`;
}

type Env = Record<string, string | undefined>;

const list = (raw: string | undefined, fallback: string[]) => {
  const items = (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : fallback;
};

function brotliFromEnv(env: Env): boolean {
  const raw = (env.NGINX_BROTLI ?? 'auto').trim().toLowerCase();
  if (raw === 'auto') return fs.existsSync(BROTLI_MODULE_PATH);
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new Error(`NGINX_BROTLI must be auto, on or off, got "${env.NGINX_BROTLI}"`);
}

/** Options from the environment: the deployment's variables plus the build's own (search, analytics). */
export function optionsFromEnv(env: Env = process.env): RenderOptions {
  const analytics = analyticsOptionsFromEnv(env);
  const search = searchBackendFromEnv(env);
  return {
    siteDir: env.SITE_DIR?.trim() || DEFAULT_SITE_DIR,
    listen: list(env.NGINX_LISTEN, ['80']),
    serverName: env.NGINX_SERVER_NAME?.trim() || '_',
    docsServers: list(env.DOCS_SERVERS, ['127.0.0.1:8090']),
    brotli: brotliFromEnv(env),
    algoliaAppId: search.mode === 'hosted' ? safe('ALGOLIA_APP_ID', search.appId) : '',
    analyticsEndpoint: analytics.endpoint,
    gtmContainerId: analytics.gtmContainerId,
    docsServerUrl: docsServerUrlFromEnv(env),
    graphqlEndpoints: list(env.CSP_GRAPHQL_ENDPOINTS, DEFAULT_GRAPHQL_ENDPOINTS).map((source) =>
      safe('CSP_GRAPHQL_ENDPOINTS', source),
    ),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = process.argv.slice(2);
    const outIndex = args.indexOf('--out');
    const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
    if (args.length > 0 && !(args.length === 2 && out)) throw new Error('usage: render-nginx.ts [--out <file>]');
    const options = optionsFromEnv();
    const config = renderNginxConfig(options);
    if (out) fs.writeFileSync(out, config);
    else process.stdout.write(config);
    console.error(
      `render-nginx: ${out ?? 'stdout'}: site ${path.resolve(options.siteDir)}, ` +
        `${options.docsServers.length} docs-server(s), brotli ${options.brotli ? 'on' : 'off'}`,
    );
  } catch (err) {
    console.error(`render-nginx: ${(err as Error).message}`);
    process.exit(1);
  }
}
