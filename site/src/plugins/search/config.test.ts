import { expect, test } from 'vitest';
import { searchBackendFromEnv } from './config';

test('no ALGOLIA_* variables: the embedded index', () => {
  expect(searchBackendFromEnv({})).toEqual({ mode: 'embedded' });
  expect(searchBackendFromEnv({ ALGOLIA_APP_ID: '  ' })).toEqual({ mode: 'embedded' });
});

test('all three: the hosted service with those credentials', () => {
  expect(
    searchBackendFromEnv({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'docs' }),
  ).toEqual({ mode: 'hosted', appId: 'APP', apiKey: 'key', indexName: 'docs' });
});

test('only some: the build fails naming the missing ones', () => {
  expect(() => searchBackendFromEnv({ ALGOLIA_APP_ID: 'APP' })).toThrow(
    'ALGOLIA_SEARCH_API_KEY, ALGOLIA_INDEX_NAME are not set',
  );
  expect(() => searchBackendFromEnv({ ALGOLIA_APP_ID: 'APP', ALGOLIA_INDEX_NAME: 'docs' })).toThrow(
    'ALGOLIA_SEARCH_API_KEY is not set',
  );
});
