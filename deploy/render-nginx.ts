// Renders deploy/nginx.conf for one build and one environment (deploy/README.md lists the variables):
//   npx tsx deploy/render-nginx.ts [--out <file>]
// The security headers, the Content-Security-Policy among them, come from the build through
// docs-server/security-headers: the docs-server sends the same ones when it serves the site itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphqlEndpointsFromEnv, securityHeadersForBuild } from 'docs-server/security-headers';
import { BASE_URL } from 'site/constants';

export {
  BUILD_CONNECTIONS_FILE,
  contentSecurityPolicy,
  DEFAULT_GRAPHQL_ENDPOINTS,
  hasEmbeddedSearch,
  inlineScriptHashes,
  type BuildConnections,
  type CspHosts,
} from 'docs-server/security-headers';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const TEMPLATE_PATH = path.join(HERE, 'nginx.conf');
export const DEFAULT_SITE_DIR = path.resolve(HERE, '../site/build');
/** Where Debian's libnginx-mod-http-brotli-filter puts the module. */
export const BROTLI_MODULE_PATH = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

export type RenderOptions = {
  /**
   * The production build (site/build): its files are served, its HTML gives the script hashes and its
   * connections.json the hosts of the policy (hosted search, analytics, tag manager, docs-server).
   */
  siteDir: string;
  /** nginx `listen` values, e.g. ['80', '[::]:80']. */
  listen: string[];
  serverName: string;
  /** docs-server addresses (host:port), one upstream server each. */
  docsServers: string[];
  /** Compress with brotli too; needs the ngx_brotli filter module loaded by the main config. */
  brotli: boolean;
  /** Where GraphiQL's "Try it" may send operations (CSP_GRAPHQL_ENDPOINTS). */
  graphqlEndpoints: string[];
};

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
  const graphqlEndpoints = options.graphqlEndpoints.map((source) => safe('CSP_GRAPHQL_ENDPOINTS', source));
  const headers = securityHeadersForBuild(siteDir, graphqlEndpoints).map(([name, value]) => {
    // add_header takes the value in double quotes; the policy's sources use single quotes only.
    if (/["\\\n]/.test(value)) throw new Error(`${name}: "${value}" cannot be written into the nginx config`);
    return `    add_header ${name} "${value}" always;`;
  });
  const values: Record<string, string> = {
    LISTEN: options.listen.map((address) => `    listen ${safe('NGINX_LISTEN', address)};`).join('\n'),
    SERVER_NAME: safe('NGINX_SERVER_NAME', options.serverName),
    SITE_DIR: safe('SITE_DIR', siteDir),
    DOCS_SERVERS: options.docsServers
      .map((server) => `    server ${safe('DOCS_SERVERS', server)} max_fails=3 fail_timeout=10s;`)
      .join('\n'),
    SECURITY_HEADERS: headers.join('\n'),
    BROTLI: options.brotli
      ? [
          '    brotli on;',
          '    brotli_comp_level 5;',
          '    brotli_min_length 256;',
          '    brotli_types text/css text/plain text/markdown text/xml application/javascript application/json application/xml',
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

/** Options from the deployment's environment; what the build talks to comes from the build itself. */
export function optionsFromEnv(env: Env = process.env): RenderOptions {
  return {
    siteDir: env.SITE_DIR?.trim() || DEFAULT_SITE_DIR,
    listen: list(env.NGINX_LISTEN, ['80']),
    serverName: env.NGINX_SERVER_NAME?.trim() || '_',
    docsServers: list(env.DOCS_SERVERS, ['127.0.0.1:8090']),
    brotli: brotliFromEnv(env),
    graphqlEndpoints: graphqlEndpointsFromEnv(env),
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
