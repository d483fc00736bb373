// From Pagefind's page data to hits in the contract's shape (backend.ts): a page's best sections,
// each typed as the hosted crawler would type the record that matched, with the query's terms marked.
import type { Hit } from '../backend';
import { IDENTIFIER } from '../ranking';
import { anchorFor } from '../../table-anchors/anchor';
import { highlight, matchesAny } from './highlight';
import type { PagefindData } from './pagefind';

const PRE = '<mark>';
const POST = '</mark>';

/**
 * The hits of one page: its best sections (most matches first), each typed as the hosted crawler
 * would type the record that matched: a heading (lvl1-lvl3) when the heading itself matches,
 * otherwise content under that heading. A query that is one identifier with a row of its own in a
 * reference table of the page (`rows` meta) gets that row first, titled page › identifier.
 */
export function toHits(data: PagefindData, terms: string[], origin: string, query = ''): Hit[] {
  const hits = sectionHits(data, terms, origin);
  const row = IDENTIFIER.test(query) ? anchorFor(query) : '';
  if (!row || !(data.meta.rows ?? '').split(' ').includes(row)) return hits;
  const page = data.url.split('#')[0]!;
  const hierarchy: Hit['hierarchy'] = {
    lvl0: data.meta.section ?? '',
    lvl1: data.meta.title ?? '',
    lvl2: query,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const highlighted = highlightHierarchy(hierarchy, terms);
  const rowHit: Hit = {
    objectID: `${page}#${row}`,
    url: `${origin}${page}#${row}`,
    type: 'lvl2',
    hierarchy,
    content: null,
    _highlightResult: { hierarchy: highlighted },
    _snippetResult: {
      ...(hits[0]?._snippetResult.content && { content: hits[0]._snippetResult.content }),
      hierarchy: snippetHierarchy(highlighted),
    },
  };
  return [rowHit, ...hits.filter((hit) => hit.objectID !== rowHit.objectID)];
}

/** The hierarchy's levels with the query's terms marked, in the hosted service's shape. */
function highlightHierarchy(hierarchy: Hit['hierarchy'], terms: string[]): Hit['_highlightResult']['hierarchy'] {
  const highlighted: Hit['_highlightResult']['hierarchy'] = {};
  for (const [key, value] of Object.entries(hierarchy)) {
    if (value !== null) {
      highlighted[key] = {
        value: highlight(value, terms, PRE, POST),
        matchLevel: matchesAny(value, terms) ? 'full' : 'none',
      };
    }
  }
  return highlighted;
}

const snippetHierarchy = (highlighted: Hit['_highlightResult']['hierarchy']) =>
  Object.fromEntries(Object.entries(highlighted).map(([k, v]) => [k, { value: v.value }]));

function sectionHits(data: PagefindData, terms: string[], origin: string): Hit[] {
  const title = data.meta.title ?? '';
  const section = data.meta.section ?? '';
  const anchors = data.anchors ?? [];
  const subResults = data.sub_results.length
    ? data.sub_results
    : [{ title, url: data.url, excerpt: data.excerpt, locations: [] as number[] }];
  const ranked = subResults
    .map((sub, order) => ({ sub, order }))
    .sort((a, b) => b.sub.locations.length - a.sub.locations.length || a.order - b.order);
  return ranked.map(({ sub }) => {
    const level = sub.anchor && /^h[23]$/.test(sub.anchor.element) ? Number(sub.anchor.element[1]) : 1;
    const lvl2 =
      level === 3
        ? ([...anchors].reverse().find((a) => a.element === 'h2' && a.location < sub.anchor!.location)?.text ?? null)
        : level === 2
          ? sub.title
          : null;
    const lvl3 = level === 3 ? sub.title : null;
    const heading = level === 1 ? title : sub.title;
    const type: Hit['type'] = matchesAny(heading, terms) ? (`lvl${level}` as Hit['type']) : 'content';
    const hierarchy: Hit['hierarchy'] = { lvl0: section, lvl1: title, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null };
    const highlighted = highlightHierarchy(hierarchy, terms);
    // Pagefind marks matches with <mark>, the contract's tags.
    const snippet = sub.excerpt;
    const content = type === 'content' ? plainText(sub.excerpt) : null;
    return {
      objectID: sub.url,
      url: `${origin}${sub.url}`,
      type,
      hierarchy,
      content,
      _highlightResult: {
        hierarchy: highlighted,
        ...(content !== null && { content: { value: snippet, matchLevel: 'full' as const } }),
      },
      // Every hit gets its snippet, heading hits too: the dialog shows one under each title.
      _snippetResult: {
        ...(snippet && { content: { value: snippet } }),
        hierarchy: snippetHierarchy(highlighted),
      },
    };
  });
}

function plainText(excerpt: string): string {
  return excerpt
    .replace(/<\/?mark>/g, '')
    .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, e: string) =>
      e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'amp' ? '&' : "'",
    );
}
