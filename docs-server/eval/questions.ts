import { READER_QUESTIONS } from './reader-questions.js';

/**
 * The answer-quality evaluation: questions a reader might ask the docs assistant, each with
 * the pages that answer it. Pages are doc paths under /docs/2.0/ (the .mdx path without its
 * extension); any section of one of them counts as a right source. `mentions` is a phrase that
 * every listed page contains (case-insensitive): eval.test.ts checks it, so a page that was
 * moved or rewritten away from the subject shows up as a broken question, not a ranking miss.
 */
export interface EvalQuestion {
  /** The docs section the question is about (for the report). */
  area: string;
  question: string;
  pages: string[];
  mentions: string;
  /**
   * What a useful answer must contain (an identifier, command or value), matched without case;
   * `mentions` when not given. One of the pages contains it.
   */
  fact?: string;
}

export const factOf = (question: EvalQuestion): string => question.fact ?? question.mentions;

const FIRST_QUESTIONS: EvalQuestion[] = [
  // Getting started
  {
    area: 'getting started',
    question: 'How do I run Hasura on my laptop with Docker Compose?',
    pages: ['getting-started/docker-simple', 'deployment/deployment-guides/docker'],
    mentions: 'docker compose',
  },
  {
    area: 'getting started',
    question: 'What is the fastest way to try Hasura without installing anything?',
    pages: ['getting-started/getting-started-cloud', 'getting-started/overview'],
    mentions: 'Hasura Cloud',
  },

  // Queries
  {
    area: 'queries',
    question: 'How can I paginate results with limit and offset?',
    pages: ['queries/postgres/pagination', 'queries/ms-sql-server/pagination', 'queries/bigquery/pagination'],
    mentions: 'offset',
  },
  {
    area: 'queries',
    question: 'how do i count the rows that match a filter',
    pages: [
      'queries/postgres/aggregation-queries',
      'queries/ms-sql-server/aggregation-queries',
      'queries/bigquery/aggregation-queries',
    ],
    mentions: 'count',
  },
  {
    area: 'queries',
    question: 'What does the _ilike operator do?',
    pages: ['queries/postgres/filters/text-search-operators', 'queries/ms-sql-server/filters/text-search-operators'],
    mentions: '_ilike',
  },
  {
    area: 'queries',
    question: 'How do I filter on a value inside a jsonb column?',
    pages: ['queries/postgres/filters/jsonb-operators'],
    mentions: '_contains',
  },
  {
    area: 'queries',
    question: 'Can I sort results by a field of a related object?',
    pages: ['queries/postgres/sorting', 'queries/ms-sql-server/sorting', 'queries/bigquery/sorting'],
    mentions: 'order_by',
  },
  {
    area: 'queries',
    question: 'How do I get only one row per distinct value of a column with distinct_on?',
    pages: ['queries/postgres/distinct-queries', 'queries/bigquery/distinct-queries'],
    mentions: 'distinct_on',
  },
  {
    area: 'queries',
    question: 'How do I pass variables to a GraphQL query instead of hard-coding values?',
    pages: [
      'queries/postgres/variables-aliases-fragments-directives',
      'queries/ms-sql-server/variables-aliases-fragments-directives',
      'queries/bigquery/variables-aliases-fragments-directives',
    ],
    mentions: 'variables',
  },
  {
    area: 'queries',
    question: 'Find rows within a distance of a point with PostGIS',
    pages: ['queries/postgres/filters/postgis-operators'],
    mentions: '_st_d_within',
  },

  // Mutations
  {
    area: 'mutations',
    question: 'How do I insert an author together with their articles in one mutation?',
    pages: ['mutations/postgres/insert', 'mutations/ms-sql-server/insert'],
    mentions: 'articles',
  },
  {
    area: 'mutations',
    question: 'How does upsert work with on_conflict?',
    pages: ['mutations/postgres/upsert'],
    mentions: 'on_conflict',
  },
  {
    area: 'mutations',
    question: 'How can I increment a counter column without reading it first?',
    pages: ['mutations/postgres/update', 'mutations/ms-sql-server/update'],
    mentions: '_inc',
  },
  {
    area: 'mutations',
    question: 'delete a single row by its primary key',
    pages: ['mutations/postgres/delete', 'mutations/ms-sql-server/delete'],
    mentions: '_by_pk',
  },
  {
    area: 'mutations',
    question: 'Do several mutations in one request run in a single transaction?',
    pages: ['mutations/postgres/multiple-mutations', 'mutations/overview', 'faq/index'],
    mentions: 'transaction',
  },

  // Subscriptions
  {
    area: 'subscriptions',
    question: 'What is the difference between live queries and streaming subscriptions?',
    pages: ['subscriptions/overview', 'subscriptions/postgres/index', 'subscriptions/postgres/streaming/index'],
    mentions: 'streaming',
  },
  {
    area: 'subscriptions',
    question: 'How does Hasura multiplex many subscriptions into one SQL query?',
    pages: [
      'subscriptions/postgres/livequery/execution',
      'subscriptions/postgres/livequery/index',
      'observability/cloud-monitoring/subscription-workers',
    ],
    mentions: 'multiplex',
  },
  {
    area: 'subscriptions',
    question: 'How do I use subscriptions from Apollo Client in React?',
    pages: ['subscriptions/integrations/apollo-subscriptions'],
    mentions: 'Apollo',
  },
  {
    area: 'subscriptions',
    question: 'What does HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_REFETCH_INTERVAL change?',
    pages: [
      'subscriptions/observability-and-performance',
      'deployment/graphql-engine-flags/reference',
      'subscriptions/postgres/livequery/execution',
      'subscriptions/postgres/index',
      'observability/cloud-monitoring/subscription-workers',
      'glossary/index',
    ],
    mentions: 'REFETCH_INTERVAL',
  },

  // Schema: Postgres
  {
    area: 'schema (Postgres)',
    question: 'How do I add a computed field backed by a SQL function?',
    pages: ['schema/postgres/computed-fields', 'api-reference/metadata-api/custom-functions'],
    mentions: 'computed field',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I set created_at and updated_at automatically?',
    pages: ['schema/postgres/default-values/created-updated-timestamps'],
    mentions: 'updated_at',
  },
  {
    area: 'schema (Postgres)',
    question: 'Can a reference table become a GraphQL enum type?',
    pages: ['schema/postgres/enums'],
    mentions: 'is_enum',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I create an object relationship from a foreign key?',
    pages: ['schema/postgres/table-relationships/create'],
    mentions: 'object relationship',
  },
  {
    area: 'schema (Postgres)',
    question: 'How can I expose a raw SQL query as a GraphQL field with native queries?',
    pages: ['schema/postgres/native-queries'],
    mentions: 'native quer',
  },
  {
    area: 'schema (Postgres)',
    question: 'pg_track_table example',
    pages: ['schema/postgres/tables', 'api-reference/metadata-api/source'],
    mentions: 'pg_track_table',
  },
  {
    area: 'schema (Postgres)',
    question: 'Can I expose a Postgres view in the GraphQL API?',
    pages: ['schema/postgres/views', 'schema/postgres/postgres-guides/views'],
    mentions: 'view',
  },

  // Schema: other databases
  {
    area: 'schema (other databases)',
    question: 'How do I call a SQL Server stored procedure from GraphQL?',
    pages: ['schema/ms-sql-server/stored-procedures', 'api-reference/metadata-api/stored-procedures'],
    mentions: 'stored procedure',
  },
  {
    area: 'schema (other databases)',
    question: 'Which BigQuery column types are supported?',
    pages: ['schema/bigquery/bigquery-types'],
    mentions: 'INT64',
  },
  {
    area: 'schema (other databases)',
    question: 'How do I describe the shape of MongoDB documents with logical models?',
    pages: ['schema/mongodb/logical-models', 'schema/mongodb/index'],
    mentions: 'logical model',
  },

  // Auth
  {
    area: 'auth',
    question: 'How do I let users only see their own rows?',
    pages: [
      'auth/authorization/permissions/row-level-permissions',
      'auth/authorization/permissions/common-roles-auth-examples',
      'auth/authorization/quickstart',
    ],
    mentions: 'X-Hasura-User-Id',
  },
  {
    area: 'auth',
    question: 'How do I configure HASURA_GRAPHQL_JWT_SECRET?',
    pages: ['auth/authentication/jwt', 'auth/authentication/quickstart'],
    mentions: 'HASURA_GRAPHQL_JWT_SECRET',
  },
  {
    area: 'auth',
    question: 'Which claims does my JWT need for Hasura?',
    pages: ['auth/authentication/jwt'],
    mentions: 'x-hasura-default-role',
  },
  {
    area: 'auth',
    question: 'How does webhook authentication work?',
    pages: ['auth/authentication/webhook'],
    mentions: 'HASURA_GRAPHQL_AUTH_HOOK',
  },
  {
    area: 'auth',
    question: 'How can anonymous visitors query public data without logging in?',
    pages: ['auth/authentication/unauthenticated-access'],
    mentions: 'HASURA_GRAPHQL_UNAUTHORIZED_ROLE',
  },
  {
    area: 'auth',
    question: 'What are inherited roles?',
    pages: ['auth/authorization/inherited-roles'],
    mentions: 'inherited role',
  },
  {
    area: 'auth',
    question: 'How do I hide a column from some roles?',
    pages: ['auth/authorization/permissions/column-level-permissions', 'auth/authorization/permissions'],
    mentions: 'column',
  },
  {
    area: 'auth',
    question: 'How do I fill user_id from the session on insert so clients cannot set it?',
    pages: [
      'auth/authorization/permissions/column-presets',
      'schema/postgres/default-values/column-presets',
      'schema/ms-sql-server/default-values/mssql-column-presets',
    ],
    mentions: 'preset',
  },
  {
    area: 'auth',
    question: 'How do I make a mutation callable only from my backend with backend_only?',
    pages: ['auth/authorization/permissions/backend-only'],
    mentions: 'backend_only',
  },

  // Security
  {
    area: 'security',
    question: 'How do I disable introspection for some roles?',
    pages: ['security/disable-graphql-introspection', 'api-reference/metadata-api/introspection'],
    mentions: 'introspection',
  },
  {
    area: 'security',
    question: 'How do I allow only a fixed list of GraphQL operations in production?',
    pages: ['security/allow-list'],
    mentions: 'allow',
  },
  {
    area: 'security',
    question: 'Can I limit query depth and rate limit requests per role?',
    pages: ['security/api-limits', 'api-reference/metadata-api/api-limits'],
    mentions: 'depth',
  },

  // Actions
  {
    area: 'actions',
    question: 'How do I add a custom mutation that calls my own REST handler?',
    pages: ['actions/create', 'actions/quickstart', 'actions/overview'],
    mentions: 'handler',
  },
  {
    area: 'actions',
    question: 'How do async actions return their result?',
    pages: ['actions/async-actions'],
    mentions: 'async',
  },
  {
    area: 'actions',
    question: 'What payload does an action handler receive, and where are the session variables?',
    pages: ['actions/action-handlers'],
    mentions: 'session_variables',
  },
  {
    area: 'actions',
    question: 'How do I transform the request body for an existing REST API without writing code?',
    pages: ['actions/rest-connectors', 'event-triggers/rest-connectors'],
    mentions: 'transform',
  },

  // Remote schemas
  {
    area: 'remote schemas',
    question: 'How do I merge another GraphQL server into my Hasura API?',
    pages: ['remote-schemas/adding-schema', 'remote-schemas/overview', 'remote-schemas/quickstart'],
    mentions: 'remote schema',
  },
  {
    area: 'remote schemas',
    question: 'How do I forward the Authorization header to a remote schema?',
    pages: ['remote-schemas/auth/remote-schema-forward-auth', 'remote-schemas/adding-schema'],
    mentions: 'forward_client_headers',
  },
  {
    area: 'remote schemas',
    question: 'How can a remote schema type join to rows of a database table?',
    pages: [
      'remote-schemas/remote-relationships/remote-schema-db-relationships',
      'remote-schemas/remote-relationships/index',
    ],
    mentions: 'relationship',
  },

  // Event triggers
  {
    area: 'event triggers',
    question: 'How do I call a webhook whenever a row is inserted?',
    pages: ['event-triggers/create-trigger', 'event-triggers/quickstart', 'event-triggers/overview'],
    mentions: 'insert',
  },
  {
    area: 'event triggers',
    question: 'What does the event trigger payload look like?',
    pages: ['event-triggers/payload'],
    mentions: 'payload',
  },
  {
    area: 'event triggers',
    question: 'How many times is a failed event retried, and how do I change retry_conf?',
    pages: ['event-triggers/create-trigger', 'api-reference/metadata-api/event-triggers'],
    mentions: 'num_retries',
  },
  {
    area: 'event triggers',
    question: 'How do I delete old event logs automatically?',
    pages: ['event-triggers/clean-up/auto-cleanup', 'event-triggers/clean-up/index'],
    mentions: 'cleanup',
  },

  // Scheduled triggers
  {
    area: 'scheduled triggers',
    question: 'How do I run a webhook every day at midnight with a cron trigger?',
    pages: ['scheduled-triggers/create-cron-trigger', 'scheduled-triggers/quickstart'],
    mentions: 'cron',
  },
  {
    area: 'scheduled triggers',
    question: 'How can I schedule a one-off event for a specific time?',
    pages: ['scheduled-triggers/create-one-off-scheduled-event', 'api-reference/metadata-api/scheduled-triggers'],
    mentions: 'create_scheduled_event',
  },

  // Caching
  {
    area: 'caching',
    question: 'How do I cache a query response with @cached and a ttl?',
    pages: ['caching/caching-config', 'caching/overview', 'caching/quickstart', 'caching/how-it-works'],
    mentions: '@cached',
  },
  {
    area: 'caching',
    question: 'How do I force a cached query to refresh?',
    pages: ['caching/caching-config', 'caching/how-it-works'],
    mentions: 'refresh',
  },

  // RESTified endpoints
  {
    area: 'restified endpoints',
    question: 'How do I expose a GraphQL query as a REST endpoint?',
    pages: [
      'restified/create',
      'restified/overview',
      'restified/quickstart',
      'api-reference/metadata-api/restified-endpoints',
    ],
    mentions: 'REST',
  },
  {
    area: 'restified endpoints',
    question: 'Can I get an OpenAPI spec for my REST endpoints?',
    pages: ['restified/export-oas'],
    mentions: 'OpenAPI',
  },

  // Data federation
  {
    area: 'data federation',
    question: 'What is the GraphQL schema registry?',
    pages: ['data-federation/schema-registry'],
    mentions: 'schema registry',
  },
  {
    area: 'data federation',
    question: 'How do I join tables that live in two different databases?',
    pages: [
      'schema/postgres/remote-relationships/remote-source-relationships',
      'schema/ms-sql-server/remote-relationships/remote-source-relationships',
      'schema/bigquery/remote-relationships/remote-source-relationships',
      'schema/postgres/remote-relationships/index',
      'data-federation/data-federation-types',
    ],
    mentions: 'database',
  },

  // Databases
  {
    area: 'databases',
    question: 'How do I connect a Neon database?',
    pages: ['databases/postgres/neon'],
    mentions: 'Neon',
  },
  {
    area: 'databases',
    question: 'How do I send reads to a read replica?',
    pages: ['databases/database-config/read-replicas'],
    mentions: 'replica',
  },
  {
    area: 'databases',
    question: 'Which features does each database support?',
    pages: ['databases/feature-support'],
    mentions: 'support',
  },
  {
    area: 'databases',
    question: 'How do I set the connection pool size with max_connections?',
    pages: ['databases/database-config/index', 'deployment/performance-tuning'],
    mentions: 'max_connections',
  },

  // Deployment
  {
    area: 'deployment',
    question: 'How do I deploy Hasura on Kubernetes with Helm?',
    pages: ['deployment/deployment-guides/kubernetes-helm'],
    mentions: 'helm',
  },
  {
    area: 'deployment',
    question: 'Which environment variable turns off the console in production?',
    pages: [
      'deployment/graphql-engine-flags/reference',
      'deployment/securing-graphql-endpoint',
      'deployment/production-checklist',
    ],
    mentions: 'HASURA_GRAPHQL_ENABLE_CONSOLE',
  },
  {
    area: 'deployment',
    question: 'How do I upgrade Hasura GraphQL Engine to a newer version?',
    pages: ['deployment/updating-graphql-engine'],
    mentions: 'upgrade',
  },
  {
    area: 'deployment',
    question: 'What does the /healthz endpoint return?',
    pages: ['deployment/health-checks/healthz-check', 'api-reference/health'],
    mentions: 'healthz',
  },
  {
    area: 'deployment',
    question: 'How do I allow my frontend domain with CORS?',
    pages: [
      'deployment/graphql-engine-flags/reference',
      'deployment/graphql-engine-flags/config-examples',
      'deployment/securing-graphql-endpoint',
      'security/security-best-practices',
    ],
    mentions: 'HASURA_GRAPHQL_CORS_DOMAIN',
  },
  {
    area: 'deployment',
    question: 'Running Hasura behind an nginx reverse proxy',
    pages: ['deployment/serve-behind-proxy'],
    mentions: 'nginx',
  },

  // CLI
  {
    area: 'CLI',
    question: 'How do I install the Hasura CLI?',
    pages: ['hasura-cli/install-hasura-cli', 'hasura-cli/quickstart'],
    mentions: 'install',
  },
  {
    area: 'CLI',
    question: 'How do I squash many migrations into one?',
    pages: ['hasura-cli/commands/hasura_migrate_squash', 'migrations-metadata-seeds/manage-migrations'],
    mentions: 'squash',
  },
  {
    area: 'CLI',
    question: 'What options go into the CLI config.yaml?',
    pages: ['hasura-cli/config-reference'],
    mentions: 'config.yaml',
  },

  // Cloud
  {
    area: 'cloud',
    question: 'How do I use my own domain for a Cloud project?',
    pages: ['hasura-cloud/domains'],
    mentions: 'domain',
  },
  {
    area: 'cloud',
    question: 'Why did my free Cloud project go to sleep?',
    pages: ['hasura-cloud/projects/hibernation'],
    mentions: 'hibernat',
  },
  {
    area: 'cloud',
    question: 'Where do I set environment variables for a Hasura Cloud project?',
    pages: ['hasura-cloud/projects/env-vars'],
    mentions: 'environment variable',
  },
  {
    area: 'cloud',
    question: 'How do preview apps for pull requests work?',
    pages: ['cloud-ci-cd/preview-apps'],
    mentions: 'preview',
  },

  // Enterprise
  {
    area: 'enterprise',
    question: 'How do I set up console single sign-on with LDAP?',
    pages: ['enterprise/sso/ldap'],
    mentions: 'LDAP',
  },
  {
    area: 'enterprise',
    question: 'How do I move from the Community Edition to Enterprise Edition?',
    pages: ['enterprise/upgrade-ce-to-ee'],
    mentions: 'Community Edition',
  },

  // Observability
  {
    area: 'observability',
    question: 'How do I export traces with OpenTelemetry?',
    pages: [
      'observability/opentelemetry/graphql-engine',
      'observability/cloud/opentelemetry',
      'observability/opentelemetry',
    ],
    mentions: 'OpenTelemetry',
  },
  {
    area: 'observability',
    question: 'Which Prometheus metrics does Hasura expose?',
    pages: ['observability/enterprise-edition/prometheus/metrics', 'observability/enterprise-edition/prometheus/index'],
    mentions: 'hasura_',
  },
  {
    area: 'observability',
    question: 'What are query tags and how do they show up in the database logs?',
    pages: ['observability/query-tags'],
    mentions: 'query tags',
  },
  {
    area: 'observability',
    question: 'How do I send Hasura Cloud logs and metrics to Datadog?',
    pages: ['observability/cloud/datadog'],
    mentions: 'Datadog',
  },

  // Migrations, metadata, seeds
  {
    area: 'migrations/metadata/seeds',
    question: 'How do I apply migrations automatically when the container starts?',
    pages: ['migrations-metadata-seeds/auto-apply-migrations'],
    mentions: 'cli-migrations',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'My metadata is inconsistent, how do I fix it?',
    pages: [
      'migrations-metadata-seeds/resolving-metadata-inconsistencies',
      'hasura-cli/commands/hasura_metadata_inconsistency',
    ],
    mentions: 'inconsisten',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'How do I load seed data into a fresh database?',
    pages: ['migrations-metadata-seeds/manage-seeds', 'hasura-cli/commands/hasura_seed_apply'],
    mentions: 'seed',
  },
  {
    area: 'migrations/metadata/seeds',
    question: 'How do I start over and reset all my migrations?',
    pages: ['migrations-metadata-seeds/resetting-migrations-metadata'],
    mentions: 'reset',
  },

  // API reference
  {
    area: 'API reference',
    question: 'What is the endpoint of the metadata API?',
    pages: ['api-reference/metadata-api/index', 'api-reference/general-info', 'api-reference/overview'],
    mentions: '/v1/metadata',
  },
  {
    area: 'API reference',
    question: 'How do I run raw SQL with run_sql?',
    pages: ['api-reference/schema-api/run-sql', 'api-reference/schema-metadata-api/run-sql'],
    mentions: 'run_sql',
  },
  {
    area: 'API reference',
    question: 'How can I see the SQL that a GraphQL query generates?',
    pages: ['api-reference/explain', 'queries/postgres/performance', 'queries/ms-sql-server/performance'],
    mentions: 'explain',
  },
  {
    area: 'API reference',
    question: 'Kriti template syntax for request transforms',
    pages: ['api-reference/kriti-templating'],
    mentions: 'Kriti',
  },

  // Wiki
  {
    area: 'wiki',
    question: 'How should I write headings in a docs page?',
    pages: ['wiki/style/headings', 'wiki/docusaurus-mdx-guide/headings'],
    mentions: 'heading',
  },
  {
    area: 'wiki',
    question: 'How do I show a query and its response with the GraphiQLIDE component?',
    pages: ['wiki/docusaurus-mdx-guide/graphiql-ide'],
    mentions: 'GraphiQLIDE',
  },
  {
    area: 'wiki',
    question: 'Which admonition types can I use in the docs?',
    pages: ['wiki/docusaurus-mdx-guide/admonitions'],
    mentions: 'admonition',
  },
  {
    area: 'wiki',
    question: 'What should I check before my docs pull request is merged?',
    pages: ['wiki/checklist'],
    mentions: 'merge',
  },

  // Written after the ranking was tuned on the questions above, to check that it generalises.
  {
    area: 'deployment',
    question: 'How do I remove everything Hasura created in my database?',
    pages: ['deployment/remove'],
    mentions: 'hdb_catalog',
  },
  {
    area: 'databases',
    question: 'Can I use Hasura with MySQL?',
    pages: ['databases/mysql/index'],
    mentions: 'MySQL',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I rename a relationship?',
    pages: [
      'schema/postgres/table-relationships/rename',
      'schema/ms-sql-server/table-relationships/rename',
      'schema/bigquery/table-relationships/rename',
    ],
    mentions: 'rename',
  },
  {
    area: 'observability',
    question: 'How do I see Hasura metrics in Grafana dashboards?',
    pages: [
      'observability/enterprise-edition/prometheus/integrate-prometheus-grafana',
      'observability/enterprise-edition/prometheus/pre-built-dashboards',
      'observability/opentelemetry/grafana-cloud-otlp-guide',
    ],
    mentions: 'Grafana',
  },
  {
    area: 'auth',
    question: 'How can I rotate the admin secret without downtime?',
    pages: ['auth/authentication/multiple-admin-secrets'],
    mentions: 'HASURA_GRAPHQL_ADMIN_SECRETS',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I validate mutation input with my own webhook before it reaches the database?',
    pages: ['schema/postgres/input-validations'],
    mentions: 'webhook',
  },
  {
    area: 'security',
    question: 'What are query collections?',
    pages: ['security/allow-list', 'api-reference/metadata-api/restified-endpoints'],
    mentions: 'query collection',
  },
  {
    area: 'schema (Postgres)',
    question: 'How do I import rows from a CSV file?',
    pages: ['schema/postgres/postgres-guides/import-data-from-csv'],
    mentions: 'CSV',
  },
  {
    area: 'cloud',
    question: 'How do I transfer a Cloud project to someone else?',
    pages: ['hasura-cloud/projects/ownership'],
    mentions: 'transfer',
  },
  {
    area: 'wiki',
    question: 'How do I put Console, CLI and API instructions in tabs on a docs page?',
    pages: ['wiki/docusaurus-mdx-guide/tabs'],
    mentions: 'Tabs',
  },
  {
    area: 'subscriptions',
    question: 'How does the cursor of a streaming subscription work?',
    pages: ['subscriptions/postgres/streaming/index'],
    mentions: 'cursor',
  },
  {
    area: 'auth',
    question: 'Can Hasura fetch rotating signing keys from a jwk_url?',
    pages: ['auth/authentication/jwt'],
    mentions: 'jwk_url',
  },
  {
    area: 'cloud',
    question: 'Which regions can a Hasura Cloud project run in?',
    pages: ['hasura-cloud/regions', 'hasura-cloud/projects/regions'],
    mentions: 'region',
  },
];

/** The questions the evaluation asks: the first set, then the readers' own words. */
export const QUESTIONS: EvalQuestion[] = [...FIRST_QUESTIONS, ...READER_QUESTIONS];
