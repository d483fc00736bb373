/**
 * Facts about these docs that both the search index (site/src/plugins/search/ranking.ts) and the
 * assistant's retrieval (rank.ts, domain.ts, intent.ts, tokenize.ts) rely on: the databases with pages
 * of their own and the words that name them, which pages are legacy, what an identifier looks like,
 * and the words that say how a question is asked rather than what it is about. One home, no imports,
 * so the browser's search chunk can take it (imported as `docs-server/docs-facts`).
 */

/**
 * Databases with pages of their own (a folder in the URL) and the words readers use for them. Many
 * pages exist once per database; a question that names no database is about Postgres, the engine's
 * first database and the one most readers use.
 */
export const DATABASES: readonly { folder: string; names: readonly string[] }[] = [
  { folder: 'postgres', names: ['postgres', 'postgresql', 'pg'] },
  { folder: 'ms-sql-server', names: ['sql server', 'mssql', 'ms sql', 'sqlserver', 'azure sql'] },
  { folder: 'bigquery', names: ['bigquery', 'big query'] },
  { folder: 'snowflake', names: ['snowflake'] },
  { folder: 'mongodb', names: ['mongodb', 'mongo'] },
  { folder: 'athena', names: ['athena'] },
  { folder: 'clickhouse', names: ['clickhouse'] },
  { folder: 'mariadb', names: ['mariadb'] },
  { folder: 'mysql', names: ['mysql'] },
  { folder: 'oracle', names: ['oracle'] },
  { folder: 'redshift', names: ['redshift'] },
  { folder: 'citus-hyperscale-postgres', names: ['citus', 'hyperscale'] },
  { folder: 'cockroachdb', names: ['cockroachdb', 'cockroach'] },
];

/**
 * Legacy pages: deprecated APIs and old project formats, still documented for those who need them,
 * while a reader who does not ask for them wants the current way. Known by their folder or by a
 * title (or heading) that says so.
 */
export const LEGACY_PATH = /(?:^|\/)(?:schema-metadata-api|schema-api|legacy[^/]*)(?:\/|$)/;
export const LEGACY_TITLE = /\b(?:deprecated|legacy)\b/i;
/** Words with which a reader asks for a legacy page. */
export const LEGACY_WORDS: readonly string[] = [
  'legacy',
  'deprecated',
  'v1',
  'config v2',
  'config v1',
  'schema api',
  'query api',
];

export function isLegacyPage(path: string, title: string): boolean {
  return LEGACY_PATH.test(path) || LEGACY_TITLE.test(title);
}

/**
 * What a reader types to name one thing: a flag (--enable-console), an env var
 * (HASURA_GRAPHQL_JWT_SECRET), an operator (_ilike), a snake_case name (pg_track_table), a header
 * (X-Hasura-Role). Plain words are not identifiers.
 */
export const IDENTIFIER =
  /^(?:--?[a-z][a-z0-9-]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|_[a-z][a-z0-9_]*|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[Xx]-[A-Za-z]+(?:-[A-Za-z]+)+)$/;

/**
 * Words that say how a question is asked, not what it is about: English function words and the
 * fillers of questions ("how do I…", "is there a way to…", "please help").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any anyone are as at be because been before
  being below between both but by can cannot could did do does doing done down during each eg etc
  few for from further get gets getting go goes going got had has have having he hello her here hers hi him his
  how i ie if in into is it its itself just know let lets like look looks me might more most must
  my myself need needs no nor not now of off on once only or other our ours out over please
  possible same she should so some someone something such tell than thank thanks that the their
  theirs them then there these they thing things this those through to too under until up us very
  want wants was way we went were what when where whether which while who whom whose why will with work
  works would yes you your yours`.split(/\s+/),
);
