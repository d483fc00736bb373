import { describe, expect, it } from 'vitest';
import { analyticsOptionsFromEnv, docsServerUrlFromEnv, readBuildEnv, searchBackendFromEnv } from './buildEnv';

describe('searchBackendFromEnv', () => {
  it('no ALGOLIA_* variables: the embedded index', () => {
    expect(searchBackendFromEnv({})).toEqual({ mode: 'embedded' });
    expect(searchBackendFromEnv({ ALGOLIA_APP_ID: '  ' })).toEqual({ mode: 'embedded' });
  });

  it('all three: the hosted service with those credentials', () => {
    expect(
      searchBackendFromEnv({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'docs' }),
    ).toEqual({ mode: 'hosted', appId: 'APP', apiKey: 'key', indexName: 'docs' });
  });

  it('only some: the build fails naming the missing ones', () => {
    expect(() => searchBackendFromEnv({ ALGOLIA_APP_ID: 'APP' })).toThrow(
      'ALGOLIA_SEARCH_API_KEY, ALGOLIA_INDEX_NAME are not set',
    );
    expect(() => searchBackendFromEnv({ ALGOLIA_APP_ID: 'APP', ALGOLIA_INDEX_NAME: 'docs' })).toThrow(
      'ALGOLIA_SEARCH_API_KEY is not set',
    );
  });
});

describe('analyticsOptionsFromEnv', () => {
  it('defaults to nothing configured', () => {
    expect(analyticsOptionsFromEnv({})).toEqual({ endpoint: '', gtmContainerId: '' });
  });
  it('reads the endpoint and the container id', () => {
    expect(
      analyticsOptionsFromEnv({ ANALYTICS_ENDPOINT: 'https://a.example/collect', GTM_CONTAINER_ID: 'GTM-AB12' }),
    ).toEqual({
      endpoint: 'https://a.example/collect',
      gtmContainerId: 'GTM-AB12',
    });
  });
  it('rejects malformed values with a clear message', () => {
    expect(() => analyticsOptionsFromEnv({ ANALYTICS_ENDPOINT: 'ftp://x' })).toThrow(
      /ANALYTICS_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => analyticsOptionsFromEnv({ GTM_CONTAINER_ID: 'UA-1' })).toThrow(/GTM_CONTAINER_ID must look like GTM-/);
  });
});

describe('docsServerUrlFromEnv', () => {
  it('is empty when unset and keeps a valid URL', () => {
    expect(docsServerUrlFromEnv({})).toBe('');
    expect(docsServerUrlFromEnv({ DOCS_SERVER_URL: '  ' })).toBe('');
    expect(docsServerUrlFromEnv({ DOCS_SERVER_URL: 'wss://hasura.io/docs-services/docs-server' })).toBe(
      'wss://hasura.io/docs-services/docs-server',
    );
  });

  it.each(['hasura.io/bot', 'ftp://hasura.io', 'wss://hasura.io/x?y=1'])('refuses %s with a clear message', (value) => {
    expect(() => docsServerUrlFromEnv({ DOCS_SERVER_URL: value })).toThrow(/DOCS_SERVER_URL must be a ws:\/\//);
  });
});

describe('readBuildEnv', () => {
  it('reads every variable, and refuses the first invalid one', () => {
    expect(readBuildEnv({})).toEqual({
      search: { mode: 'embedded' },
      analytics: { endpoint: '', gtmContainerId: '' },
      docsServerUrl: '',
    });
    expect(() => readBuildEnv({ DOCS_SERVER_URL: 'ftp://hasura.io' })).toThrow(/DOCS_SERVER_URL/);
  });
});
