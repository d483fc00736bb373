import React, { type ReactNode } from 'react';

/**
 * A small Markdown renderer for the assistant's answers: paragraphs, headings, lists, block
 * quotes, rules, fenced code, inline code, bold, italic, links and [n] source marks.
 *
 * It builds React elements only: text always ends up in text nodes, so HTML in an answer is
 * shown as text and never reaches the DOM as markup. Links keep only safe protocols. It is
 * also forgiving of half-written input, since answers are rendered while they stream.
 */

export type Inline =
  | string
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'cite'; n: number };

export type Block =
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'heading'; level: number; inlines: Inline[] }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'rule' };

/** Deeper nesting than this (of quotes, lists, emphasis) is shown as plain text. */
const MAX_DEPTH = 8;
/** How far a link's closing bracket is looked for. */
const MAX_LABEL_CHARS = 500;

const SAFE_PROTOCOLS = new Set(['http', 'https', 'mailto']);

/**
 * The href to use for a link, or undefined when it must not be a link. Relative URLs are
 * kept; a scheme must be http, https or mailto. Browsers ignore control characters and
 * whitespace inside a scheme ("java\tscript:"), so those are removed before checking.
 */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  if (href === '') return undefined;
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  if (scheme) return SAFE_PROTOCOLS.has(scheme[1]!) ? href : undefined;
  // Without a letter-led scheme, a colon before the first "/", "?" or "#" still reads as one to some parsers.
  if (/^[^/?#]*:/.test(compact)) return undefined;
  return href;
}

// ---------- blocks ----------

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}>[ ]?(.*)$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:( +)(.*))?$/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

function startsBlock(line: string, depth: number): boolean {
  return (
    FENCE_OPEN.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    (depth < MAX_DEPTH && (QUOTE.test(line) || LIST_ITEM.test(line)))
  );
}

interface ListMarker {
  indent: number;
  ordered: boolean;
  /** The bullet character, or the delimiter ("." or ")") of an ordered item. */
  symbol: string;
  number: number;
  /** Column where the item's content starts; continuation lines are indented at least this far. */
  contentIndent: number;
  first: string;
}

function listMarker(line: string): ListMarker | undefined {
  const m = LIST_ITEM.exec(line);
  if (!m) return undefined;
  const [, indent = '', marker = '', spaces = '', rest = ''] = m;
  const ordered = /\d/.test(marker);
  // A marker followed by 5+ spaces starts indented code in CommonMark; here it just means one space.
  const gap = spaces.length === 0 || spaces.length > 4 ? 1 : spaces.length;
  return {
    indent: indent.length,
    ordered,
    symbol: ordered ? marker.slice(-1) : marker,
    number: ordered ? Number.parseInt(marker, 10) : 1,
    contentIndent: indent.length + marker.length + gap,
    first: spaces.length > 4 ? `${spaces.slice(1)}${rest}` : rest,
  };
}

export function parseBlocks(markdown: string): Block[] {
  return blocks(markdown.replace(/\r\n?/g, '\n').split('\n'), 0);
}

function blocks(lines: string[], depth: number): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      const [, indent = '', ticks = '', lang = ''] = fence;
      const close = new RegExp(`^ {0,3}${ticks[0] === '`' ? '`' : '~'}{${ticks.length},}[ \\t]*$`);
      const code: string[] = [];
      i++;
      // An unclosed fence runs to the end: while streaming, the rest of the answer is still code.
      while (i < lines.length && !close.test(lines[i]!)) {
        const codeLine = lines[i]!;
        code.push(codeLine.slice(Math.min(indent.length, indentOf(codeLine))));
        i++;
      }
      i++;
      out.push({ kind: 'code', lang, text: code.join('\n') });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      out.push({ kind: 'heading', level: heading[1]!.length, inlines: parseInlines(heading[2]!) });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      out.push({ kind: 'rule' });
      i++;
      continue;
    }

    if (depth < MAX_DEPTH && QUOTE.test(line)) {
      const inner: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]!); i++) inner.push(QUOTE.exec(lines[i]!)![1]!);
      out.push({ kind: 'quote', blocks: blocks(inner, depth + 1) });
      continue;
    }

    const marker = depth < MAX_DEPTH ? listMarker(line) : undefined;
    if (marker) {
      const list: Extract<Block, { kind: 'list' }> = {
        kind: 'list',
        ordered: marker.ordered,
        start: marker.number,
        tight: true,
        items: [],
      };
      let item: ListMarker | undefined = marker;
      while (item) {
        const content = [item.first];
        i++;
        while (i < lines.length) {
          const next = lines[i]!;
          if (isBlank(next)) {
            // A blank line stays in the item only when indented content follows it.
            let j = i;
            while (j < lines.length && isBlank(lines[j]!)) j++;
            if (j < lines.length && indentOf(lines[j]!) >= item.contentIndent) {
              list.tight = false;
              for (; i < j; i++) content.push('');
              continue;
            }
            break;
          }
          if (indentOf(next) >= item.contentIndent) content.push(next.slice(item.contentIndent));
          else if (startsBlock(next, depth)) break;
          // A lazy line: it continues the item's paragraph.
          else content.push(next.trim());
          i++;
        }
        list.items.push(blocks(content, depth + 1));
        // The list goes on with the next item of the same kind, even after blank lines.
        let j = i;
        while (j < lines.length && isBlank(lines[j]!)) j++;
        const following = j < lines.length ? listMarker(lines[j]!) : undefined;
        const sameList: boolean =
          following !== undefined &&
          following.ordered === list.ordered &&
          following.symbol === marker.symbol &&
          following.indent < item.contentIndent;
        if (sameList && j > i) list.tight = false;
        if (sameList) i = j;
        item = sameList ? following : undefined;
      }
      out.push(list);
      continue;
    }

    const paragraph: string[] = [line.trim()];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !startsBlock(lines[i]!, depth)) {
      paragraph.push(lines[i]!.trim());
      i++;
    }
    out.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join('\n')) });
  }
  return out;
}

// ---------- inlines ----------

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

function runLength(text: string, at: number, char: string): number {
  let n = 0;
  while (text[at + n] === char) n++;
  return n;
}

/**
 * Parses inline Markdown. `inLink` stops links inside link text. Searches that find no
 * closing delimiter are remembered, so hostile input cannot make the parser quadratic.
 */
export function parseInlines(text: string, depth = 0, inLink = false): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push(buffer);
    buffer = '';
  };
  // For each delimiter ("`3", "*2", ...), the position from which no closer exists.
  const noCloserFrom = new Map<string, number>();

  const findCloser = (key: string, from: number, test: (at: number) => boolean): number => {
    const known = noCloserFrom.get(key);
    if (known !== undefined && from >= known) return -1;
    for (let at = from; at < text.length; at++) if (test(at)) return at;
    noCloserFrom.set(key, from);
    return -1;
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i]!;

    if (c === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }

    if (c === '`') {
      const n = runLength(text, i, '`');
      const close = findCloser(
        `\`${n}`,
        i + n,
        (at) => text[at] === '`' && text[at - 1] !== '`' && runLength(text, at, '`') === n,
      );
      if (close === -1) {
        buffer += '`'.repeat(n);
        i += n;
        continue;
      }
      let code = text.slice(i + n, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim()) code = code.slice(1, -1);
      flush();
      out.push({ kind: 'code', text: code });
      i = close + n;
      continue;
    }

    if ((c === '*' || c === '_') && depth < MAX_DEPTH) {
      const run = runLength(text, i, c);
      const n = Math.min(run, 3);
      // "_" inside a word (snake_case, pg_track_table) is not emphasis.
      const canOpen = !isSpace(text[i + run]) && !(c === '_' && isWordChar(text[i - 1]));
      // A closer starts a run of the same character that fits the opener: "*" closes with a
      // single "*" (or 3+), "**" with 2+, "***" with 3+. The content must not be empty.
      const close = canOpen
        ? findCloser(`${c}${n}`, i + run + 1, (at) => {
            if (text[at] !== c || text[at - 1] === c || isSpace(text[at - 1])) return false;
            const closing = runLength(text, at, c);
            if (c === '_' && isWordChar(text[at + closing])) return false;
            return n === 1 ? closing !== 2 : closing >= n;
          })
        : -1;
      if (close === -1) {
        buffer += c.repeat(run);
        i += run;
        continue;
      }
      // Extra delimiters of a longer opening run stay as text.
      buffer += c.repeat(run - n);
      flush();
      const children = parseInlines(text.slice(i + run, close), depth + 1, inLink);
      if (n === 1) out.push({ kind: 'em', children });
      else if (n === 2) out.push({ kind: 'strong', children });
      else out.push({ kind: 'em', children: [{ kind: 'strong', children }] });
      i = close + n;
      continue;
    }

    if (c === '[') {
      const link = inLink ? undefined : parseLink(text, i, depth);
      if (link) {
        flush();
        if (link.href !== undefined) out.push({ kind: 'link', href: link.href, children: link.children });
        else out.push(...link.children);
        i = link.end;
        continue;
      }
      const cite = /^\[(\d{1,2})\]/.exec(text.slice(i, i + 4));
      if (cite) {
        flush();
        out.push({ kind: 'cite', n: Number(cite[1]) });
        i += cite[0].length;
        continue;
      }
    }

    if (c === '<' && !inLink) {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(text.slice(i, i + 2048));
      if (auto) {
        flush();
        out.push({ kind: 'link', href: auto[1]!, children: [auto[1]!] });
        i += auto[0].length;
        continue;
      }
    }

    buffer += c;
    i++;
  }
  flush();
  return out;
}

/** `[label](destination "title")` at `start`; href is undefined when the destination is unsafe. */
function parseLink(
  text: string,
  start: number,
  depth: number,
): { href: string | undefined; children: Inline[]; end: number } | undefined {
  let level = 0;
  let close = -1;
  for (let at = start; at < Math.min(text.length, start + MAX_LABEL_CHARS); at++) {
    const c = text[at];
    if (c === '\\') at++;
    else if (c === '[') level++;
    else if (c === ']' && --level === 0) {
      close = at;
      break;
    }
  }
  if (close === -1 || text[close + 1] !== '(') return undefined;

  let at = close + 2;
  while (text[at] === ' ') at++;
  let destination = '';
  if (text[at] === '<') {
    const end = text.indexOf('>', at);
    if (end === -1 || text.slice(at, end).includes('\n')) return undefined;
    destination = text.slice(at + 1, end);
    at = end + 1;
  } else {
    let parens = 0;
    const from = at;
    for (; at < text.length; at++) {
      const c = text[at]!;
      if (/\s/.test(c)) break;
      if (c === '(') parens++;
      else if (c === ')') {
        if (parens === 0) break;
        parens--;
      }
    }
    destination = text.slice(from, at);
  }
  while (text[at] === ' ') at++;
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, at + 1);
    if (end === -1) return undefined;
    at = end + 1;
    while (text[at] === ' ') at++;
  }
  if (text[at] !== ')') return undefined;
  return {
    href: safeHref(destination),
    children: parseInlines(text.slice(start + 1, close), depth + 1, true),
    end: at + 1,
  };
}

// ---------- rendering ----------

export interface MarkdownComponents {
  /** Renders a link whose href has passed safeHref. */
  link?: (props: { href: string; children: ReactNode }) => ReactNode;
  /** Renders a fenced code block. */
  code?: (props: { language: string; code: string }) => ReactNode;
}

const defaultLink: NonNullable<MarkdownComponents['link']> = ({ href, children }) => <a href={href}>{children}</a>;
const defaultCode: NonNullable<MarkdownComponents['code']> = ({ language, code }) => (
  <pre>
    <code className={language ? `language-${language}` : undefined}>{code}</code>
  </pre>
);

export interface MarkdownProps {
  text: string;
  /** The answer's sources, so that [n] marks link to them. */
  sources?: readonly { title: string; url: string }[];
  components?: MarkdownComponents;
}

export default function Markdown({ text, sources, components = {} }: MarkdownProps): ReactNode {
  const link = components.link ?? defaultLink;
  const code = components.code ?? defaultCode;

  const inline = (nodes: Inline[]): ReactNode[] =>
    nodes.map((node, key) => {
      // A soft line break stays a "\n" in the text node, which the browser shows as a space.
      if (typeof node === 'string') return node;
      switch (node.kind) {
        case 'code':
          return <code key={key}>{node.text}</code>;
        case 'strong':
          return <strong key={key}>{inline(node.children)}</strong>;
        case 'em':
          return <em key={key}>{inline(node.children)}</em>;
        case 'link':
          return (
            <React.Fragment key={key}>{link({ href: node.href, children: inline(node.children) })}</React.Fragment>
          );
        case 'cite': {
          const source = sources?.[node.n - 1];
          const href = source && safeHref(source.url);
          if (!source || !href) return `[${node.n}]`;
          return (
            <sup key={key} className="docsbot-cite" title={source.title}>
              {link({ href, children: `[${node.n}]` })}
            </sup>
          );
        }
      }
    });

  const block = (node: Block, key: number, tight = false): ReactNode => {
    switch (node.kind) {
      case 'paragraph':
        return tight ? (
          <React.Fragment key={key}>{inline(node.inlines)}</React.Fragment>
        ) : (
          <p key={key}>{inline(node.inlines)}</p>
        );
      case 'heading':
        // Answers live inside a dialog, so their headings are styled text, not page headings.
        return (
          <p key={key} className="docsbot-heading">
            <strong>{inline(node.inlines)}</strong>
          </p>
        );
      case 'code':
        return <React.Fragment key={key}>{code({ language: node.lang, code: node.text })}</React.Fragment>;
      case 'rule':
        return <hr key={key} />;
      case 'quote':
        return <blockquote key={key}>{node.blocks.map((b, k) => block(b, k))}</blockquote>;
      case 'list': {
        const items = node.items.map((item, k) => <li key={k}>{item.map((b, kk) => block(b, kk, node.tight))}</li>);
        return node.ordered ? (
          <ol key={key} start={node.start === 1 ? undefined : node.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
    }
  };

  return <>{parseBlocks(text).map((b, key) => block(b, key))}</>;
}
