// Chooses the search backend at build time. With the three ALGOLIA_* variables set, the search dialog
// and page talk to the hosted service; with none of them, to the embedded Pagefind index that this
// plugin builds after the production build. Setting only some of them is a mistake and fails the build.

export const HOSTED_SEARCH_ENV = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;

export type SearchBackend = { mode: 'hosted'; appId: string; apiKey: string; indexName: string } | { mode: 'embedded' };

export function searchBackendFromEnv(env: Record<string, string | undefined>): SearchBackend {
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
