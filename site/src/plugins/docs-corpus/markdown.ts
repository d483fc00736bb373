import { load, type AnyNode, type CheerioAPI, type Element } from 'cheerio';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { escapeHtml } from '../../text';

// Turns a section's rendered HTML back into Markdown blocks, so the docs assistant can quote a
// section well-formed: steps stay ordered lists, tables stay tables, code keeps its language and
// indentation, admonitions become callouts. The HTML is the source (not the MDX) because MDX
// components and partials are already resolved there.

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
});
turndown.use(gfm);
// Page furniture that has no Markdown form.
turndown.remove(['button', 'script', 'style', 'noscript', 'img', 'iframe']);
turndown.remove((node) => node.nodeName.toLowerCase() === 'svg');

const ADMONITION_KIND = /(?:^|\s)theme-admonition-(\w+)/;

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Caution: Docker networking", or "Note" for an admonition without its own title. */
export function calloutLabel(kind: string, title: string): string {
  const label = capitalize(kind.toLowerCase());
  const rest = title.trim();
  return rest && rest.toLowerCase() !== kind.toLowerCase() ? `${label}: ${rest}` : label;
}

/** Site-absolute link targets: an answer is read on another page than the one it quotes. */
function absolute(href: string, pageUrl: string): string | undefined {
  if (/^https?:\/\//i.test(href)) return href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return undefined; // mailto:, javascript:, data: …
  try {
    const resolved = new URL(href, `https://docs.invalid${pageUrl}`);
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return undefined;
  }
}

/**
 * Rewrites one fragment of rendered HTML into plain HTML that Turndown maps onto Markdown:
 * Prism blocks into <pre><code class="language-x">, tabs into labelled parts, admonitions into
 * blockquotes with a bold title, H4–H6 into bold paragraphs.
 */
function simplify($: CheerioAPI, codeOf: (el: Element) => { lang: string; code: string }, pageUrl: string): void {
  $('div.theme-code-block, pre').each((_, el) => {
    if ($(el).parents('[data-md-code]').length > 0) return;
    const { lang, code } = codeOf(el);
    const cls = lang ? ` class="language-${lang}"` : '';
    $(el).replaceWith(`<pre data-md-code><code${cls}>${escapeHtml(code)}</code></pre>`);
  });
  $('.hash-link, [class*="paneLabel_"]').remove();
  $('.tabs-container').each((_, el) => {
    const labels = $(el)
      .find('[role="tab"]')
      .map((_, tab) => $(tab).text().trim())
      .get();
    const parts = $(el)
      .find('[role="tabpanel"]')
      .map((i, panel) => `<p><strong>${escapeHtml(labels[i] ?? `Tab ${i + 1}`)}</strong></p>${$(panel).html() ?? ''}`)
      .get();
    $(el).replaceWith(parts.join(''));
  });
  $('.theme-admonition').each((_, el) => {
    const kind = ADMONITION_KIND.exec(el.attribs.class ?? '')?.[1] ?? 'note';
    const heading = $(el).find('[class*="admonitionHeading"]').first();
    const title = heading.text();
    heading.remove();
    const content = $(el).find('[class*="admonitionContent"]').first();
    const body = content.length > 0 ? content.html() : $(el).html();
    $(el).replaceWith(
      `<blockquote><p><strong>${escapeHtml(calloutLabel(kind, title))}</strong></p>${body ?? ''}</blockquote>`,
    );
  });
  $('summary').each((_, el) => {
    $(el).replaceWith(`<p><strong>${$(el).html() ?? ''}</strong></p>`);
  });
  $('details').each((_, el) => {
    $(el).replaceWith($(el).html() ?? '');
  });
  // Section headings (H2/H3 with an id) split sections and never reach here; these are a
  // component's or a deeper heading, kept as bold text.
  $('h1, h2, h3, h4, h5, h6').each((_, el) => {
    $(el).replaceWith(`<p><strong>${$(el).html() ?? ''}</strong></p>`);
  });
  $('a').each((_, el) => {
    const href = absolute(el.attribs.href ?? '', pageUrl);
    if (href) $(el).attr('href', href);
    else $(el).replaceWith($(el).html() ?? '');
  });
}

/** Callouts the site failed to render (a `:::kind` line that reached the HTML as a paragraph). */
const RAW_OPEN = /^:::(\w+)[ \t]*(.*)$/;

function quote(blocks: string[]): string {
  return blocks
    .join('\n\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** Joins the blocks of a raw `:::kind … :::` run into one callout; never leaves `:::` markup. */
export function fixRawAdmonitions(blocks: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const lines = blocks[i]!.split('\n').map((line) => line.replace(/\s+$/, ''));
    const open = RAW_OPEN.exec(lines[0] ?? '');
    if (!open) {
      out.push(blocks[i]!);
      continue;
    }
    const body: string[] = [];
    let rest = lines.slice(1);
    for (;;) {
      const closed = rest.length > 0 && /(?:^|\s):::$/.test(rest.at(-1)!);
      const text = rest
        .join('\n')
        .replace(/\s*:::$/, '')
        .trim();
      if (text) body.push(text);
      if (closed || i + 1 >= blocks.length) break;
      rest = blocks[++i]!.split('\n').map((line) => line.replace(/\s+$/, ''));
    }
    out.push(quote([`**${calloutLabel(open[1]!, open[2] ?? '')}**`, ...body]));
  }
  return out;
}

/** Keeps the line breaks of a raw `:::kind Title` paragraph, which Turndown would fold into one line. */
function keepRawAdmonitionLines(html: string): string {
  return /^<p>:::\w/.test(html) || /\n:::<\/p>$/.test(html) ? html.replace(/\n/g, '<br>') : html;
}

/**
 * The Markdown blocks of a section: one block per top-level element (a paragraph, list, table,
 * code block or callout), in order, empty ones left out.
 */
export function toMarkdownBlocks(
  htmlParts: string[],
  codeOf: ($: CheerioAPI, el: Element) => { lang: string; code: string },
  pageUrl: string,
): string[] {
  const blocks: string[] = [];
  for (const html of htmlParts) {
    const $ = load(`<div id="md-root">${keepRawAdmonitionLines(html)}</div>`, null, false);
    simplify($, (el) => codeOf($, el), pageUrl);
    const root = $('#md-root').get(0) as Element;
    // Turndown writes "> " for an empty line of a quote; the trailing space is noise.
    const markdown = turndown
      .turndown(($(root).html() ?? '').trim())
      .replace(/^>[ \t]+$/gm, '>')
      .trim();
    if (markdown) blocks.push(markdown);
  }
  return fixRawAdmonitions(blocks);
}

export type { AnyNode };
