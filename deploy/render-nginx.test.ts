// The renderer on small fixture builds: which inline scripts it hashes, the policy it writes for each
// configuration, and the values it refuses. The rendered config itself runs in a real nginx in e2e/nginx.spec.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_GRAPHQL_ENDPOINTS,
  contentSecurityPolicy,
  inlineScriptHashes,
  optionsFromEnv,
  renderNginxConfig,
  type RenderOptions,
} from './render-nginx';
import {
  BUILD_CONNECTIONS_FILE,
  hasEmbeddedSearch,
  readBuildConnections,
  securityHeadersForBuild,
} from 'docs-server/security-headers';
import { readBuildEnv } from 'site/build-env';
import { buildConnections } from '../site/src/plugins/build-connections';

const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const NO_HOSTS = {
  algoliaAppId: '',
  analyticsEndpoint: '',
  gtmContainerId: '',
  docsServerUrl: '',
  graphqlEndpoints: [],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fake build: files by relative path. */
function fixtureBuild(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-nginx-'));
  dirs.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

const page = (body: string) => `<!doctype html><html><head><meta charset=utf-8></head><body>${body}</body></html>`;
const SITE = {
  'index.html': page('<script>boot()</script><script src=/docs/2.0/assets/js/main.1234abcd.js defer></script>'),
  '404.html': page('<script>boot()</script>'),
};

function options(siteDir: string, overrides: Partial<RenderOptions> = {}): RenderOptions {
  return {
    siteDir,
    listen: ['127.0.0.1:8080'],
    serverName: 'docs.example',
    docsServers: ['10.0.0.1:8090', '10.0.0.2:8090'],
    brotli: false,
    graphqlEndpoints: DEFAULT_GRAPHQL_ENDPOINTS,
    ...overrides,
  };
}

describe('inlineScriptHashes', () => {
  it('hashes each distinct executable inline script of every page, and nothing else', () => {
    const dir = fixtureBuild({
      'index.html': page(
        '<script>boot()</script><script type="module">mod()</script><script src="/x.js"></script>' +
          '<script type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
      ),
      'wiki/page/index.html': page('<script>boot()</script><script type="text/javascript">legacy()</script>'),
    });
    expect(inlineScriptHashes(dir)).toEqual([sha('boot()'), sha('mod()'), sha('legacy()')].sort());
  });

  it('hashes the text as a browser parses it: line breaks normalised, entities left alone', () => {
    const dir = fixtureBuild({ 'index.html': page('<script>a()\r\nb()\rc("&amp;")</script>') });
    expect(inlineScriptHashes(dir)).toEqual([sha('a()\nb()\nc("&amp;")')]);
  });
});

describe('contentSecurityPolicy', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  it('allows only the site itself and the given script hashes by default', () => {
    const csp = contentSecurityPolicy([sha('boot()')], false, NO_HOSTS);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", sha('boot()')]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:']);
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'worker-src')).toBeUndefined();
    expect(csp).not.toMatch(/unsafe-eval|wasm-unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('allows WebAssembly and a same-origin worker when the build has the embedded search', () => {
    const csp = contentSecurityPolicy([], true, NO_HOSTS);
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(csp, 'worker-src')).toEqual(["'self'"]);
  });

  it('adds the hosted search, analytics and tag manager hosts only when configured', () => {
    const csp = contentSecurityPolicy([], false, {
      algoliaAppId: 'ABC123',
      analyticsEndpoint: 'https://collect.example.com/v1/views?x=1',
      gtmContainerId: 'GTM-ABCD',
      docsServerUrl: 'https://bot.example.com:8443/docs-services/docs-server',
      graphqlEndpoints: ['https:'],
    });
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://abc123-dsn.algolia.net',
      'https://abc123-1.algolianet.com',
      'https://abc123-2.algolianet.com',
      'https://abc123-3.algolianet.com',
      'https://collect.example.com',
      'wss://bot.example.com:8443',
      'https://*.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https:',
    ]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(directive(csp, 'img-src')).toContain('https://*.google-analytics.com');
  });
});

describe('renderNginxConfig', () => {
  it('fills in every value: listen, upstreams, site folder, policy', () => {
    const dir = fixtureBuild(SITE);
    const config = renderNginxConfig(options(dir));
    expect(config).not.toMatch(/\{\{\w+\}\}/);
    expect(config).toContain('    listen 127.0.0.1:8080;\n');
    expect(config).toContain('server_name docs.example;');
    expect(config).toContain('    server 10.0.0.1:8090 max_fails=3 fail_timeout=10s;\n    server 10.0.0.2:8090');
    expect(config).toContain(`alias ${dir}/;`);
    expect(config).toContain(
      `add_header Content-Security-Policy "default-src 'self'; script-src 'self' ${sha('boot()')};`,
    );
    expect(config).not.toMatch(/^\s*brotli on;/m);
    expect(renderNginxConfig(options(dir, { brotli: true }))).toMatch(/^\s*brotli on;/m);
  });

  it('refuses a folder that is not a build', () => {
    const dir = fixtureBuild({ 'index.html': page('') });
    expect(() => renderNginxConfig(options(dir))).toThrow(/has no 404\.html: build the site first/);
  });

  it('refuses values that would change the config’s structure', () => {
    const dir = fixtureBuild(SITE);
    expect(() => renderNginxConfig(options(dir, { docsServers: ['10.0.0.1:8090; return 200'] }))).toThrow(
      /DOCS_SERVERS: .* is not a valid nginx value/,
    );
    expect(() => renderNginxConfig(options(dir, { serverName: 'a.example { }' }))).toThrow(/NGINX_SERVER_NAME/);
    expect(() => renderNginxConfig(options(dir, { docsServers: [] }))).toThrow(/at least one docs-server/);
  });

  it('refuses a template with a placeholder it does not know', () => {
    const dir = fixtureBuild(SITE);
    expect(() => renderNginxConfig(options(dir), 'location /docs/2.0/ { {{NOPE}} }')).toThrow(/unknown placeholder/);
  });
});

describe('optionsFromEnv', () => {
  it('has production defaults', () => {
    const result = optionsFromEnv({ NGINX_BROTLI: 'off' });
    expect(result).toMatchObject({
      listen: ['80'],
      serverName: '_',
      docsServers: ['127.0.0.1:8090'],
      brotli: false,
      graphqlEndpoints: DEFAULT_GRAPHQL_ENDPOINTS,
    });
  });

  it('reads the deployment’s lists and the "Try it" endpoints', () => {
    const result = optionsFromEnv({
      NGINX_LISTEN: '80, [::]:80',
      DOCS_SERVERS: 'a:1,b:2',
      NGINX_BROTLI: 'on',
      CSP_GRAPHQL_ENDPOINTS: 'https://*.hasura.app',
    });
    expect(result).toMatchObject({
      listen: ['80', '[::]:80'],
      docsServers: ['a:1', 'b:2'],
      brotli: true,
      graphqlEndpoints: ['https://*.hasura.app'],
    });
  });

  it('explains a bad brotli switch', () => {
    expect(() => optionsFromEnv({ NGINX_BROTLI: 'maybe' })).toThrow(/NGINX_BROTLI must be auto, on or off/);
  });
});

describe('one source for the security headers', () => {
  it('writes exactly the headers the docs-server sends for the same build', () => {
    const dir = fixtureBuild(SITE);
    const config = renderNginxConfig(options(dir));
    const written = [...config.matchAll(/^ {4}add_header (\S+) "([^"]*)" always;$/gm)].map((m) => [m[1], m[2]]);
    expect(written).toEqual(securityHeadersForBuild(dir, DEFAULT_GRAPHQL_ENDPOINTS));
    expect(written.map(([name]) => name)).toEqual([
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'X-Frame-Options',
      'Referrer-Policy',
      'Permissions-Policy',
    ]);
  });

  it.each([
    {},
    { ALGOLIA_APP_ID: 'ABC123', ALGOLIA_SEARCH_API_KEY: 'k', ALGOLIA_INDEX_NAME: 'docs' },
    { ANALYTICS_ENDPOINT: 'https://collect.example.com/v1', GTM_CONTAINER_ID: 'GTM-ABCD' },
    { DOCS_SERVER_URL: 'wss://bot.example.com/docs-services/docs-server' },
  ])('takes the hosts from the build, as the build read them from its environment: %o', (env) => {
    const connections = buildConnections(readBuildEnv(env));
    const dir = fixtureBuild({ ...SITE, [BUILD_CONNECTIONS_FILE]: JSON.stringify(connections) });
    expect(readBuildConnections(dir)).toEqual(connections);
    const csp = renderNginxConfig(options(dir));
    if (env.ALGOLIA_APP_ID) expect(csp).toContain('https://abc123-dsn.algolia.net');
    if (env.ANALYTICS_ENDPOINT) expect(csp).toContain('https://collect.example.com');
    if (env.GTM_CONTAINER_ID) expect(csp).toContain('https://www.googletagmanager.com');
    if (env.DOCS_SERVER_URL) expect(csp).toContain('wss://bot.example.com');
    if (Object.keys(env).length === 0)
      expect(csp).not.toMatch(/algolia|collect\.example|googletagmanager|bot\.example/);
  });

  it('allows WebAssembly only when the build says it has the embedded search and its loader is there', () => {
    const embedded = JSON.stringify(buildConnections(readBuildEnv({})));
    const withIndex = fixtureBuild({ ...SITE, [BUILD_CONNECTIONS_FILE]: embedded, 'pagefind/pagefind.js': '' });
    const withoutFile = fixtureBuild({ ...SITE, 'pagefind/pagefind.js': '' });
    const withoutIndex = fixtureBuild({ ...SITE, [BUILD_CONNECTIONS_FILE]: embedded });
    expect([withIndex, withoutFile, withoutIndex].map(hasEmbeddedSearch)).toEqual([true, false, false]);
  });

  it('refuses a malformed connections file, naming it', () => {
    const dir = fixtureBuild({ ...SITE, [BUILD_CONNECTIONS_FILE]: '{"algoliaAppId": 42}' });
    expect(() => renderNginxConfig(options(dir))).toThrow(/connections\.json: "algoliaAppId" must be a string/);
    const notJson = fixtureBuild({ ...SITE, [BUILD_CONNECTIONS_FILE]: '{' });
    expect(() => renderNginxConfig(options(notJson))).toThrow(/is not JSON/);
  });
});
