// Prepares one rendered page for the embedded index. Pagefind reads the HTML as the browser gets
// it; these attributes tell it what to index (the doc body only, not navbar, sidebar or footer),
// which facets to record (the same `docusaurus_tag` and `language` values the hosted crawler
// records), which section (lvl0) the page belongs to, and the page-level fields that ranking
// weighs above body text (see ranking.ts): its slug, keywords, topic and the identifiers it defines.
import { load, type CheerioAPI } from 'cheerio';
import { IDENTIFIER, type PageFacts } from '../ranking';

/** A rendered page as the index sees it: the facts the ranking rules read (ranking.ts), and more. */
export interface AnnotatedPage extends PageFacts {
  /** The hierarchy's lvl0: the top sidebar category of the page, as the hosted crawler records it. */
  section: string;
  /** Title, headings and body text: the words of the page, for the vocabulary. */
  text: string;
  headings: string[];
  /** The page's filter clauses, as the hosted service writes them: "language:en", "docusaurus_tag:…". */
  filters: string[];
  /** The page's HTML for Pagefind, with the given page-level fields as searchable metadata. */
  render(meta: Record<string, string>): string;
}

/** Pagefind filter → the page's meta tag that holds its value. */
const FILTER_METAS = { docusaurus_tag: 'docusaurus_tag', language: 'docsearch:language' };

const WIKI_SECTION = 'Contributors’ wiki';
const DOCS_SECTION = 'Documentation';

const cleanText = (text: string) =>
  text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function definedIdentifiers($: CheerioAPI, body: ReturnType<CheerioAPI>) {
  let found = new Set<string>();
  const add = (text: string) => {
    for (const part of cleanText(text).split(/,? and |, | \/ |\//)) {
      const id = part.trim().replace(/^`|`$/g, '');
      if (IDENTIFIER.test(id)) found.add(id);
    }
  };
  // Headings that name an identifier ("## pg_create_select_permission", "### a and b").
  body.find('h2, h3, h4').each((_, el) => add($(el).text()));
  const defines = [...found];
  found = new Set<string>();
  // Reference tables: a row whose first or second cell opens with the identifier in code.
  body.find('table tbody tr').each((_, row) => {
    $(row)
      .children('td')
      .slice(0, 2)
      .each((_, cell) => {
        const codes = $(cell).children('code');
        if (codes.length && cleanText($(cell).text()).startsWith(cleanText(codes.first().text()))) {
          codes.each((__, code) => add($(code).text()));
        }
      });
  });
  // A definition line under a heading: "**Flag:** `--cors-domain` · **Type:** …" (the first label).
  body.find('p, li').each((_, el) => {
    const first = $(el).children().first();
    const next = first.next();
    if (
      first.is('strong') &&
      /:\s*$/.test(first.text()) &&
      next.is('code') &&
      cleanText($(el).text()).startsWith(cleanText(first.text()))
    ) {
      add(next.text());
    }
  });
  // Definition lists: an item that opens with the identifier in bold code ("- **`X`**: …").
  body.find('li > strong:first-child > code, li > p:first-child > strong:first-child > code').each((_, el) => {
    add($(el).text());
  });
  return { defines, lists: [...found].filter((id) => !defines.includes(id)) };
}

/** Returns null for pages that are not doc or wiki pages (landing page, 404, search page). */
export function annotatePage(html: string, route = ''): AnnotatedPage | null {
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
  // A table's header row is the same few words on every table; its cells would run together in
  // excerpts ("FlagEnvironment variableType"), so it is left out and body cells are kept apart.
  body.find('thead').attr('data-pagefind-ignore', 'all');
  // The availability badges under a title (Available on: Cloud Free, …) would be the snippet of
  // every page hit; the page's first sentence says what it is about.
  body.find('[aria-label="Availability"]').attr('data-pagefind-ignore', 'all');
  // A code block's header (its language or file name, and buttons) is not part of the code.
  body
    .find('.theme-code-block > *')
    .filter((_, el) => $(el).find('pre').length === 0)
    .attr('data-pagefind-ignore', 'all');
  // Code is left out of the index: its identifiers are indexed where prose, headings and reference
  // rows define them, and the rest (values, boilerplate) only matched the wrong pages. It shrank the
  // index by a third and raised the own set's relevance (bench/search.ts, search-relevance.test.ts).
  body.find('.theme-code-block pre').attr('data-pagefind-ignore', 'index');
  body.find('td').append(' ');
  // The filters, from the meta tags the hosted crawler reads; the clauses name them as it does.
  const filters: string[] = [];
  for (const [filter, metaName] of Object.entries(FILTER_METAS)) {
    const meta = $(`meta[name="${metaName}"]`);
    meta.attr('data-pagefind-filter', `${filter}[content]`);
    if (meta.length) filters.push(`${filter}:${meta.attr('content') ?? ''}`);
  }

  const crumbs = $('article .breadcrumbs__item:not(.breadcrumbs__item--active)')
    .map((_, el) => $(el).text().trim())
    .get()
    .filter(Boolean);
  const activeCrumb = cleanText($('article .breadcrumbs__item--active').first().text());
  const section = crumbs[0] ?? (tag.includes('-wiki-') ? WIKI_SECTION : DOCS_SECTION);
  const keywords = ($('meta[name="keywords"]').attr('content') ?? '')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);

  const title = cleanText(body.find('h1').first().text());
  const headings = body
    .find('h2, h3')
    .map((_, el) => cleanText($(el).text()))
    .get();
  const { defines, lists } = definedIdentifiers($, body);
  const rows = body
    .find('tr[id]')
    .map((_, el) => $(el).attr('id'))
    .get();
  const text = body.text().replace(/\u200b/g, '');
  // Pagefind needs only the facets and the annotated article: a much smaller document to send it.
  const facets = $('meta[data-pagefind-filter]')
    .map((_, el) => $.html(el))
    .get()
    .join('');
  const article = $.html(body.parent());
  const render = (meta: Record<string, string>) => {
    // Metadata elements sit outside the indexed body: searchable as their own fields (weighed by
    // the client's metaWeights), never part of the text that excerpts are cut from.
    const fields = Object.entries({ section, ...meta })
      .filter(([, value]) => value)
      .map(([name, value]) => $('<span hidden></span>').attr('data-pagefind-meta', name).text(value))
      .map((el) => $.html(el))
      .join('');
    return `<!doctype html><html lang="en"><head>${facets}</head><body>${fields}${article}</body></html>`;
  };
  return {
    route,
    title,
    section,
    crumbs,
    activeCrumb,
    text,
    headings,
    keywords,
    defines,
    lists,
    rows,
    filters,
    render,
  };
}
