// What retrieval knows about these docs, apart from how it ranks (rank.ts): the page a section is on, the
// databases with pages of their own, sections that only point elsewhere, and legacy pages.

import type { CorpusSection } from './corpus-schema.js';
import { DATABASES, isLegacyPage, LEGACY_TITLE } from './docs-facts.js';
import { phraseKey } from './tokenize.js';

/** The page a section is on: its URL without the anchor. */
export function pageUrlOf(section: CorpusSection): string {
  const hash = section.url.indexOf('#');
  return hash === -1 ? section.url : section.url.slice(0, hash);
}

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
 * Pages about deprecated APIs or legacy project formats (docs-facts.ts), or sections of a page that
 * say so in a heading; the page's description may say so too.
 */
export function isLegacy(section: CorpusSection, description = ''): boolean {
  const path = pageUrlOf(section).replace(/^\/docs\/2\.0\//, '');
  return (
    isLegacyPage(path, section.pageTitle) ||
    /^deprecated\b/i.test(description) ||
    section.headings.some((h) => LEGACY_TITLE.test(h))
  );
}
