import { expect, test } from 'vitest';
import {
  definedToken,
  exactFactor,
  pageSignals,
  priorFactor,
  queryToken,
  searchWords,
  isSentence,
  sentenceScore,
  type PageFacts,
} from './ranking';

const page = (route: string, o: Partial<PageFacts> = {}): PageFacts => ({
  route: `/docs/2.0/${route}`,
  title: o.title ?? 'Title',
  crumbs: o.crumbs ?? ['Section'],
  activeCrumb: o.activeCrumb ?? 'Page',
  keywords: o.keywords ?? [],
  defines: o.defines ?? [],
  lists: o.lists ?? [],
  rows: [],
});

test('a section’s main page carries its name; other pages their slug', () => {
  const signals = pageSignals(
    [
      page('event-triggers/overview/', { crumbs: ['Event Triggers'] }),
      page('event-triggers/payload/'),
      page('auth/authentication/index/', {
        crumbs: ['Authentication and Authorization'],
        activeCrumb: 'Authentication',
      }),
    ],
    '/docs/2.0/',
  );
  expect(signals.get('/docs/2.0/event-triggers/overview/')!.meta.topic).toBe('event triggers, event triggers');
  expect(signals.get('/docs/2.0/event-triggers/payload/')!.meta.slug).toBe('payload');
  expect(signals.get('/docs/2.0/auth/authentication/index/')!.meta.topic).toBe('authentication, authentication');
});

test('priors: legacy APIs, database twins of a Postgres page, API and CLI reference', () => {
  const signals = pageSignals(
    [
      page('queries/postgres/pagination/'),
      page('queries/bigquery/pagination/'),
      page('queries/bigquery/only-here/'),
      page('api-reference/schema-metadata-api/permission/'),
      page('api-reference/metadata-api/permission/'),
      page('hasura-cli/commands/hasura_deploy/', { title: 'hasura deploy' }),
    ],
    '/docs/2.0/',
  );
  const prior = (r: string) => signals.get(`/docs/2.0/${r}`)!.prior;
  expect(prior('queries/postgres/pagination/')).toBeNull();
  expect(prior('queries/bigquery/pagination/')![1]).toBe('bigquery');
  expect(prior('queries/bigquery/only-here/')).toBeNull(); // no Postgres twin
  expect(prior('api-reference/schema-metadata-api/permission/')![1]).toBe('legacy');
  expect(prior('api-reference/metadata-api/permission/')![1]).toBe('reference');
  // The CLI page defines its command.
  expect(signals.get('/docs/2.0/hasura-cli/commands/hasura_deploy/')!.meta.defines).toBe(definedToken('hasura deploy'));
  // A query that asks for what a prior lowers lifts it.
  expect(priorFactor([0.5, 'bigquery'], 'pagination')).toBe(0.5);
  expect(priorFactor([0.5, 'bigquery'], 'bigquery pagination')).toBe(1);
  expect(priorFactor([0.5, 'legacy'], 'deprecated permission api')).toBe(1);
  expect(priorFactor([0.5, 'reference'], 'hasura deploy')).toBe(1);
  expect(priorFactor([0.5, 'reference'], 'api limits')).toBe(0.5);
});

test('keywords most pages share are dropped', () => {
  const pages = Array.from({ length: 40 }, (_, i) => page(`p${i}/`, { keywords: ['hasura', ...(i ? [] : ['jwt'])] }));
  const signals = pageSignals(pages, '/docs/2.0/');
  expect(signals.get('/docs/2.0/p0/')!.meta.keywords).toBe('jwt');
});

test('identifier tokens: one unbroken word, with an end mark so that a command is not a prefix of another', () => {
  expect(definedToken('pg_create_event_trigger')).toBe('defpgcreateeventtrigger00');
  expect(queryToken('HASURA_GRAPHQL_ADMIN_SECRET')).toBe(definedToken('HASURA_GRAPHQL_ADMIN_SECRET'));
  expect(queryToken('--admin-secret')).toBe(definedToken('--admin-secret'));
  expect(queryToken('hasura metadata apply')).toBe('defhasurametadataapply00');
  expect(queryToken('event triggers')).toBeNull();
});

test('a query naming a page’s section, slug or title moves it up', () => {
  expect(exactFactor({ topic: 'caching, caching' }, 'Caching')).toBeGreaterThan(1);
  expect(exactFactor({ slug: 'pagination' }, 'pagination')).toBeGreaterThan(1);
  expect(exactFactor({ slug: 'enterprise caching' }, 'caching')).toBe(1);
});

test('question words are dropped from longer queries only', () => {
  expect(searchWords('how do I paginate query results')).toBe('paginate query results');
  expect(searchWords('what is')).toBe('what is');
  expect(searchWords('the the the')).toBe('the the the');
});

test('a sentence is scored by the words a page holds, the share of them counting most', () => {
  expect(isSentence('how do I paginate query results')).toBe(true);
  expect(isSentence('jwt claims')).toBe(false);
  expect(isSentence('how do I')).toBe(false);
  // All three words weakly beats one word strongly.
  expect(sentenceScore([1, 1, 1], 3)).toBeGreaterThan(sentenceScore([2.5], 3));
  expect(sentenceScore([2, 1], 2)).toBe(3);
});
