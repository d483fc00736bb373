// Highlighting in the hosted service's format: HTML-escaped text with every word that matches a
// query term (see isCloseMatch) wrapped in the pre/post tags DocSearch asked for (<mark> by default).
import { editDistance, escapeHtml } from '../../../text';
import { allowedEdits } from './typos';

/** The query's terms, lower-cased, as Pagefind splits them (letters, digits, _ and -). */
export function queryTerms(query: string): string[] {
  // A flag's leading dashes are not part of the word Pagefind indexed ("--admin-secret").
  return (query.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? []).map((t) => t.replace(/^-+|-+$/g, '')).filter(Boolean);
}

export function highlight(text: string, terms: string[], pre = '<mark>', post = '</mark>'): string {
  if (terms.length === 0) return escapeHtml(text);
  return text
    .split(/([\p{L}\p{N}_-]+)/u)
    .map((part, i) => {
      const escaped = escapeHtml(part);
      const isWord = i % 2 === 1;
      return isWord && terms.some((t) => isCloseMatch(t, part.toLowerCase())) ? `${pre}${escaped}${post}` : escaped;
    })
    .join('');
}

export function matchesAny(text: string, terms: string[]): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? [];
  return words.some((word) => terms.some((t) => isCloseMatch(t, word)));
}

/**
 * A query term matches a word it starts, a word with the same stem (Pagefind stems: "migrate"
 * finds "migrations"), or a word within typo distance of it.
 */
export function isCloseMatch(term: string, word: string): boolean {
  let common = 0;
  while (common < term.length && term[common] === word[common]) common++;
  return (
    common === term.length ||
    common >= Math.max(4, term.length - 2) ||
    editDistance(term, word, allowedEdits(term)) <= allowedEdits(term)
  );
}
