// Relevance of the embedded search: each query, typed as a reader would, must bring one of the
// pages that answer it into the top 3 results (pages, in the search page's order). Identifiers
// must find the page that defines them; plain-language questions the page that explains them.
// The suite fails when fewer than 90% of the queries pass; every miss is listed.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadBuiltIndex } from './builtSearchIndex';
import { SEARCH_TAGS } from '../site/src/constants';

const CASES: Array<[query: string, pages: string[]]> = [
  // Identifiers: flags, metadata API operations, operators, CLI commands, headers.
  ['pg_track_table', ['api-reference/metadata-api/source/']],
  ['HASURA_GRAPHQL_JWT_SECRET', ['auth/authentication/jwt/', 'deployment/graphql-engine-flags/reference/']],
  ['_similar', ['queries/postgres/filters/text-search-operators/']],
  ['hasura metadata apply', ['hasura-cli/commands/hasura_metadata_apply/']],
  ['hasura migrate squash', ['hasura-cli/commands/hasura_migrate_squash/']],
  ['hasura migrate apply', ['hasura-cli/commands/hasura_migrate_apply/']],
  ['x-hasura-role', ['auth/authorization/roles-variables/', 'auth/how-it-works/']],
  ['HASURA_GRAPHQL_UNAUTHORIZED_ROLE', ['auth/authentication/unauthenticated-access/']],
  [
    'HASURA_GRAPHQL_ADMIN_SECRET',
    ['auth/authentication/admin-secret-access/', 'deployment/graphql-engine-flags/reference/'],
  ],
  ['_st_d_within', ['queries/postgres/filters/postgis-operators/']],
  ['_contains jsonb', ['queries/postgres/filters/jsonb-operators/']],
  ['_ancestor ltree', ['queries/postgres/filters/ltree-operators/']],
  ['distinct_on', ['queries/postgres/distinct-queries/']],
  ['on_conflict', ['mutations/postgres/upsert/']],
  [
    'create_event_trigger',
    ['api-reference/metadata-api/event-triggers/', 'api-reference/schema-metadata-api/event-triggers/'],
  ],
  ['create_cron_trigger', ['api-reference/metadata-api/scheduled-triggers/']],
  ['@cached', ['caching/overview/', 'caching/caching-config/', 'caching/quickstart/']],
  ['run_sql', ['api-reference/schema-api/run-sql/', 'api-reference/schema-metadata-api/run-sql/']],
  ['pg_create_select_permission', ['api-reference/metadata-api/permission/']],
  ['hasura init', ['hasura-cli/commands/hasura_init/']],
  ['hasura console', ['hasura-cli/commands/hasura_console/']],
  ['/healthz', ['api-reference/health/']],
  ['v1/graphql/explain', ['api-reference/explain/']],
  ['aggregate', ['queries/postgres/aggregation-queries/']],
  // Plain-language searches, across sections.
  ['jwt claims', ['auth/authentication/jwt/']],
  ['authentication webhook', ['auth/authentication/webhook/']],
  ['row level permissions', ['auth/authorization/permissions/row-level-permissions/']],
  [
    'column presets',
    ['auth/authorization/permissions/column-presets/', 'schema/postgres/default-values/column-presets/'],
  ],
  ['inherited roles', ['auth/authorization/inherited-roles/']],
  ['pagination limit offset', ['queries/postgres/pagination/']],
  ['sort query results', ['queries/postgres/sorting/']],
  ['upsert', ['mutations/postgres/upsert/']],
  ['live queries subscriptions', ['subscriptions/postgres/livequery/index/', 'subscriptions/overview/']],
  ['streaming subscriptions', ['subscriptions/postgres/streaming/index/']],
  ['event trigger payload', ['event-triggers/payload/']],
  ['event trigger retries', ['event-triggers/create-trigger/']],
  ['cron triggers', ['scheduled-triggers/create-cron-trigger/', 'scheduled-triggers/overview/']],
  ['async actions', ['actions/async-actions/']],
  ['action handlers', ['actions/action-handlers/']],
  ['remote schema permissions', ['remote-schemas/auth/remote-schema-permissions/']],
  ['forward client headers remote schema', ['remote-schemas/auth/remote-schema-forward-auth/']],
  ['query response caching', ['caching/overview/', 'caching/how-it-works/']],
  ['restified endpoints', ['restified/overview/', 'restified/create/']],
  ['prometheus metrics', ['observability/enterprise-edition/prometheus/metrics/']],
  ['opentelemetry traces', ['observability/opentelemetry/', 'observability/opentelemetry/graphql-engine/']],
  ['allow list', ['security/allow-list/']],
  ['api limits depth', ['security/api-limits/']],
  ['deploy with docker', ['deployment/deployment-guides/docker/']],
  ['kubernetes deployment', ['deployment/deployment-guides/kubernetes/']],
  ['manage migrations', ['migrations-metadata-seeds/manage-migrations/']],
  ['seed data', ['migrations-metadata-seeds/manage-seeds/']],
  ['metadata inconsistencies', ['migrations-metadata-seeds/resolving-metadata-inconsistencies/']],
  ['computed fields', ['schema/postgres/computed-fields/']],
  ['native queries', ['schema/postgres/logical-models/native-queries/', 'schema/postgres/native-queries/']],
  ['enum tables', ['schema/postgres/enums/']],
  ['connect supabase', ['databases/postgres/supabase/']],
  ['single sign on ldap', ['enterprise/sso/ldap/']],
  ['project environment variables cloud', ['hasura-cloud/projects/env-vars/']],
  // Typos in ordinary words.
  ['permisions', ['auth/authorization/permissions/', 'api-reference/metadata-api/permission/']],
  ['subscripton', ['subscriptions/overview/', 'subscriptions/quickstart/']],
  // The contributors' wiki.
  ['admonitions', ['wiki/docusaurus-mdx-guide/admonitions/']],
  ['code block style', ['wiki/style/code-blocks/', 'wiki/docusaurus-mdx-guide/code-blocks/']],
];

const FILTERS = ['language:en', [`docusaurus_tag:${SEARCH_TAGS.docs}`, `docusaurus_tag:${SEARCH_TAGS.wiki}`]];
let index: Awaited<ReturnType<typeof loadBuiltIndex>>;
beforeAll(async () => {
  index = await loadBuiltIndex();
});
afterAll(() => index?.restoreFetch());

test(`at least 90% of ${CASES.length} queries have a right page in the top 3`, async () => {
  expect(CASES.length).toBeGreaterThanOrEqual(40);
  const client = index.client(1);
  const misses: string[] = [];
  for (const [query, pages] of CASES) {
    const { results } = await client.search({
      requests: [{ indexName: 'docs', query, hitsPerPage: 3, facetFilters: FILTERS }],
    });
    const top = results[0]!.hits.map((h) => new URL(h.url).pathname.replace(/^\/docs\/2\.0\//, ''));
    if (!top.some((page) => pages.includes(page))) misses.push(`"${query}" → ${top.join(', ') || 'nothing'}`);
  }
  const share = (CASES.length - misses.length) / CASES.length;
  console.log(`search relevance: ${(share * 100).toFixed(1)}% of ${CASES.length} queries in the top 3`);
  if (misses.length) console.log(`misses:\n${misses.join('\n')}`);
  expect(share, `misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.9);
});
