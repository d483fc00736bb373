import type { EvalQuestion } from './questions.js';

/**
 * Questions in readers' own words, the way they are asked in forums and issue trackers:
 * symptoms, goals and "can I…", rarely with the words of the page that answers them. Each has
 * the pages that count as right and `fact`, what a useful answer must contain.
 */
export const READER_QUESTIONS: EvalQuestion[] = [
  // Auth
  {
    area: 'auth',
    question: 'How can I swap out our admin secret without taking the API down?',
    pages: [
      'auth/authentication/multiple-admin-secrets',
      'hasura-cloud/projects/secure',
      'deployment/securing-graphql-endpoint',
    ],
    mentions: 'admin secret',
    fact: 'HASURA_GRAPHQL_ADMIN_SECRETS',
  },
  {
    area: 'auth',
    question: 'How do I set up JWT authentication?',
    pages: ['auth/authentication/jwt', 'auth/authentication/quickstart', 'auth/quickstart'],
    mentions: 'jwt',
    fact: 'HASURA_GRAPHQL_JWT_SECRET',
  },
  {
    area: 'auth',
    question: 'What does HASURA_GRAPHQL_UNAUTHORIZED_ROLE do?',
    pages: ['auth/authentication/unauthenticated-access', 'deployment/graphql-engine-flags/reference'],
    mentions: 'HASURA_GRAPHQL_UNAUTHORIZED_ROLE',
    fact: 'HASURA_GRAPHQL_UNAUTHORIZED_ROLE',
  },
  {
    area: 'auth',
    question: 'We have our own auth service that issues sessions, can Hasura ask it who the user is on each request?',
    pages: ['auth/authentication/webhook'],
    mentions: 'webhook',
    fact: 'HASURA_GRAPHQL_AUTH_HOOK',
  },
  {
    area: 'auth',
    question: 'My token gets rejected with JWTNotInAudience, what is wrong?',
    pages: ['auth/authentication/jwt', 'troubleshooting/index', 'enterprise/sso/troubleshooting'],
    mentions: 'audience',
    fact: 'audience',
  },
  {
    area: 'auth',
    question:
      'We are moving from Auth0 to another identity provider, can the engine accept tokens from both for a while?',
    pages: ['auth/authentication/multiple-jwt-secrets'],
    mentions: 'jwt',
    fact: 'HASURA_GRAPHQL_JWT_SECRETS',
  },
  {
    area: 'auth',
    question: 'Can a user have several roles and pick one per request?',
    pages: ['auth/authentication/jwt', 'auth/authorization/roles-variables'],
    mentions: 'role',
    fact: 'x-hasura-allowed-roles',
  },
  {
    area: 'auth',
    question: 'How do I fill in the author id automatically from the logged in user when inserting?',
    pages: ['auth/authorization/permissions/column-presets', 'schema/postgres/default-values/column-presets'],
    mentions: 'preset',
    fact: 'X-Hasura-User-Id',
  },
  {
    area: 'auth',
    question: 'Can a manager role get everything the employee role can see without repeating the rules?',
    pages: ['auth/authorization/inherited-roles', 'api-reference/metadata-api/permission'],
    mentions: 'inherited',
    fact: 'inherited',
  },
  {
    area: 'auth',
    question: 'How do I stop a role from seeing the salary column?',
    pages: ['auth/authorization/permissions/column-level-permissions', 'auth/authorization/quickstart'],
    mentions: 'column',
    fact: 'columns',
  },
  {
    area: 'auth',
    question: 'My JWT claims are not under the hasura namespace, can I map them from other fields?',
    pages: ['auth/authentication/jwt'],
    mentions: 'claims_map',
    fact: 'claims_map',
  },
  {
    area: 'auth',
    question: 'How do I hide the by_pk query from the public role?',
    pages: ['auth/authorization/permissions/disabling-root-fields'],
    mentions: 'root field',
    fact: 'query_root_fields',
  },
  {
    area: 'auth',
    question: 'How can I check that a user belongs to the organisation of the row in a permission rule?',
    pages: [
      'auth/authorization/permissions/row-level-permissions',
      'auth/authorization/permissions/common-roles-auth-examples',
      'auth/authorization/permissions/permissions-operators',
    ],
    mentions: 'x-hasura',
    fact: '_exists',
  },

  // Queries
  {
    area: 'queries',
    question: 'How do I paginate a query?',
    pages: ['queries/postgres/pagination'],
    mentions: 'offset',
    fact: 'limit',
  },
  {
    area: 'queries',
    question: 'Offset gets slow on big tables, is there cursor based paging?',
    pages: ['queries/postgres/pagination', 'api-reference/relay-graphql-api/query'],
    mentions: 'cursor',
    fact: '_gt',
  },
  {
    area: 'queries',
    question: 'How do I get the total number of rows along with a page of results?',
    pages: ['queries/postgres/pagination', 'queries/postgres/aggregation-queries'],
    mentions: 'aggregate',
    fact: '_aggregate',
  },
  {
    area: 'queries',
    question: 'How do I find rows where a column is null?',
    pages: ['queries/postgres/filters/comparison-operators'],
    mentions: '_is_null',
    fact: '_is_null',
  },
  {
    area: 'queries',
    question: 'Can I search for a substring ignoring case?',
    pages: ['queries/postgres/filters/text-search-operators'],
    mentions: '_ilike',
    fact: '_ilike',
  },
  {
    area: 'queries',
    question: 'How do I combine two conditions with OR in a where clause?',
    pages: ['queries/postgres/filters/boolean-operators', 'api-reference/graphql-api/query'],
    mentions: '_or',
    fact: '_or',
  },
  {
    area: 'queries',
    question: 'How do I get authors that have at least one published article?',
    pages: ['queries/postgres/filters/using-nested-objects'],
    mentions: 'nested',
    fact: 'articles',
  },
  {
    area: 'queries',
    question: 'Can I query a tree of categories stored as paths?',
    pages: ['queries/postgres/filters/ltree-operators'],
    mentions: 'ltree',
    fact: '_ancestor',
  },
  {
    area: 'queries',
    question: 'How do I run two unrelated queries in one request?',
    pages: ['queries/postgres/multiple-queries'],
    mentions: 'multiple',
    fact: 'alias',
  },
  {
    area: 'queries',
    question: 'How do I fetch a single row by its id?',
    pages: ['queries/postgres/simple-object-queries'],
    mentions: 'by_pk',
    fact: '_by_pk',
  },
  {
    area: 'queries',
    question: 'How can I fetch an author together with their articles in one go?',
    pages: ['queries/postgres/nested-object-queries'],
    mentions: 'relationship',
    fact: 'articles',
  },
  {
    area: 'queries',
    question: 'Can I skip a field conditionally with a variable?',
    pages: ['queries/postgres/variables-aliases-fragments-directives'],
    mentions: 'directive',
    fact: '@include',
  },
  {
    area: 'queries',
    question: 'How do I get the average rating of articles?',
    pages: ['queries/postgres/aggregation-queries'],
    mentions: 'avg',
    fact: 'avg',
  },

  // Mutations
  {
    area: 'mutations',
    question: 'How do I insert a row or update it if it already exists?',
    pages: ['mutations/postgres/upsert'],
    mentions: 'on_conflict',
    fact: 'on_conflict',
  },
  {
    area: 'mutations',
    question: 'Can I insert an article together with its author in one mutation?',
    pages: ['mutations/postgres/insert'],
    mentions: 'nested',
    fact: 'data',
  },
  {
    area: 'mutations',
    question: 'How do I add one to a counter column without reading it first?',
    pages: ['mutations/postgres/update'],
    mentions: '_inc',
    fact: '_inc',
  },
  {
    area: 'mutations',
    question: 'How do I delete all rows older than a date?',
    pages: ['mutations/postgres/delete'],
    mentions: 'delete',
    fact: 'delete_',
  },
  {
    area: 'mutations',
    question: 'Can I update many rows with different values in a single call?',
    pages: ['mutations/postgres/update'],
    mentions: 'update',
    fact: '_many',
  },
  {
    area: 'mutations',
    question: 'Are several mutations in one request run in a transaction?',
    pages: ['mutations/postgres/multiple-mutations'],
    mentions: 'transaction',
    fact: 'transaction',
  },

  // Subscriptions
  {
    area: 'subscriptions',
    question: 'How do I get new chat messages pushed to the browser as they arrive?',
    pages: [
      'subscriptions/postgres/streaming/index',
      'subscriptions/postgres/streaming/use-cases',
      'subscriptions/quickstart',
    ],
    mentions: 'stream',
    fact: '_stream',
  },
  {
    area: 'subscriptions',
    question: 'My live queries update too slowly, can I change how often they refresh?',
    pages: [
      'subscriptions/postgres/livequery/index',
      'subscriptions/postgres/livequery/execution',
      'subscriptions/observability-and-performance',
    ],
    mentions: 'refetch',
    fact: 'HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL',
  },
  {
    area: 'subscriptions',
    question: 'Which websocket protocol should my client use for subscriptions?',
    pages: ['subscriptions/integrations/index', 'api-reference/graphql-api/index'],
    mentions: 'graphql-ws',
    fact: 'graphql-ws',
  },
  {
    area: 'subscriptions',
    question: 'How does Hasura keep thousands of subscriptions from hammering the database?',
    pages: ['subscriptions/postgres/livequery/execution'],
    mentions: 'multiplex',
    fact: 'multiplex',
  },

  // Schema (Postgres)
  {
    area: 'schema (Postgres)',
    question: 'How do I expose a Postgres function as a query?',
    pages: ['schema/postgres/custom-functions'],
    mentions: 'function',
    fact: 'pg_track_function',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I add a full_name field computed from first and last name?',
    pages: ['schema/postgres/computed-fields'],
    mentions: 'computed',
    fact: 'computed field',
  },
  {
    area: 'schema (Postgres)',
    question: 'My GraphQL field names come out snake_case, can I get camelCase?',
    pages: ['schema/postgres/naming-convention', 'schema/postgres/custom-field-names'],
    mentions: 'camelCase',
    fact: 'graphql-default',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I rename the insert_articles mutation to something nicer?',
    pages: ['schema/postgres/custom-field-names'],
    mentions: 'custom',
    fact: 'custom_root_fields',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I model tags on articles, many to many?',
    pages: [
      'schema/common-patterns/data-modeling/many-to-many',
      'schema/postgres/table-relationships/database-modelling',
    ],
    mentions: 'many-to-many',
    fact: 'article_tag',
  },
  {
    area: 'schema (Postgres)',
    question: 'Big numbers lose precision in my JavaScript client, what can I do?',
    pages: ['schema/common-patterns/numeric-types', 'schema/postgres/postgresql-types'],
    mentions: 'numeric',
    fact: 'HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I get the GraphQL schema as an SDL file for codegen?',
    pages: ['schema/common-patterns/export-graphql-schema'],
    mentions: 'schema',
    fact: 'gq',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I set created_at automatically when a row is inserted?',
    pages: ['schema/postgres/default-values/postgres-defaults', 'schema/postgres/default-values/index'],
    mentions: 'default',
    fact: 'now()',
  },
  {
    area: 'schema (Postgres)',
    question: 'I already have a database full of tables, how do I start using Hasura on it?',
    pages: ['schema/postgres/using-existing-database', 'databases/quickstart'],
    mentions: 'track',
    fact: 'track',
  },
  {
    area: 'schema (Postgres)',
    question: 'How can I write a custom SQL query and expose it without creating a view?',
    pages: [
      'schema/postgres/native-queries',
      'api-reference/metadata-api/native-queries',
      'schema/postgres/logical-models',
    ],
    mentions: 'native',
    fact: 'native quer',
  },
  {
    area: 'schema (Postgres)',
    question: 'Can I keep deleted rows but hide them from users?',
    pages: ['schema/common-patterns/data-modeling/soft-deletes'],
    mentions: 'soft delete',
    fact: 'deleted_at',
  },

  // Other databases
  {
    area: 'schema (other databases)',
    question: 'Can I use Hasura with SQL Server?',
    pages: ['databases/ms-sql-server/index', 'databases/ms-sql-server/getting-started/index', 'databases/overview'],
    mentions: 'sql server',
    fact: 'SQL Server',
  },
  {
    area: 'schema (other databases)',
    question: 'How do I connect BigQuery with a service account?',
    pages: [
      'databases/bigquery/getting-started/index',
      'databases/bigquery/index',
      'databases/bigquery/getting-started/cloud',
    ],
    mentions: 'service account',
    fact: 'service account',
  },

  // Databases
  {
    area: 'databases',
    question: 'Hasura opens too many connections to Postgres, how do I limit the pool?',
    pages: [
      'databases/postgres/index',
      'databases/database-config/cloud-connection-pooling',
      'deployment/best-practices/index',
    ],
    mentions: 'pool',
    fact: 'max_connections',
  },
  {
    area: 'databases',
    question: 'Can I send reads to a replica and writes to the primary?',
    pages: ['databases/database-config/read-replicas'],
    mentions: 'replica',
    fact: 'read_replicas',
  },
  {
    area: 'databases',
    question: 'How do I connect to Supabase Postgres?',
    pages: ['databases/postgres/supabase'],
    mentions: 'supabase',
    fact: 'Supabase',
  },
  {
    area: 'databases',
    question: 'How do I require SSL when connecting to my database?',
    pages: ['databases/postgres/index', 'databases/database-config/index'],
    mentions: 'ssl',
    fact: 'sslmode',
  },
  {
    area: 'databases',
    question: 'Can each tenant use a different database connection based on a header?',
    pages: ['databases/database-config/dynamic-db-connection'],
    mentions: 'dynamic',
    fact: 'connection_template',
  },

  // Actions
  {
    area: 'actions',
    question: 'I need custom business logic before inserting a user, like checking a payment, how?',
    pages: ['actions/overview', 'actions/quickstart', 'actions/create'],
    mentions: 'action',
    fact: 'handler',
  },
  {
    area: 'actions',
    question: 'My action handler runs for a long time, can the client get the result later?',
    pages: ['actions/async-actions'],
    mentions: 'async',
    fact: 'asynchronous',
  },
  {
    area: 'actions',
    question: 'Can I turn an existing REST endpoint into a GraphQL mutation without writing code?',
    pages: ['actions/rest-connectors', 'actions/open-api'],
    mentions: 'rest',
    fact: 'request_transform',
  },
  {
    area: 'actions',
    question: 'How do I restrict who can call my action?',
    pages: ['actions/action-permissions'],
    mentions: 'permission',
    fact: 'create_action_permission',
  },
  {
    area: 'actions',
    question: 'My action returns internal error and I cannot see why, how do I debug it?',
    pages: ['actions/debugging'],
    mentions: 'debug',
    fact: 'HASURA_GRAPHQL_DEV_MODE',
  },
  {
    area: 'actions',
    question: 'Can I generate the handler boilerplate for my action?',
    pages: ['actions/codegen/index', 'hasura-cli/commands/hasura_actions_codegen'],
    mentions: 'codegen',
    fact: 'codegen',
  },

  // Remote schemas
  {
    area: 'remote schemas',
    question: 'We already have a GraphQL server for payments, can Hasura expose it in the same API?',
    pages: ['remote-schemas/overview', 'remote-schemas/adding-schema'],
    mentions: 'remote schema',
    fact: 'add_remote_schema',
  },
  {
    area: 'remote schemas',
    question: 'Two of my remote schemas both define a User type and clash, how do I fix it?',
    pages: ['remote-schemas/namespacing-remote-schemas'],
    mentions: 'namespace',
    fact: 'namespace',
  },
  {
    area: 'remote schemas',
    question: 'How do I pass the user id to my remote schema?',
    pages: [
      'remote-schemas/auth/index',
      'remote-schemas/adding-schema',
      'remote-schemas/auth/remote-schema-permissions',
    ],
    mentions: 'x-hasura',
    fact: 'forward_client_headers',
  },

  // Event triggers
  {
    area: 'event triggers',
    question: 'How do I send a welcome email when a user signs up?',
    pages: ['event-triggers/recipes/new-user-welcome', 'event-triggers/overview', 'event-triggers/create-trigger'],
    mentions: 'event',
    fact: 'INSERT',
  },
  {
    area: 'event triggers',
    question: 'My webhook was down for an hour, will Hasura retry the events?',
    pages: ['event-triggers/create-trigger', 'event-triggers/overview', 'event-triggers/payload'],
    mentions: 'retry',
    fact: 'num_retries',
  },
  {
    area: 'event triggers',
    question: 'The event log table keeps growing, how do I clean it up?',
    pages: ['event-triggers/clean-up/index', 'event-triggers/clean-up/auto-cleanup'],
    mentions: 'clean',
    fact: 'hdb_catalog.event_log',
  },
  {
    area: 'event triggers',
    question: 'Can I fire an event trigger by hand for rows that already exist?',
    pages: ['event-triggers/invoke-trigger-manually'],
    mentions: 'manual',
    fact: 'pg_invoke_event_trigger',
  },
  {
    area: 'event triggers',
    question: 'How do I tell in my webhook whether the row was inserted or updated?',
    pages: ['event-triggers/payload'],
    mentions: 'op',
    fact: 'op',
  },
  {
    area: 'event triggers',
    question: 'How do I stop an event trigger from firing?',
    pages: ['event-triggers/remove-event-triggers'],
    mentions: 'event trigger',
    fact: 'pg_delete_event_trigger',
  },

  // Scheduled triggers
  {
    area: 'scheduled triggers',
    question: 'How do I call a webhook every morning at 7?',
    pages: ['scheduled-triggers/create-cron-trigger', 'scheduled-triggers/overview'],
    mentions: 'cron',
    fact: '0 7 * * *',
  },
  {
    area: 'scheduled triggers',
    question: 'Can I schedule a reminder for one specific time, just once?',
    pages: ['scheduled-triggers/create-one-off-scheduled-event', 'scheduled-triggers/overview'],
    mentions: 'one-off',
    fact: 'create_scheduled_event',
  },
  {
    area: 'scheduled triggers',
    question: 'What happens to cron events if Hasura was down when they were due?',
    pages: ['scheduled-triggers/how-it-works'],
    mentions: 'tolerance',
    fact: 'tolerance_seconds',
  },

  // Caching
  {
    area: 'caching',
    question: 'How do I cache a slow query response?',
    pages: ['caching/caching-config', 'caching/overview'],
    mentions: '@cached',
    fact: '@cached',
  },
  {
    area: 'caching',
    question: 'How long does a cached query stay cached and can I change it?',
    pages: ['caching/caching-config'],
    mentions: 'ttl',
    fact: 'ttl',
  },
  {
    area: 'caching',
    question: 'Can I use my own Redis for the query cache when self-hosting?',
    pages: ['caching/enterprise-caching'],
    mentions: 'redis',
    fact: 'HASURA_GRAPHQL_REDIS_URL',
  },

  // RESTified
  {
    area: 'restified endpoints',
    question: 'Our mobile team wants plain REST URLs, can I offer a REST endpoint for a GraphQL query?',
    pages: ['restified/overview', 'restified/create', 'restified/quickstart'],
    mentions: 'rest',
    fact: 'create_rest_endpoint',
  },
  {
    area: 'restified endpoints',
    question: 'How do I pass an id in the path of a REST endpoint?',
    pages: ['restified/restified-config', 'restified/create'],
    mentions: 'url',
    fact: ':id',
  },

  // Data federation
  {
    area: 'data federation',
    question: 'How do I join data from my Postgres and a different database in one query?',
    pages: [
      'schema/postgres/remote-relationships/remote-source-relationships',
      'data-federation/data-federation-types',
      'data-federation/overview',
    ],
    mentions: 'remote',
    fact: 'to_source',
  },
  {
    area: 'data federation',
    question: 'Can Hasura be a subgraph in our Apollo federation?',
    pages: ['data-federation/hasura-graphql-federation-architectures', 'data-federation/overview'],
    mentions: 'apollo',
    fact: 'HASURA_GRAPHQL_ENABLE_APOLLO_FEDERATION',
  },

  // Deployment
  {
    area: 'deployment',
    question: 'How do I put Hasura behind HTTPS?',
    pages: ['deployment/serve-behind-proxy', 'deployment/deployment-guides/digital-ocean-one-click'],
    mentions: 'https',
    fact: 'Caddy',
  },
  {
    area: 'deployment',
    question: 'How do I run Hasura on Kubernetes?',
    pages: ['deployment/deployment-guides/kubernetes'],
    mentions: 'kubernetes',
    fact: 'kubectl',
  },
  {
    area: 'deployment',
    question: 'What should my load balancer use as a health check?',
    pages: ['deployment/health-checks/index', 'api-reference/health'],
    mentions: 'health',
    fact: '/healthz',
  },
  {
    area: 'deployment',
    question: 'How do I roll back to an older engine version after an upgrade went wrong?',
    pages: ['deployment/downgrading'],
    mentions: 'downgrade',
    fact: 'downgrade',
  },
  {
    area: 'deployment',
    question: 'Which log types can I turn on and how?',
    pages: ['deployment/logging', 'observability/troubleshoot/logs'],
    mentions: 'log',
    fact: 'HASURA_GRAPHQL_ENABLED_LOG_TYPES',
  },
  {
    area: 'deployment',
    question: 'How do I allow my frontend on another domain to call the API?',
    pages: [
      'deployment/graphql-engine-flags/reference',
      'deployment/graphql-engine-flags/config-examples',
      'security/security-best-practices',
    ],
    mentions: 'cors',
    fact: 'HASURA_GRAPHQL_CORS_DOMAIN',
  },
  {
    area: 'deployment',
    question: 'How do I stop the console from being served in production?',
    pages: [
      'deployment/production-checklist',
      'deployment/securing-graphql-endpoint',
      'deployment/graphql-engine-flags/reference',
    ],
    mentions: 'console',
    fact: 'HASURA_GRAPHQL_ENABLE_CONSOLE',
  },
  {
    area: 'deployment',
    question: 'My webhook uses a self-signed certificate and calls fail, how do I trust it?',
    pages: ['deployment/tls-allow-list', 'api-reference/metadata-api/network'],
    mentions: 'tls',
    fact: 'tls_allowlist',
  },
  {
    area: 'deployment',
    question: 'Does the engine compress responses?',
    pages: ['deployment/compression'],
    mentions: 'compression',
    fact: 'gzip',
  },

  // CLI
  {
    area: 'CLI',
    question: 'How do I start a new Hasura project folder with the CLI?',
    pages: ['hasura-cli/commands/hasura_init', 'migrations-metadata-seeds/migrations-metadata-setup'],
    mentions: 'init',
    fact: 'hasura init',
  },
  {
    area: 'CLI',
    question: 'How do I see which migrations were applied on the server?',
    pages: ['hasura-cli/commands/hasura_migrate_status'],
    mentions: 'status',
    fact: 'hasura migrate status',
  },
  {
    area: 'CLI',
    question: 'How do I apply migrations and metadata in one command in CI?',
    pages: ['hasura-cli/commands/hasura_deploy', 'migrations-metadata-seeds/migration-best-practices'],
    mentions: 'deploy',
    fact: 'hasura deploy',
  },
  {
    area: 'CLI',
    question: 'How do I compare my local metadata with what is on the server?',
    pages: ['hasura-cli/commands/hasura_metadata_diff', 'migrations-metadata-seeds/manage-metadata'],
    mentions: 'diff',
    fact: 'hasura metadata diff',
  },
  {
    area: 'CLI',
    question: 'How do I update the Hasura CLI to the latest version?',
    pages: ['hasura-cli/commands/hasura_update-cli', 'hasura-cli/install-hasura-cli'],
    mentions: 'update-cli',
    fact: 'update-cli',
  },
  {
    area: 'CLI',
    question: 'Can I keep the admin secret and endpoint in a .env file for the CLI?',
    pages: ['hasura-cli/config-reference', 'hasura-cli/commands/hasura'],
    mentions: 'envfile',
    fact: '--envfile',
  },

  // Migrations / metadata / seeds
  {
    area: 'migrations/metadata/seeds',
    question: 'How do I load some test data into a fresh database?',
    pages: [
      'migrations-metadata-seeds/manage-seeds',
      'hasura-cli/commands/hasura_seed_create',
      'hasura-cli/commands/hasura_seed',
    ],
    mentions: 'seed',
    fact: 'hasura seed apply',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'The console says my metadata is inconsistent, how do I fix it?',
    pages: [
      'migrations-metadata-seeds/resolving-metadata-inconsistencies',
      'hasura-cli/commands/hasura_metadata_inconsistency_list',
    ],
    mentions: 'inconsistent',
    fact: 'get_inconsistent_metadata',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'How do I undo the last migration?',
    pages: ['hasura-cli/commands/hasura_migrate_apply', 'migrations-metadata-seeds/manage-migrations'],
    mentions: 'down',
    fact: '--down',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'Can migrations be applied automatically when the container starts?',
    pages: ['migrations-metadata-seeds/auto-apply-migrations'],
    mentions: 'cli-migrations',
    fact: 'cli-migrations',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'How do I move a project from config v2 to v3?',
    pages: [
      'migrations-metadata-seeds/legacy-configs/upgrade-v3',
      'hasura-cli/commands/hasura_scripts_update-project-v3',
    ],
    mentions: 'v3',
    fact: 'update-project-v3',
  },

  // Security
  {
    area: 'security',
    question: 'How do I stop people from sending huge nested queries that kill the database?',
    pages: ['security/api-limits', 'security/overview'],
    mentions: 'limit',
    fact: 'depth_limit',
  },
  {
    area: 'security',
    question: 'Can I only allow the queries our app actually uses?',
    pages: ['security/allow-list'],
    mentions: 'allow',
    fact: 'add_collection_to_allowlist',
  },
  {
    area: 'security',
    question: 'How do I turn off introspection for anonymous users?',
    pages: ['security/disable-graphql-introspection'],
    mentions: 'introspection',
    fact: 'set_graphql_schema_introspection_options',
  },
  {
    area: 'security',
    question: 'Can the database password be read from a file that our secret manager rotates?',
    pages: ['security/dynamic-secrets'],
    mentions: 'dynamic',
    fact: 'dynamic_from_file',
  },
  {
    area: 'security',
    question: 'Does the engine image run as root, and how do I harden the container?',
    pages: ['security/container-security'],
    mentions: 'root',
    fact: 'runAsNonRoot',
  },

  // Observability
  {
    area: 'observability',
    question: 'How do I send traces to Jaeger or another OpenTelemetry collector?',
    pages: [
      'observability/opentelemetry',
      'observability/opentelemetry/graphql-engine',
      'observability/cloud/opentelemetry',
    ],
    mentions: 'opentelemetry',
    fact: 'otlp',
  },
  {
    area: 'observability',
    question: 'How do I scrape Hasura metrics with Prometheus?',
    pages: [
      'observability/enterprise-edition/prometheus/index',
      'observability/enterprise-edition/prometheus/integrate-prometheus-grafana',
      'observability/cloud/prometheus',
    ],
    mentions: 'prometheus',
    fact: '/v1/metrics',
  },
  {
    area: 'observability',
    question: 'A request is slow, how do I find which part is slow?',
    pages: [
      'observability/troubleshoot/traces',
      'observability/troubleshoot',
      'observability/cloud-monitoring/tracing',
    ],
    mentions: 'trac',
    fact: 'trace',
  },
  {
    area: 'observability',
    question: 'How do I find all log lines of one failing request?',
    pages: ['observability/troubleshoot', 'observability/troubleshoot/logs'],
    mentions: 'request',
    fact: 'request_id',
  },

  // Cloud
  {
    area: 'cloud',
    question: 'How do I invite a teammate to my Hasura Cloud project?',
    pages: ['hasura-cloud/projects/collaborators'],
    mentions: 'collaborator',
    fact: 'collaborator',
  },
  {
    area: 'cloud',
    question: 'Can I create preview environments for pull requests on Hasura Cloud?',
    pages: ['cloud-ci-cd/index', 'cloud-ci-cd/preview-apps'],
    mentions: 'preview',
    fact: 'preview app',
  },
  {
    area: 'cloud',
    question: 'Our Cloud project needs to reach an RDS database in a private VPC, is that possible?',
    pages: ['hasura-cloud/dedicated-vpc', 'hasura-cloud/dedicated-vpc/aws-network-peering'],
    mentions: 'vpc',
    fact: 'peering',
  },
  {
    area: 'cloud',
    question: 'The person who owned our Cloud project left the company, how do we get it back?',
    pages: ['hasura-cloud/projects/recover'],
    mentions: 'recover',
    fact: 'owner',
  },
  {
    area: 'cloud',
    question: 'How do I set environment variables for a Cloud project?',
    pages: ['hasura-cloud/projects/env-vars', 'hasura-cloud/environments'],
    mentions: 'env',
    fact: 'Env vars',
  },
  {
    area: 'cloud',
    question: 'Which IP address does Hasura Cloud connect from, so I can whitelist it?',
    pages: ['hasura-cloud/projects/details', 'hasura-cloud/overview'],
    mentions: 'ip',
    fact: 'IP',
  },

  // Enterprise
  {
    area: 'enterprise',
    question: 'How do I log into the console with our company Okta or Azure AD?',
    pages: ['enterprise/sso/index', 'enterprise/sso/config', 'enterprise/sso/azure-ad'],
    mentions: 'sso',
    fact: 'HASURA_GRAPHQL_SSO_PROVIDERS',
  },
  {
    area: 'enterprise',
    question: 'We run the open source engine, how do we switch to Enterprise Edition?',
    pages: ['enterprise/upgrade-ce-to-ee', 'enterprise/getting-started/index'],
    mentions: 'enterprise',
    fact: 'HASURA_GRAPHQL_EE_LICENSE_KEY',
  },
  {
    area: 'enterprise',
    question: 'Can I try the Enterprise Edition before buying?',
    pages: ['enterprise/try-hasura-enterprise-edition'],
    mentions: 'trial',
    fact: 'trial',
  },

  // API reference
  {
    area: 'API reference',
    question: 'Which endpoint do I POST metadata API calls to?',
    pages: ['api-reference/metadata-api/index', 'api-reference/overview'],
    mentions: 'metadata',
    fact: '/v1/metadata',
  },
  {
    area: 'API reference',
    question: 'How do I run raw SQL over the API?',
    pages: ['api-reference/schema-api/run-sql', 'api-reference/schema-api/index'],
    mentions: 'run_sql',
    fact: 'run_sql',
  },
  {
    area: 'API reference',
    question: 'How can I check which version of the engine is running?',
    pages: ['api-reference/version'],
    mentions: 'version',
    fact: '/v1/version',
  },
  {
    area: 'API reference',
    question: 'How do I export all metadata as JSON through the API?',
    pages: ['api-reference/metadata-api/manage-metadata'],
    mentions: 'export_metadata',
    fact: 'export_metadata',
  },
  {
    area: 'API reference',
    question: 'Is there a Relay compatible endpoint?',
    pages: ['api-reference/relay-graphql-api/index', 'schema/postgres/relay-schema'],
    mentions: 'relay',
    fact: '/v1beta1/relay',
  },

  // Getting started
  {
    area: 'getting started',
    question: 'What is Hasura and what does it do for me?',
    pages: ['getting-started/overview', 'getting-started/how-it-works/index', 'index'],
    mentions: 'graphql',
    fact: 'GraphQL',
  },
  {
    area: 'getting started',
    question: 'How does Hasura turn a GraphQL query into SQL?',
    pages: ['getting-started/how-it-works/index'],
    mentions: 'sql',
    fact: 'SQL',
  },

  // Wiki (questions about writing these docs)
  {
    area: 'wiki',
    question: 'How do I add a warning box to a docs page?',
    pages: ['wiki/docusaurus-mdx-guide/admonitions'],
    mentions: 'admonition',
    fact: ':::',
  },
  {
    area: 'wiki',
    question: 'What front matter does a new docs page need?',
    pages: ['wiki/docusaurus-mdx-guide/metadata'],
    mentions: 'front matter',
    fact: 'description',
  },
];
