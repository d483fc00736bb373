// From hits (the DocSearch record shape both backends return) to what the dialog and the search
// page show: one item per hit, titled page › heading (never a content fragment), with the snippet
// apart, and grouped by section (lvl0) in the order the sections first appear, as DocSearch did.
import { NEW_ISSUE_URL } from '../../../constants';
import { escapeHtml } from '../../../text';
import { hitPath, type Hit } from '../backend';

export interface ResultItem {
  key: string;
  /** Path and anchor on this site. */
  path: string;
  section: string;
  /** Highlighted HTML (escaped text with <mark>) of the page title and of the heading, if any. */
  pageHtml: string;
  headingHtml: string | null;
  heading: string | null;
  snippetHtml: string | null;
}

const LEVELS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export function toResultItem(hit: Hit): ResultItem {
  const h = hit.hierarchy;
  const highlighted = hit._highlightResult?.hierarchy ?? {};
  const html = (level: string, text: string) => highlighted[level]?.value ?? escapeHtml(text);
  // The deepest heading the hit sits under: lvl2…lvl6.
  const level = [...LEVELS].reverse().find((l) => h[l]);
  const page = h.lvl1 ?? h.lvl0 ?? '';
  const snippet = hit._snippetResult?.content?.value ?? (hit.content ? escapeHtml(hit.content) : null);
  return {
    key: hit.objectID,
    path: hitPath(hit.url),
    section: h.lvl0 ?? '',
    pageHtml: html('lvl1', page),
    heading: level ? h[level]! : null,
    headingHtml: level ? html(level, h[level]!) : null,
    snippetHtml: snippet || null,
  };
}

export interface ResultGroup {
  title: string;
  items: ResultItem[];
}

export function groupHits(hits: Hit[]): ResultGroup[] {
  const groups = new Map<string, ResultItem[]>();
  for (const hit of hits) {
    const item = toResultItem(hit);
    const items = groups.get(item.section) ?? [];
    if (!items.some((i) => i.path === item.path)) items.push(item);
    groups.set(item.section, items);
  }
  return [...groups].map(([title, items]) => ({ title, items }));
}

/** "Let us know.": a new issue on the docs with the query filled in. */
export function missingResultsUrl(query: string): string {
  const url = new URL(NEW_ISSUE_URL);
  url.searchParams.set('title', `Docs search: no results for "${query}"`);
  url.searchParams.set('body', `Searching the v2.x docs for "${query}" returned nothing. I expected to find: `);
  url.searchParams.set('labels', 'docs');
  return url.toString();
}

const QUESTION_START =
  /^(how|what|why|when|where|which|who|whose|can|could|does|do|did|is|are|was|should|would|will|shall|may|has|have|am)\b/i;

/** A query that reads as a question goes to the docs assistant first. */
export function readsAsQuestion(query: string): boolean {
  const q = query.trim();
  return q.endsWith('?') || (QUESTION_START.test(q) && q.split(/\s+/).length >= 3);
}
