// Highlighting in the hosted service's format: HTML-escaped text with every word that starts with a
// query term wrapped in the pre/post tags DocSearch asked for (<mark> by default).

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The query's terms, lower-cased, as Pagefind splits them (letters, digits, _ and -). */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().match(/[\p{L}\p{N}_-]+/gu) ?? [];
}

export function highlight(text: string, terms: string[], pre = '<mark>', post = '</mark>'): string {
  if (terms.length === 0) return escapeHtml(text);
  return text
    .split(/([\p{L}\p{N}_-]+)/u)
    .map((part, i) => {
      const escaped = escapeHtml(part);
      const isWord = i % 2 === 1;
      return isWord && terms.some((t) => part.toLowerCase().startsWith(t)) ? `${pre}${escaped}${post}` : escaped;
    })
    .join('');
}

export function matchesAny(text: string, terms: string[]): boolean {
  return highlight(text, terms, '\u0001', '\u0002').includes('\u0001');
}
