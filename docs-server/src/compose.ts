import { LRUCache } from 'lru-cache';
import type { CodeBlock, CorpusSection } from './corpus-schema.js';
import { pageUrlOf } from './domain.js';
import { wellFormed, type Source } from './protocol.js';
import { idf, type AnalyzedQuery, type Hit, type SearchIndex } from './rank.js';
import { tokenize } from './tokenize.js';

/**
 * The answer without a model. It leads with the part of the best section that answers the
 * question, quoted as the docs write it (the corpus keeps each section as Markdown blocks, so
 * steps stay ordered lists, tables stay tables, code keeps its language and callouts stay
 * callouts), then "More on this" links to up to three other sections. Sentences of different
 * sections are never joined into one paragraph.
 */

/** Below this share of the question's concepts, the best section is too weak to answer from. */
export const MIN_COVERAGE = 0.3;
/** Below this score, likewise (a single common word matching is not an answer). */
export const MIN_SCORE = 3;
/**
 * About how many characters of the best section (and its subsections) lead the answer: the passage
 * that answers, a few sentences with the list, table or code that belongs to them (~150 words).
 */
export const LEAD_BUDGET = 1100;
/** How much more a part with code or identifiers counts when the lead is chosen. */
const NAMED_BONUS = 3;
/** Code, or a name in a code span with a separator (an env var, a field, a flag): what readers need to type. */
const NAMED = /`[^`\s]*[_.-][^`\s]*`|^(?:`{3,}|~{3,})/m;
/** A paragraph longer than this is cut to its sentences about the question. */
const LONG_PARAGRAPH = 360;
/** A section of the best page that scores this share of the best joins the lead, under its heading. */
export const COMPANION_RATIO = 0.8;
/** A section is offered under "More on this" when it scores at least this share of the best. */
const MORE_RATIO = 0.3;
const MAX_MORE = 3;
/** Sections of the lead's own page under "More on this" (the rest come from other pages). */
const MAX_MORE_SAME_PAGE = 2;
const MAX_CODE_LINES = 24;
const MAX_TABLE_ROWS = 6;
/** Pages offered when the docs do not answer. */
const WEAK_PAGES = 3;

export interface ComposedAnswer {
  text: string;
  sources: Source[];
  /** True when nothing in the docs answered well enough; the text then offers the closest pages. */
  weak: boolean;
}

export function sourceTitle(section: CorpusSection): string {
  const heading = section.headings.at(-1);
  return heading && heading !== section.pageTitle ? `${section.pageTitle} › ${heading}` : section.pageTitle;
}

export function isWeak(hits: Hit[]): boolean {
  const best = hits[0];
  return !best || best.coverage < MIN_COVERAGE || best.score < MIN_SCORE;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}`"'(])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The distinct terms of a passage of the docs. Answers quote the same blocks and sentences again and
 * again, and tokenising is most of an answer's CPU, so the sets are kept (bounded).
 */
const termSets = new LRUCache<string, Set<string>>({ max: 50_000 });
function termsOf(text: string): Set<string> {
  let terms = termSets.get(text);
  if (!terms) termSets.set(text, (terms = new Set(tokenize(text))));
  return terms;
}

/** How much of the query a piece of text mentions: the sum of its matched terms' weight × IDF. */
export function relevance(index: SearchIndex, query: AnalyzedQuery, text: string): number {
  let score = 0;
  for (const token of termsOf(text)) {
    const weight = query.terms.get(token);
    if (weight) score += weight * idf(index, token);
  }
  return score;
}

export function fence(block: CodeBlock, maxLines = MAX_CODE_LINES): string {
  const lines = block.code.replace(/\s+$/, '').split('\n');
  const shown = lines.length > maxLines ? [...lines.slice(0, maxLines), '…'] : lines;
  // A fence longer than any backtick run inside the code, so the code cannot close it.
  const longest = Math.max(2, ...(block.code.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${block.lang}\n${shown.join('\n')}\n${ticks}`;
}

/** A section's Markdown blocks; a corpus without them gets its plain text and code fences. */
export function blocksOf(section: CorpusSection): string[] {
  if (section.blocks && section.blocks.length > 0) return section.blocks;
  return [section.text, ...section.code.map((block) => fence(block))].filter(Boolean);
}

const FENCE = /^(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)\n\1\s*$/;
const TABLE_ROW = /^\|.*\|$/;

function isTable(block: string): boolean {
  const lines = block.split('\n');
  return lines.length >= 2 && lines.every((line) => TABLE_ROW.test(line.trim())) && /^\|[\s|:-]+\|$/.test(lines[1]!);
}

/**
 * Shortens a block that alone would fill the answer: a long code block to its first lines, a
 * long table to its header and the rows about the question. Lists and paragraphs stay whole.
 */
function shorten(index: SearchIndex, query: AnalyzedQuery, block: string): string {
  // One fenced block only: a block of two fences (a query and its response) is kept as it is.
  const fences = block.split('\n').filter((line) => /^(?:`{3,}|~{3,})/.test(line)).length;
  const code = fences === 2 ? FENCE.exec(block) : null;
  if (code) return fence({ lang: code[2]!.trim(), code: code[3]! });
  if (isTable(block)) {
    const [header, rule, ...rows] = block.split('\n');
    if (rows.length <= MAX_TABLE_ROWS) return block;
    const scored = rows.map((row, i) => ({ row, i, score: relevance(index, query, row) }));
    const relevant = scored.filter((r) => r.score > 0);
    const kept = (relevant.length > 0 ? relevant : scored)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, MAX_TABLE_ROWS)
      .sort((a, b) => a.i - b.i)
      .map((r) => r.row);
    return [header, rule, ...kept].join('\n');
  }
  return block;
}

/** The subsections of a section on its page (H3s under an H2), in page order. */
function subsections(index: SearchIndex, hit: Hit): CorpusSection[] {
  const depth = hit.section.headings.length;
  if (depth === 0) return [];
  const page = pageUrlOf(hit.section);
  const children: CorpusSection[] = [];
  for (let doc = hit.doc + 1; doc < index.sections.length; doc++) {
    const next = index.sections[doc]!;
    if (pageUrlOf(next) !== page || next.headings.length <= depth) break;
    if (!hit.section.headings.every((h, i) => next.headings[i] === h)) break;
    children.push(next);
  }
  return children;
}

interface LeadPart {
  block: string;
  /** Position in the lead, to keep the page's order. */
  order: number;
  /** The subsection (or step) heading shown before its first kept block. */
  heading?: string;
  /** A part shown whenever it fits: the first block of the section and of each step. */
  first: boolean;
  score: number;
}

const STEP_HEADING = /^(?:step\s*)?\d+[.):]?\s/i;

/**
 * The numbered steps a step section belongs to ("1. Add the new secret", "2. …"): its siblings
 * on the page, under the same parent heading, in page order. A reader who asks how to do the
 * task wants the whole sequence, not the step whose words matched best.
 */
function stepSequence(index: SearchIndex, hit: Hit): CorpusSection[] {
  const heading = hit.section.headings.at(-1);
  if (heading === undefined || !STEP_HEADING.test(heading)) return [];
  const page = pageUrlOf(hit.section);
  const parent = hit.section.headings.slice(0, -1).join('\u0000');
  const sameGroup = (s: CorpusSection | undefined) =>
    s !== undefined &&
    pageUrlOf(s) === page &&
    s.headings.length === hit.section.headings.length &&
    s.headings.slice(0, -1).join('\u0000') === parent &&
    STEP_HEADING.test(s.headings.at(-1)!);
  let from = hit.doc;
  while (from > 0) {
    // Skip deeper subsections between two steps.
    let prev = from - 1;
    while (
      prev >= 0 &&
      pageUrlOf(index.sections[prev]!) === page &&
      index.sections[prev]!.headings.length > hit.section.headings.length
    )
      prev--;
    if (!sameGroup(index.sections[prev])) break;
    from = prev;
  }
  const steps: CorpusSection[] = [];
  for (let doc = from; doc < index.sections.length; doc++) {
    const s = index.sections[doc]!;
    if (pageUrlOf(s) !== page) break;
    if (s.headings.length > hit.section.headings.length) continue;
    if (!sameGroup(s)) break;
    steps.push(s);
  }
  return steps.length > 1 ? steps : [];
}

/** A paragraph of prose: not code, a table, a list, a callout or a heading. */
function isProse(block: string): boolean {
  return !/^(?:`{3,}|~{3,}|\||>|[-*+] |\d+[.)] |#|\*\*[^*]+\*\*$)/.test(block.trimStart());
}

/** Prose that introduces what follows it ("Add this to the config:"): never shown without it. */
function introduces(block: string): boolean {
  return isProse(block) && /:\s*$/.test(block);
}

/**
 * A long paragraph cut to its opening sentence and the sentences most about the question, in their
 * order; a closing sentence that introduces what follows is kept with it.
 */
function trimParagraph(index: SearchIndex, query: AnalyzedQuery, block: string): string {
  if (!isProse(block) || block.length <= LONG_PARAGRAPH) return block;
  const sentences = splitSentences(block);
  if (sentences.length <= 2) return block;
  const keep = new Set([0]);
  if (introduces(block)) keep.add(sentences.length - 1);
  let used = [...keep].reduce((sum, i) => sum + sentences[i]!.length + 1, 0);
  const ranked = sentences
    .map((sentence, i) => ({ i, score: relevance(index, query, sentence) * (NAMED.test(sentence) ? NAMED_BONUS : 1) }))
    .filter(({ i, score }) => !keep.has(i) && score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  for (const { i } of ranked) {
    if (used + sentences[i]!.length > LONG_PARAGRAPH) continue;
    keep.add(i);
    used += sentences[i]!.length + 1;
  }
  const order = [...keep].sort((a, b) => a - b);
  // A gap between kept sentences is marked, so two sentences are not read as one argument.
  return order.map((i, n) => (n > 0 && i !== order[n - 1]! + 1 ? `… ${sentences[i]}` : sentences[i])).join(' ');
}

/**
 * The parts of the lead: all of them when they fit; else the first part of the section and of each
 * step, then the parts most about the question, in the page's order. A part that introduces the next
 * one ("…as follows:") and the code right after a paragraph travel together, so a lead-in never
 * appears without what it introduces.
 */
function selectParts(index: SearchIndex, query: AnalyzedQuery, parts: LeadPart[]): LeadPart[] {
  const size = (part: LeadPart) => part.block.length + (part.heading?.length ?? 0) + 6;
  if (parts.reduce((sum, part) => sum + size(part), 0) <= LEAD_BUDGET) return parts;
  // Units of parts that go together.
  const units: LeadPart[][] = [];
  for (const part of parts) {
    const previous = units.at(-1)?.at(-1);
    const joins =
      previous !== undefined &&
      part.heading === undefined &&
      (introduces(previous.block) ||
        (!isProse(part.block) && /^(?:`{3,}|~{3,})/.test(part.block) && isProse(previous.block)));
    if (joins) units.at(-1)!.push(part);
    else units.push([part]);
  }
  for (const unit of units) for (const part of unit) part.block = trimParagraph(index, query, part.block);
  const unitSize = (unit: LeadPart[]) => unit.reduce((sum, part) => sum + size(part), 0);
  // What answers is most often a name to use: a unit with code or an identifier in code spans counts more.
  const named = (part: LeadPart) => NAMED.test(part.block);
  const unitScore = (unit: LeadPart[]) =>
    Math.max(...unit.map((part) => part.score)) * (unit.some(named) ? NAMED_BONUS : 1);
  // The section's opening, then the openings of its subsections or steps most about the question,
  // then its other parts most about the question.
  const byScore = (a: LeadPart[], b: LeadPart[]) => unitScore(b) - unitScore(a) || a[0]!.order - b[0]!.order;
  const [opening, ...firsts] = units.filter((unit) => unit[0]!.first);
  const rest = units.filter((unit) => !unit[0]!.first && unitScore(unit) > 0);
  const kept: LeadPart[][] = [];
  let used = 0;
  for (const unit of [...(opening ? [opening] : []), ...firsts.sort(byScore), ...rest.sort(byScore)]) {
    if (kept.length > 0 && used + unitSize(unit) > LEAD_BUDGET) continue;
    kept.push(unit);
    used += unitSize(unit);
  }
  return kept.flat().sort((a, b) => a.order - b.order);
}

export interface Lead {
  /** What the lead quotes: the best section, or the page (or parent section) of a step sequence. */
  title: string;
  url: string;
  blocks: string[];
  /** The URLs of the sections it quotes, so "More on this" does not repeat them. */
  covered: Set<string>;
  /** The companions it quotes (those not already part of the best section's own sequence). */
  companions: Hit[];
}

/**
 * The lead of the answer: the best section's blocks with its subsections (a "Rotate a secret"
 * section whose steps are its H3s), or the whole sequence when the best section is one numbered
 * step. All of it when it fits; else the first block of the section and of each step, then the
 * blocks most about the question, in the page's order.
 */
export function leadBlocks(index: SearchIndex, query: AnalyzedQuery, hit: Hit, companions: Hit[] = []): Lead {
  const covered = new Set<string>();
  const parts: LeadPart[] = [];
  const add = (section: CorpusSection, heading?: string) => {
    covered.add(section.url);
    blocksOf(section).forEach((raw, i) => {
      const block = shorten(index, query, raw);
      parts.push({
        block,
        order: parts.length,
        heading: i === 0 ? heading : undefined,
        first: i === 0,
        score: relevance(index, query, block),
      });
    });
  };
  const steps = stepSequence(index, hit);
  let title = sourceTitle(hit.section);
  let url = hit.section.url;
  if (steps.length > 0) {
    const parentHeading = hit.section.headings.at(-2);
    title = parentHeading ? `${hit.section.pageTitle} › ${parentHeading}` : hit.section.pageTitle;
    // The parent section's URL when it is in the corpus, else the page.
    const parent = index.sections.find(
      (s) =>
        pageUrlOf(s) === pageUrlOf(hit.section) &&
        s.headings.length === hit.section.headings.length - 1 &&
        s.headings.at(-1) === parentHeading,
    );
    url = parent?.url ?? pageUrlOf(hit.section);
    if (parent) add(parent);
    for (const step of steps) add(step, step.headings.at(-1));
  } else {
    add(hit.section);
    for (const child of subsections(index, hit)) add(child, child.headings.at(-1));
  }
  // A close runner-up of the same page, under its heading: the page's other half of the answer.
  const quoted: Hit[] = [];
  for (const other of companions) {
    if (covered.has(other.section.url)) continue;
    add(other.section, other.section.headings.at(-1) ?? other.section.pageTitle);
    quoted.push(other);
  }
  const kept = selectParts(index, query, parts);
  // A subsection's heading goes before its first kept block.
  const blocks: string[] = [];
  let lastHeading: string | undefined;
  for (const part of kept) {
    const owner = parts
      .slice(0, part.order + 1)
      .reverse()
      .find((p) => p.heading !== undefined)?.heading;
    if (owner !== undefined && owner !== lastHeading) {
      blocks.push(`**${escapeInline(owner)}**`);
      lastHeading = owner;
    }
    blocks.push(part.block);
  }
  return { title, url, blocks, covered, companions: quoted };
}

function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]])/g, '\\$1');
}

function markdownLink(title: string, url: string): string {
  const safeUrl = url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${title.replace(/[[\]]/g, '')}](${safeUrl})`;
}

/**
 * What a "More on this" link is about: another page's description (its author's one-line
 * summary), or the first sentence of another section of the lead's page.
 */
function gist(index: SearchIndex, section: CorpusSection, leadPage: string): string {
  const page = pageUrlOf(section);
  // A page's introduction is what its description sums up.
  const description = page !== leadPage || section.headings.length === 0 ? index.descriptions.get(page) : undefined;
  const first = description || (splitSentences(section.text)[0] ?? '');
  return first.length > 160 ? `${first.slice(0, 157).replace(/\s+\S*$/, '')}…` : first;
}

/**
 * Up to three other sections worth reading: close enough to the best, on the question's topic (their
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
