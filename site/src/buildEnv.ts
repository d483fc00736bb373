// The build-time environment (README "Configuration at build time"), read in Node only: the one reader of
// ALGOLIA_*, DOCS_SERVER_URL, ANALYTICS_ENDPOINT and GTM_CONTAINER_ID. docusaurus.config.ts configures the build
// from it and deploy/render-nginx.ts checks a deployment's environment with it, so both refuse the same values.
// The browser gets the results through the plugins' options and customFields; browser code imports only types.

type Env = Record<string, string | undefined>;

/** With all three set, the search dialog and page query the hosted index; with none, the embedded one. */
export const HOSTED_SEARCH_ENV = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;

export type SearchBackend = { mode: 'hosted'; appId: string; apiKey: string; indexName: string } | { mode: 'embedded' };

/** The search backend: hosted (Algolia) or the embedded Pagefind index; some but not all ALGOLIA_* set is an error. */
export function searchBackendFromEnv(env: Env): SearchBackend {
  const missing = HOSTED_SEARCH_ENV.filter((name) => !env[name]?.trim());
  if (missing.length === HOSTED_SEARCH_ENV.length) return { mode: 'embedded' };
  if (missing.length > 0) {
    throw new Error(
      `Hosted search is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. ` +
        `Set all of ${HOSTED_SEARCH_ENV.join(', ')} to use the hosted index, or none of them to use the embedded one.`,
    );
  }
  return {
    mode: 'hosted',
    appId: env.ALGOLIA_APP_ID!.trim(),
    apiKey: env.ALGOLIA_SEARCH_API_KEY!.trim(),
    indexName: env.ALGOLIA_INDEX_NAME!.trim(),
  };
}

/** Options of the analytics plugin. With nothing set no request leaves the browser; views still land in window.dataLayer. */
export type AnalyticsOptions = {
  /** Where page views are POSTed as JSON (navigator.sendBeacon); empty = nowhere. */
  endpoint: string;
  /** Google Tag Manager container id (GTM-XXXX); empty = no tag manager is loaded. */
  gtmContainerId: string;
};

const GTM_ID = /^GTM-[A-Z0-9]+$/;

export function analyticsOptionsFromEnv(env: Env): AnalyticsOptions {
  const endpoint = (env.ANALYTICS_ENDPOINT ?? '').trim();
  const gtmContainerId = (env.GTM_CONTAINER_ID ?? '').trim();
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new Error(`ANALYTICS_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  if (gtmContainerId && !GTM_ID.test(gtmContainerId)) {
    throw new Error(`GTM_CONTAINER_ID must look like GTM-XXXXXXX, got "${gtmContainerId}"`);
  }
  return { endpoint, gtmContainerId };
}

/** Where the docs assistant connects (DOCS_SERVER_URL); '' for the page's own origin. */
export function docsServerUrlFromEnv(env: Env): string {
  const value = env.DOCS_SERVER_URL?.trim() ?? '';
  if (value === '') return '';
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(
      `DOCS_SERVER_URL must be a ws://, wss://, http:// or https:// URL without query, such as ` +
        `wss://example.com/docs-services/docs-server; got "${value}"`,
    );
  }
  return value;
}

export type BuildEnv = { search: SearchBackend; analytics: AnalyticsOptions; docsServerUrl: string };

/** Everything the build reads from the environment; an invalid value throws, naming the variable. */
export function readBuildEnv(env: Env): BuildEnv {
  return {
    search: searchBackendFromEnv(env),
    analytics: analyticsOptionsFromEnv(env),
    docsServerUrl: docsServerUrlFromEnv(env),
  };
}
