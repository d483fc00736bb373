// Prepares one rendered page for the embedded index. Pagefind reads the HTML as the browser gets
// it; these attributes tell it what to index (the doc body only, not navbar, sidebar or footer),
// which facets to record (the same `docusaurus_tag` and `language` values the hosted crawler
// records) and which section (lvl0) the page belongs to.
import { load } from 'cheerio';

export interface AnnotatedPage {
  html: string;
  title: string;
  /** The hierarchy's lvl0: the top sidebar category of the page, as the hosted crawler records it. */
  section: string;
  /** Title, headings and body text: the words of the page, for the vocabulary. */
  text: string;
  headings: string[];
}

const WIKI_SECTION = 'Contributors’ wiki';
const DOCS_SECTION = 'Documentation';

/** Returns null for pages that are not doc or wiki pages (landing page, 404, search page). */
export function annotatePage(html: string): AnnotatedPage | null {
  // Parsing the whole page (navbar, a sidebar of 700 links, footer) costs 40 ms; only the head's
  // meta tags and the article matter, so parse just those.
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  if (start < 0 || end < start) return null;
  const metas = html.slice(0, start).match(/<meta(?:[^>"']|"[^"]*"|'[^']*')*>/g) ?? [];
  // htmlparser2 (the `xml` option in HTML mode) parses this twice as fast as the default parse5.
  const $ = load(`<html><head>${metas.join('')}</head><body>${html.slice(start, end + 10)}</body></html>`, {
    xml: { xmlMode: false, decodeEntities: true },
  });
  const body = $('article .theme-doc-markdown').first();
  if (body.length === 0) return null;
  const tag = $('meta[name="docusaurus_tag"]').attr('content') ?? '';
  if (!tag.startsWith('docs-')) return null;

  body.attr('data-pagefind-body', '');
  // Heading anchors hold a zero-width space; copy buttons and the mobile TOC toggle are UI text.
  body.find('.hash-link, button').attr('data-pagefind-ignore', 'all');
  $('meta[name="docusaurus_tag"]').attr('data-pagefind-filter', 'docusaurus_tag[content]');
  $('meta[name="docsearch:language"]').attr('data-pagefind-filter', 'language[content]');

  const crumbs = $('article .breadcrumbs__item:not(.breadcrumbs__item--active)')
    .map((_, el) => $(el).text().trim())
    .get()
    .filter(Boolean);
  const section = crumbs[0] ?? (tag.includes('-wiki-') ? WIKI_SECTION : DOCS_SECTION);
  // The meta element sits outside the indexed body so its text is not searchable content.
  body.before($('<span hidden data-pagefind-meta="section"></span>').text(section));
  // The front matter keywords name what the page defines; the client ranks those pages first.
  const keywords = $('meta[name="keywords"]').attr('content') ?? '';
  body.before($('<span hidden data-pagefind-meta="keywords"></span>').text(keywords));

  const title = body.find('h1').first().text().trim();
  const headings = body
    .find('h2, h3')
    .map((_, el) =>
      $(el)
        .text()
        .replace(/\u200b/g, '')
        .trim(),
    )
    .get();
  const text = body.text().replace(/\u200b/g, '');
  // Pagefind needs only the facets and the annotated article: a much smaller document to send it.
  const facets = $('meta[data-pagefind-filter]')
    .map((_, el) => $.html(el))
    .get()
    .join('');
  const article = $.html(body.parent());
  const page = `<!doctype html><html lang="en"><head>${facets}</head><body>${article}</body></html>`;
  return { html: page, title, section, text, headings };
}
