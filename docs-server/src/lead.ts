// The lead of a composed answer: the passage of the best section that answers the question, quoted as
// the docs write it (Markdown blocks: lists, tables, code with its language, callouts), cut to about 150
// words: its opening, the parts most about the question, a lead-in with what it introduces, every step
// of a task in order. compose.ts puts it together with the sources and "More on this".
import { LRUCache } from 'lru-cache';
import type { CodeBlock, CorpusSection } from './corpus-schema.js';
import { pageUrlOf } from './domain.js';
import { idf, type AnalyzedQuery, type Hit, type SearchIndex } from './rank.js';
import { tokenize } from './tokenize.js';

/**
 * About how many characters of the best section (and its subsections) lead the answer: the passage
 * that answers, a few sentences with the list, table or code that belongs to them (~150 words).
 */
export const LEAD_BUDGET = 1100;
/** How much more a part with code or identifiers counts when the lead is chosen. */
const NAMED_BONUS = 5;
/** Code, or a name in a code span with a separator (an env var, a field, a flag): what readers need to type. */
const NAMED = /`[^`\s]*[_.-][^`\s]*`|^(?:`{3,}|~{3,})/m;
/** A paragraph longer than this is cut to its sentences about the question. */
const LONG_PARAGRAPH = 360;
const MAX_CODE_LINES = 24;
const MAX_TABLE_ROWS = 6;

export function sourceTitle(section: CorpusSection): string {
  const heading = section.headings.at(-1);
  return heading && heading !== section.pageTitle ? `${section.pageTitle} › ${heading}` : section.pageTitle;
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
export function termsOf(text: string): Set<string> {
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
export function isProse(block: string): boolean {
  return !/^(?:`{3,}|~{3,}|\||>|[-*+] |\d+[.)] |#|\*\*[^*]+\*\*$)/.test(block.trimStart());
}

/** Prose, a list or a callout: a block that reads as sentences (not code, a table or a bold label line). */
export function readsAsText(block: string): boolean {
  return !/^(?:`{3,}|~{3,}|\||\*\*[^*]+\*\*$)/.test(block.trimStart());
}

/**
 * Prose, a list or a callout that introduces what follows it ("Add this to the config:", a last
 * step "…with this command:"): never shown without it.
 */
function introduces(block: string): boolean {
  return readsAsText(block) && /:\s*$/.test(block);
}

/**
 * A block whose closing lead-in lost what it introduces: its last sentence goes (the whole block
 * when that is all it says), so no answer ends a thought with a colon.
 */
function withoutLeadIn(block: string): string | undefined {
  const lines = block.split('\n');
  const last = lines.at(-1)!;
  const item = /^(\s*(?:[-*+]|\d+[.)])\s+|>\s*)?(.*)$/.exec(last)!;
  const sentences = splitSentences(item[2]!);
  if (sentences.length > 1)
    return [...lines.slice(0, -1), `${item[1] ?? ''}${sentences.slice(0, -1).join(' ')}`].join('\n');
  // A list item or callout line that only introduces goes; so does a paragraph that only introduces.
  return lines.length > 1 ? lines.slice(0, -1).join('\n') : undefined;
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
  const kept = selectParts(index, query, parts).flatMap((part, i, all) => {
    // What a lead-in introduces is the section's next part (code, a list, or a step or tab under its heading).
    const next = parts[part.order + 1];
    if (!introduces(part.block) || (next && all[i + 1] === next)) return [part];
    const block = withoutLeadIn(part.block);
    return block === undefined ? [] : [{ ...part, block }];
  });
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
