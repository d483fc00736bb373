import { BASE_URL } from '../../constants';

/**
 * Starter questions for an empty panel, fitting the part of the docs the reader is in (the
 * first folder of the page's path). Written in readers' words; each is answered by the docs.
 */
const BY_SECTION: Record<string, string[]> = {
  auth: [
    'How do I set up JWT authentication?',
    'How do I let users see only their own rows?',
    'How can I rotate the admin secret without downtime?',
  ],
  queries: [
    'How do I paginate a query?',
    'How do I filter on a related table?',
    'How do I count rows that match a filter?',
  ],
  mutations: [
    'How do I insert a row or update it if it exists?',
    'How do I insert an object with its related rows?',
    'How do I increment a counter column?',
  ],
  subscriptions: [
    'What is the difference between live queries and streaming subscriptions?',
    'How do I subscribe to new rows as they are inserted?',
    'How often do live queries refetch?',
  ],
  schema: ['How do I track an existing table?', 'How do I add a computed field?', 'How do I create a relationship?'],
  databases: [
    'How do I connect a Postgres database?',
    'How do I set up read replicas?',
    'How do I limit the connection pool size?',
  ],
  actions: [
    'How do I add custom business logic with an action?',
    'How do I write an action handler?',
    'What are asynchronous actions?',
  ],
  'remote-schemas': [
    'How do I add a remote schema?',
    'How do I forward auth headers to a remote schema?',
    'How do I join a remote schema to a table?',
  ],
  'event-triggers': [
    'How do I call a webhook when a row is inserted?',
    'How do event trigger retries work?',
    'How do I clean up old event logs?',
  ],
  'scheduled-triggers': [
    'How do I create a cron trigger?',
    'How do I schedule a one-off event?',
    'What happens if a scheduled event fails?',
  ],
  deployment: [
    'How do I run Hasura with Docker?',
    'Which environment variables does the server read?',
    'How do I put Hasura behind a reverse proxy with HTTPS?',
  ],
  'migrations-metadata-seeds': [
    'How do I create and apply a migration?',
    'How do I export and apply metadata?',
    'How do I fix inconsistent metadata?',
  ],
  'hasura-cli': [
    'How do I install the Hasura CLI?',
    'How do I start a new project with the CLI?',
    'What does hasura deploy do?',
  ],
  security: [
    'How do I restrict queries with an allow list?',
    'How do I limit query depth?',
    'How do I disable introspection?',
  ],
  observability: [
    'How do I export traces with OpenTelemetry?',
    'How do I scrape metrics with Prometheus?',
    'Which log types can I enable?',
  ],
  caching: ['How do I cache a query response?', 'How long are responses cached?', 'How do I clear the cache?'],
  wiki: [
    'How do I add a callout box to a page?',
    'What front matter does a docs page need?',
    'How should I name the language of a code block?',
  ],
};

const GENERAL = [
  'How do I set up JWT authentication?',
  'How do I paginate a query?',
  'How do I call a webhook when a row is inserted?',
];

/** Three starter questions for the page at `pathname`. */
export function startersFor(pathname: string): string[] {
  const path = pathname.startsWith(BASE_URL) ? pathname.slice(BASE_URL.length) : pathname.replace(/^\//, '');
  const section = path.split('/')[0] ?? '';
  return BY_SECTION[section] ?? GENERAL;
}
