// What retrieval knows about these docs, apart from how it ranks (rank.ts): the page a section is on, the
// databases with pages of their own, sections that only point elsewhere, and legacy pages.

import type { CorpusSection } from './corpus-schema.js';
import { phraseKey } from './tokenize.js';

/** The page a section is on: its URL without the anchor. */
export function pageUrlOf(section: CorpusSection): string {
  const hash = section.url.indexOf('#');
  return hash === -1 ? section.url : section.url.slice(0, hash);
}

/**
 * Databases with pages of their own (a folder in the URL) and the words that name them.
 * Many pages exist once per database; a question that names no database is about
 * Postgres, the engine's first database and the one most readers use.
 */
export const DATABASES: { folder: string; names: string[] }[] = [
  { folder: 'postgres', names: ['postgres', 'postgresql', 'pg'] },
  { folder: 'ms-sql-server', names: ['sql server', 'mssql', 'ms sql'] },
  { folder: 'bigquery', names: ['bigquery', 'big query'] },
  { folder: 'snowflake', names: ['snowflake'] },
  { folder: 'mongodb', names: ['mongodb', 'mongo'] },
  { folder: 'athena', names: ['athena'] },
  { folder: 'clickhouse', names: ['clickhouse'] },
  { folder: 'mariadb', names: ['mariadb'] },
  { folder: 'mysql', names: ['mysql'] },
  { folder: 'oracle', names: ['oracle'] },
  { folder: 'redshift', names: ['redshift'] },
  { folder: 'citus-hyperscale-postgres', names: ['citus'] },
  { folder: 'cockroachdb', names: ['cockroachdb', 'cockroach'] },
];

const DATABASE_NAMES = DATABASES.map(({ folder, names }) => ({ folder, keys: names.map(phraseKey) }));

/** The database a section is specific to: the deepest database folder of its URL. */
export function databaseOf(section: CorpusSection): string | undefined {
  const folders = new Set(pageUrlOf(section).split('/'));
  return DATABASES.filter(({ folder }) => folders.has(folder)).at(-1)?.folder;
}

/** The databases a question names; Postgres when it names none. */
export function namedDatabases(key: string): Set<string> {
  const named = DATABASE_NAMES.filter(({ keys }) => keys.some((k) => key.includes(k))).map(({ folder }) => folder);
  return new Set(named.length > 0 ? named : ['postgres']);
}

/**
 * Sections that only point to other pages ("What's next", "Pages in this section"): they name
 * many topics in few words, so they would match many questions without answering any.
 */
const NAVIGATION_HEADING =
  /^(?:what[’']s next|next steps|see also|learn more|related pages|pages in this section|in this (?:section|group)|choose a (?:guide|path))$/i;

export function isNavigation(section: CorpusSection): boolean {
  const heading = section.headings.at(-1);
  return heading !== undefined && NAVIGATION_HEADING.test(heading);
}

/**
 * Pages about deprecated APIs or legacy project formats: still documented for those who need
 * them, but a reader who does not ask for them wants the current way.
 */
export function isLegacy(section: CorpusSection, description = ''): boolean {
  return (
    /\bdeprecated\b/i.test(section.pageTitle) ||
    /^deprecated\b/i.test(description) ||
    /\/legacy[^/]*\//.test(pageUrlOf(section)) ||
    section.headings.some((h) => /\b(?:deprecated|legacy)\b/i.test(h))
  );
}
