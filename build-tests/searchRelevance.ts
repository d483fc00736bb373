// Scores search queries against the embedded index: for each query, the pages of the first results
// (in the order the search page lists them) against the pages that count as right. `first`: the
// first result must be one of them (a concept's main page); `top3`: one of them in the first three.
import type { SearchBackend } from '../site/src/plugins/search/backend';
import { SEARCH_TAGS } from '../site/src/plugins/search/settings';

export interface RelevanceCase {
  query: string;
  kind: 'identifier' | 'concept' | 'phrase' | 'natural' | 'typo';
  /** Routes without the base URL, with a trailing slash: "auth/authentication/jwt/". */
  pages: string[];
  rule: 'first' | 'top3';
}

export interface CaseResult {
  case: RelevanceCase;
  top: string[];
  pass: boolean;
}

const FILTERS = ['language:en', [`docusaurus_tag:${SEARCH_TAGS.docs}`, `docusaurus_tag:${SEARCH_TAGS.wiki}`]];

/** `newBackend` is called once per query: each query is scored as a reader's first search. */
export async function scoreCases(newBackend: () => SearchBackend, cases: RelevanceCase[]): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const answer = await newBackend().search({
      query: c.query,
      hitsPerPage: 3,
      facetFilters: FILTERS,
      sectionsPerPage: 1,
    });
    const top = answer.hits.map((h) => new URL(h.url).pathname.replace(/^\/docs\/2\.0\//, ''));
    const pass = c.rule === 'first' ? c.pages.includes(top[0] ?? '') : top.slice(0, 3).some((p) => c.pages.includes(p));
    results.push({ case: c, top, pass });
  }
  return results;
}

export function share(results: CaseResult[]): number {
  return results.length ? results.filter((r) => r.pass).length / results.length : 0;
}

export function summary(name: string, results: CaseResult[], { byKind: withKinds = true } = {}): string {
  const total = `${name}: ${(share(results) * 100).toFixed(1)}% of ${results.length} queries`;
  if (!withKinds) return total;
  const kinds = [...new Set(results.map((r) => r.case.kind))];
  const byKind = kinds.map((k) => {
    const of = results.filter((r) => r.case.kind === k);
    return `${k} ${(share(of) * 100).toFixed(0)}% of ${of.length}`;
  });
  return `${total} (${byKind.join(', ')})`;
}

export function describeMisses(results: CaseResult[]): string {
  return results
    .filter((r) => !r.pass)
    .map((r) => `"${r.case.query}" [${r.case.kind}, ${r.case.rule}] → ${r.top.join(', ') || 'nothing'}`)
    .join('\n');
}
