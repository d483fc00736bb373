import { load, type AnyNode, type CheerioAPI, type Element } from 'cheerio';
import type { CodeBlock, CorpusPage, CorpusSection } from 'docs-server/corpus-schema';
import { toMarkdownBlocks } from './markdown';

// Cuts one rendered doc page into the docs bot's corpus sections: the introduction, then one section
// per H2 and H3, each with its plain text and, kept apart, its code blocks.

export type Area = CorpusSection['area'];

/** The rendered Markdown of a doc page (Docusaurus's DocItem); pages without it are not docs. */
const CONTENT_ROOT = 'article .theme-doc-markdown';

/** Page furniture, not content: the H1 header, buttons, icons; then hash links, tab labels, the IDE's pane labels. */
const FURNITURE_TAGS = new Set(['header', 'button', 'svg', 'img', 'script', 'style', 'noscript']);
const FURNITURE_CLASS = /(?:^|\s)(?:hash-link|paneLabel_\S*)(?:\s|$)/;

/** Elements that end a run of words; their text gets a space on each side so neighbours do not merge. */
const BLOCK = new Set([
  'address',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

export function normalizeText(text: string): string {
  return text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();
}

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

function isFurniture(el: Element): boolean {
  return (
    FURNITURE_TAGS.has(el.tagName) || el.attribs.role === 'tablist' || FURNITURE_CLASS.test(el.attribs.class ?? '')
  );
}

function isCodeBlock(el: Element): boolean {
  return el.tagName === 'pre' || /(?:^|\s)theme-code-block(?:\s|$)/.test(el.attribs.class ?? '');
}

function languageOf(el: Element): string {
  const match = /(?:^|\s)language-(\S+)/.exec(el.attribs.class ?? '');
  return match?.[1] ?? '';
}

/** A Prism block renders one `.token-line` per source line; a bare <pre> is read as it is. */
export function codeOf($: CheerioAPI, el: Element): CodeBlock {
  const pre = $(el).is('pre') ? $(el) : $(el).find('pre').first();
  const lines = pre.find('.token-line');
  const code = lines.length
    ? lines
        .map((_, line) => $(line).text())
        .get()
        .join('\n')
    : pre.text();
  const lang = languageOf(el) || (pre.get(0) ? languageOf(pre.get(0) as Element) : '');
  return { lang, code: code.replace(ZERO_WIDTH, '').replace(/\s+$/, '') };
}

/** Text of a heading without its furniture (the hash link and its zero-width space). */
function headingText(el: Element): string {
  const parts: string[] = [];
  const collect = (node: AnyNode): void => {
    if (node.type === 'text') parts.push(node.data);
    else if (isElement(node) && !isFurniture(node)) node.children.forEach(collect);
  };
  collect(el);
  return normalizeText(parts.join(''));
}

interface Draft {
  anchor: string | undefined;
  headings: string[];
  text: string[];
  code: CodeBlock[];
  /** Outer HTML of the section's top-level elements, for its Markdown blocks. */
  html: string[];
}

/** Section headings: Markdown H2 and H3 carry an id; a component's heading (a card title) does not. */
const SECTION_HEADING = 'h2[id], h3[id]';

/** The page's description and keywords, from the meta tags its front matter becomes. */
export function extractPageMeta(html: string, pageUrl: string, title: string): CorpusPage {
  const $ = load(html);
  const description = normalizeText($('meta[name="description"]').attr('content') ?? '');
  const keywords = ($('meta[name="keywords"]').attr('content') ?? '')
    .split(',')
    .map((k) => normalizeText(k))
    .filter(Boolean);
  return { url: pageUrl, title, description, keywords };
}

/** A page's sections and its description and keywords; no page when the HTML has no doc body. */
export function extractPage(
  html: string,
  pageUrl: string,
  area: Area,
): { sections: CorpusSection[]; page: CorpusPage | undefined } {
  const sections = extractSections(html, pageUrl, area);
  const title = sections[0]?.pageTitle;
  return { sections, page: title === undefined ? undefined : extractPageMeta(html, pageUrl, title) };
}

/**
 * The sections of one rendered page. `pageUrl` is the page's site-absolute URL with its trailing
 * slash; a section's URL adds its heading's anchor. Sections with neither text nor code are left out.
 * Returns [] when the HTML has no doc content (landing page, 404, generated index pages).
 */
export function extractSections(html: string, pageUrl: string, area: Area): CorpusSection[] {
  const $ = load(html);
  const root = $(CONTENT_ROOT).first();
  if (root.length === 0) return [];
  const pageTitle = normalizeText(root.find('h1').first().text()) || normalizeText($('title').text());

  const sections: CorpusSection[] = [];
  let h2: string | undefined;
  let draft: Draft = { anchor: undefined, headings: [], text: [], code: [], html: [] };

  const flush = () => {
    const text = normalizeText(draft.text.join(''));
    if (text || draft.code.length) {
      sections.push({
        url: draft.anchor ? `${pageUrl}#${draft.anchor}` : pageUrl,
        pageTitle,
        headings: draft.headings,
        text,
        code: draft.code,
        area,
        blocks: toMarkdownBlocks(draft.html, codeOf, pageUrl),
      });
    }
  };

  // `top`: no ancestor of the node was kept whole for the Markdown blocks yet.
  const walk = (node: AnyNode, top: boolean): void => {
    if (node.type === 'text') {
      draft.text.push(node.data);
      if (top && node.data.trim()) draft.html.push(`<p>${$.html(node)}</p>`);
      return;
    }
    if (!isElement(node) || isFurniture(node)) return;
    const tag = node.tagName;
    // Markdown headings carry an id; a component's heading (a card title) is just text.
    if ((tag === 'h2' || tag === 'h3') && node.attribs.id) {
      flush();
      const title = headingText(node);
      if (tag === 'h2') h2 = title;
      const headings = tag === 'h3' && h2 !== undefined ? [h2, title] : [title];
      draft = { anchor: node.attribs.id, headings, text: [], code: [], html: [] };
      return;
    }
    // An element without a section heading inside is one Markdown block; one with, is opened.
    let keep = top;
    if (top && $(node).find(SECTION_HEADING).length === 0) {
      draft.html.push($.html(node));
      keep = false;
    }
    if (isCodeBlock(node)) {
      draft.code.push(codeOf($, node));
      draft.text.push(' ');
      return;
    }
    const block = BLOCK.has(tag);
    if (block) draft.text.push(' ');
    node.children.forEach((child) => walk(child, keep));
    if (block) draft.text.push(' ');
  };

  root.contents().each((_, node) => walk(node, true));
  flush();
  return sections;
}
