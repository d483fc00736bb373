// @vitest-environment node
// The hosted backend through Algolia's real lite client, against a local HTTP server that answers
// in the search API's shape (POST /1/indexes/*/queries): what is sent (credentials, index,
// contextual filters, attributes and snippets), and that the records come back in the shape the
// embedded backend returns, titled page › heading by the dialog. No request leaves the machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEARCH_SUGGESTIONS, SEARCH_TAGS } from '../settings';
import { contextualFilters } from '../backend';
import { createHostedBackend } from './hostedBackend';
import { groupHits } from './results';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { requests: Array<Record<string, unknown>> };
}

const RECORD = {
  objectID: 'jwt-claims',
  url: 'https://hasura.io/docs/2.0/auth/authentication/jwt/#claims',
  type: 'content',
  hierarchy: {
    lvl0: 'Authentication and Authorization',
    lvl1: 'Authentication with JWT',
    lvl2: 'Claims',
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  },
  content: 'The engine reads the session from the JWT claims.',
  _highlightResult: {
    hierarchy: {
      lvl0: { value: 'Authentication and Authorization', matchLevel: 'none' },
      lvl1: { value: 'Authentication with <mark>JWT</mark>', matchLevel: 'full' },
      lvl2: { value: '<mark>Claims</mark>', matchLevel: 'full' },
    },
  },
  _snippetResult: { content: { value: 'reads the session from the <mark>JWT claims</mark>.' } },
};

let server: http.Server;
let port = 0;
const received: Received[] = [];
let status = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as Received['body'];
      received.push({ url: req.url ?? '', headers: req.headers, body });
      if (status !== 200) {
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"down","status":503}');
        return;
      }
      const results = body.requests.map((r) => {
        const found = String(r.query).includes('jwt') ? [RECORD] : [];
        return {
          hits: found,
          nbHits: found.length,
          nbPages: found.length ? 1 : 0,
          page: 0,
          hitsPerPage: 20,
          query: r.query,
          params: '',
          processingTimeMS: 1,
          exhaustiveNbHits: true,
        };
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const backend = () =>
  createHostedBackend({
    appId: 'TESTAPP',
    apiKey: 'search-only-key',
    indexName: 'hasura-docs',
    hosts: [{ url: `127.0.0.1:${port}`, protocol: 'http', accept: 'readWrite' }],
  });
const FILTERS = contextualFilters('en', [SEARCH_TAGS.docs]);

test('sends the query with the credentials, the index and the contextual filters', async () => {
  received.length = 0;
  await backend().search({ query: 'jwt claims', hitsPerPage: 12, facetFilters: FILTERS });
  expect(received).toHaveLength(1);
  const [{ url, headers, body }] = received as [Received];
  expect(url).toMatch(/^\/1\/indexes\/\*\/queries/);
  const credentials = `${url} ${headers['x-algolia-application-id']} ${headers['x-algolia-api-key']}`;
  expect(credentials).toContain('TESTAPP');
  expect(credentials).toContain('search-only-key');
  expect(body.requests).toHaveLength(1);
  expect(body.requests[0]).toMatchObject({
    indexName: 'hasura-docs',
    query: 'jwt claims',
    hitsPerPage: 12,
    page: 0,
    facetFilters: ['language:en', [`docusaurus_tag:${SEARCH_TAGS.docs}`]],
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
  });
  expect(body.requests[0]!.attributesToSnippet).toContain('content:15');
});

test('returns the records in the shared hit shape, which the dialog titles page › heading', async () => {
  const response = await backend().search({ query: 'jwt claims', hitsPerPage: 12, facetFilters: FILTERS });
  expect(response).toMatchObject({ nbHits: 1, nbPages: 1, page: 0 });
  expect(response.suggestions).toBeUndefined();
  const [group] = groupHits(response.hits);
  expect(group!.title).toBe('Authentication and Authorization');
  expect(group!.items[0]).toMatchObject({
    path: '/docs/2.0/auth/authentication/jwt/#claims',
    pageHtml: 'Authentication with <mark>JWT</mark>',
    headingHtml: '<mark>Claims</mark>',
    snippetHtml: 'reads the session from the <mark>JWT claims</mark>.',
  });
});

test('no hits: the site’s suggestions for "Try searching for"', async () => {
  const response = await backend().search({ query: 'xylophone', hitsPerPage: 12, facetFilters: FILTERS });
  expect(response.nbHits).toBe(0);
  expect(response.suggestions).toEqual(SEARCH_SUGGESTIONS);
});

test('a failing service rejects the search (the dialog shows its error screen)', async () => {
  status = 503;
  try {
    await expect(backend().search({ query: 'jwt', hitsPerPage: 12, facetFilters: FILTERS })).rejects.toThrow();
  } finally {
    status = 200;
  }
});
