// Every doc and wiki page as clean Markdown, for readers who hand the docs to their own AI tools: served
// at the page's route with ".md" appended (/docs/2.0/auth/authentication/jwt.md), linked from llms.txt,
// and all together in llms-full.txt. Made from the same Markdown blocks as the assistant's corpus (code
// with its language, tables, callouts), with the links made absolute so they work outside the site.
import type { CorpusPage, CorpusSection } from 'docs-server/corpus-schema';

/** The Markdown file of a doc route: the route without its trailing slash, plus ".md". */
export function markdownRoute(route: string): string {
  return `${route.replace(/\/+$/, '')}.md`;
}

const FENCE = /^(?:`{3,}|~{3,})/;

/** Site-absolute links and images (/docs/2.0/…) made absolute (https://host/docs/2.0/…), outside code. */
function absoluteLinks(block: string, siteUrl: string): string {
  if (FENCE.test(block)) return block;
  const origin = siteUrl.replace(/\/+$/, '');
  return block.replace(/(\]\()(\/[^)\s]*)/g, (_, open: string, target: string) => `${open}${origin}${target}`);
}

/** One page as Markdown: its title, its description as a quote, then each section under its heading. */
export function pageMarkdown(page: CorpusPage, sections: CorpusSection[], siteUrl: string): string {
  const out = [`# ${page.title}`];
  if (page.description) out.push(`> ${page.description}`);
  out.push(`Source: ${siteUrl.replace(/\/+$/, '')}${page.url}`);
  for (const section of sections) {
    const depth = section.headings.length;
    if (depth > 0) out.push(`${'#'.repeat(Math.min(depth + 1, 6))} ${section.headings.at(-1)}`);
    const blocks = section.blocks?.length ? section.blocks : [section.text].filter(Boolean);
    for (const block of blocks) out.push(absoluteLinks(block, siteUrl));
  }
  return `${out.join('\n\n')}\n`;
}

/** The sections of each page, in the corpus's order (which is the page's own). */
export function sectionsByPage(sections: CorpusSection[]): Map<string, CorpusSection[]> {
  const byPage = new Map<string, CorpusSection[]>();
  for (const section of sections) {
    const url = section.url.split('#')[0]!;
    const list = byPage.get(url);
    if (list) list.push(section);
    else byPage.set(url, [section]);
  }
  return byPage;
}

/** llms-full.txt: every page's Markdown, one after another (each starts with its own "# Title"). */
export function llmsFullTxt(pages: string[]): string {
  return pages.join('\n');
}
