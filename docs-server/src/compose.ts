import type { CorpusSection } from './corpus-schema.js';
import { pageUrlOf } from './domain.js';
import { isProse, leadBlocks, readsAsText, relevance, sourceTitle, splitSentences, termsOf } from './lead.js';
import { wellFormed, type Source } from './protocol.js';
import type { AnalyzedQuery, Hit, SearchIndex } from './rank.js';
import { tokenize } from './tokenize.js';

export { sourceTitle } from './lead.js';

/**
 * The answer without a model. It leads with the part of the best section that answers the
 * question, quoted as the docs write it (the corpus keeps each section as Markdown blocks, so
 * steps stay ordered lists, tables stay tables, code keeps its language and callouts stay
 * callouts), then "More on this" links to up to five other sections. Sentences of different
 * sections are never joined into one paragraph.
 */

/** Below this share of the question's concepts, the best section is too weak to answer from. */
export const MIN_COVERAGE = 0.3;
/** Below this score, likewise (a single common word matching is not an answer). */
export const MIN_SCORE = 3;
/** A section of the best page that scores this share of the best joins the lead, under its heading. */
export const COMPANION_RATIO = 0.8;
/** A section is offered under "More on this" when it scores at least this share of the best. */
const MORE_RATIO = 0.3;
const MAX_MORE = 5;
/** Sections of the lead's own page under "More on this" (the rest come from other pages). */
const MAX_MORE_SAME_PAGE = 2;
/** Pages offered when the docs do not answer. */
const WEAK_PAGES = 3;

export interface ComposedAnswer {
  text: string;
  sources: Source[];
  /** True when nothing in the docs answered well enough; the text then offers the closest pages. */
  weak: boolean;
}
export function isWeak(hits: Hit[]): boolean {
  const best = hits[0];
  return !best || best.coverage < MIN_COVERAGE || best.score < MIN_SCORE;
}
function markdownLink(title: string, url: string): string {
  const safeUrl = url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${title.replace(/[[\]]/g, '')}](${safeUrl})`;
}

/**
 * The sentences to sum a section up from, block by block: its paragraphs, lists and callouts, not its tables and
 * code read as text, so that a lead-in and the next paragraph never run together.
 */
function gistSentences(section: CorpusSection): string[] {
  if (!section.blocks) return splitSentences(section.text);
  return section.blocks.filter(readsAsText).flatMap((block) =>
    splitSentences(
      block
        .replace(/^\s*(?:[-*+]|\d+[.)]|>)\s*/gm, '')
        .replace(/\*\*|__/g, '')
        .replace(/\s*\n\s*/g, ' '),
    ),
  );
}

/** A table's first column (its keys, fields or messages), for a section that is only a table. */
function tableKeys(table: string | undefined): string {
  if (!table) return '';
  const rows = table.split('\n').slice(2);
  return rows
    .map((row) => row.split('|')[1]?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

/**
 * What a "More on this" link is about: another page's description (its author's one-line
 * summary), or the first sentence of another section of the lead's page.
 */
function gist(index: SearchIndex, section: CorpusSection, leadPage: string): string {
  const page = pageUrlOf(section);
  // A page's introduction is what its description sums up.
  const description = page !== leadPage || section.headings.length === 0 ? index.descriptions.get(page) : undefined;
  // Else its first sentence (of a paragraph, list or callout), skipping one that introduces code or a list, which
  // says nothing without it; a section that is only a table, by its keys.
  const first =
    description ||
    gistSentences(section).find((sentence) => !/:$/.test(sentence)) ||
    tableKeys(section.blocks?.find((block) => block.startsWith('|')));
  if (first.length <= 160) return first;
  let cut = first.slice(0, 157).replace(/\s+\S*$/, '');
  // Never end inside a code span.
  if ((cut.match(/`/g) ?? []).length % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`')).trimEnd();
  // Nor inside a link.
  if (cut.lastIndexOf('[') > cut.lastIndexOf(')')) cut = cut.slice(0, cut.lastIndexOf('[')).trimEnd();
  return `${cut}…`;
}

/**
 * Up to five other sections worth reading: close enough to the best, on the question's topic (their
 * page title or headings name something the question asks about), at most two of the lead's page, one
 * of any other page, and none that the lead already quotes.
 */
export function moreSections(hits: Hit[], covered: Set<string>, onTopic: (hit: Hit) => boolean = () => true): Hit[] {
  const best = hits[0];
  if (!best) return [];
  const leadPage = pageUrlOf(best.section);
  const perPage = new Map<string, number>();
  const chosen: Hit[] = [];
  for (const hit of hits.slice(1)) {
    if (chosen.length === MAX_MORE) break;
    if (covered.has(hit.section.url) || hit.score < best.score * MORE_RATIO || !onTopic(hit)) continue;
    const page = pageUrlOf(hit.section);
    const count = perPage.get(page) ?? 0;
    if (count >= (page === leadPage ? MAX_MORE_SAME_PAGE : 1)) continue;
    perPage.set(page, count + 1);
    chosen.push(hit);
  }
  return chosen;
}

/** A question that asks whether something can be done or is so: "can I…", "is there…", "does Hasura…". */
const YES_NO_QUESTION =
  /^(?:can|could|does|do|did|is|are|will|would|should|may|has|have)\b(?!.*\b(?:how|what|which|where|why|when)\b.*\?\s*$)/i;
const SAYS_NO =
  /\b(?:cannot|can't|can not|is not (?:supported|possible|available)|are not (?:supported|available)|isn't (?:supported|possible)|not supported|does not support|doesn't support|do not support|no way to|there is no)\b/i;
const SAYS_YES =
  /\b(?:you can|can be|can also|supports?|lets you|allows?|is possible|are supported|is supported|works? with)\b/i;

/**
 * "Yes." or "No." for a yes/no question when the lead's sentence most about the question says so
 * (and covers at least two of its concepts), else nothing: the answer then stands on the quote alone.
 */
export function yesOrNo(index: SearchIndex, query: AnalyzedQuery, question: string, blocks: string[]): string {
  if (!YES_NO_QUESTION.test(question.trim())) return '';
  let best = { score: 0, sentence: '' };
  for (const block of blocks) {
    if (!isProse(block)) continue;
    for (const sentence of splitSentences(block)) {
      const matched = [...termsOf(sentence)].filter((t) => query.terms.has(t)).length;
      const score = relevance(index, query, sentence);
      if (matched >= Math.min(2, query.terms.size) && score > best.score) best = { score, sentence };
    }
  }
  if (!best.sentence) return '';
  if (SAYS_NO.test(best.sentence)) return 'No.';
  return SAYS_YES.test(best.sentence) ? 'Yes.' : '';
}

export function searchLink(searchUrl: string, question: string): Source {
  // Cut by code points: half an emoji would make encodeURIComponent throw.
  const q = Array.from(wellFormed(question).trim().replace(/\s+/g, ' ')).slice(0, 100).join('').trim();
  return { title: `Search the docs for “${q}”`, url: `${searchUrl}?q=${encodeURIComponent(q)}` };
}

/** The answer when the docs do not answer well enough: say so, offer the closest pages and search. */
export function weakAnswer(question: string, hits: Hit[], searchUrl: string): ComposedAnswer {
  const search = searchLink(searchUrl, question);
  if (tokenize(question).length === 0) {
    const text = `Could you add some detail, such as the feature, API or error message you are asking about? Or try ${markdownLink('searching the docs', search.url)}.`;
    return { text, sources: [search], weak: true };
  }
  const pages: Hit[] = [];
  for (const hit of hits) {
    if (pages.length === WEAK_PAGES) break;
    if (!pages.some((p) => pageUrlOf(p.section) === pageUrlOf(hit.section))) pages.push(hit);
  }
  const links = pages.map((hit) => {
    const url = pageUrlOf(hit.section);
    return { title: hit.section.pageTitle, url };
  });
  let text = "I'm not sure the Hasura GraphQL Engine v2.x docs answer that, so I won't guess.";
  if (links.length > 0) {
    text += ` These pages come closest:\n\n${links.map((l) => `- ${markdownLink(l.title, l.url)}`).join('\n')}\n\nOr try ${markdownLink('searching the docs', search.url)}.`;
  } else {
    text += ` Try ${markdownLink('searching the docs', search.url)}.`;
  }
  return { text, sources: [...links, search], weak: true };
}

export function composeAnswer(
  index: SearchIndex,
  query: AnalyzedQuery,
  question: string,
  hits: Hit[],
  searchUrl: string,
): ComposedAnswer {
  if (isWeak(hits)) return weakAnswer(question, hits, searchUrl);
  const best = hits[0]!;
  const companions = hits
    .slice(1)
    .filter((hit) => pageUrlOf(hit.section) === pageUrlOf(best.section) && hit.score >= best.score * COMPANION_RATIO)
    .slice(0, 1);
  const lead = leadBlocks(index, query, best, companions);
  const onTopic = (hit: Hit) =>
    hit.coverage >= best.coverage * 0.6 ||
    relevance(
      index,
      query,
      [hit.section.pageTitle, ...hit.section.headings, index.descriptions.get(pageUrlOf(hit.section)) ?? ''].join(' '),
    ) > 0;
  const more = moreSections(hits, lead.covered, onTopic);
  const sources: Source[] = [
    { title: lead.title, url: lead.url },
    ...lead.companions.map((hit) => ({ title: sourceTitle(hit.section), url: hit.section.url })),
    ...more.map((hit) => ({ title: sourceTitle(hit.section), url: hit.section.url })),
  ];
  const verdict = yesOrNo(index, query, question, lead.blocks);
  const parts = [`${verdict ? `${verdict} ` : ''}From ${markdownLink(lead.title, lead.url)}:`, ...lead.blocks];
  if (more.length > 0) {
    const items = more.map((hit) => {
      const about = gist(index, hit.section, pageUrlOf(best.section));
      return `- ${markdownLink(sourceTitle(hit.section), hit.section.url)}${about ? `: ${about}` : ''}`;
    });
    parts.push(`**More on this**\n\n${items.join('\n')}`);
  }
  return { text: parts.join('\n\n'), sources, weak: false };
}

/**
 * Cuts an answer into pieces of about `size` characters at spaces, for chunk frames.
 * Joining the pieces gives back the text exactly.
 */
export function chunkText(text: string, size = 48): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.slice(end).search(/\s/);
      end = space === -1 ? text.length : end + space + 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
