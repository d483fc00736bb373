// llms.txt (https://llmstxt.org): a Markdown index of the site for language models and their tools.
// One H2 section per top-level sidebar category, pages in sidebar order, each as
// "- [title](absolute URL): description". Pure functions, so they are tested without a build.

/** The parts of a doc that the index needs (a subset of Docusaurus's DocMetadata). */
export type IndexedDoc = {
  id: string;
  title: string;
  description: string;
  permalink: string;
  unlisted: boolean;
  draft: boolean;
};

/** The parts of a processed sidebar item that the index reads. */
export type SidebarNode = {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarNode[];
  link?: { type: string; id?: string };
};

/** One docs plugin instance: its docs and sidebars, and the heading prefix of its sections. */
export type DocsArea = {
  docs: IndexedDoc[];
  sidebars: Record<string, SidebarNode[]>;
  /** Name of the area's first section (its top-level pages) and prefix of its other sections. */
  name: string;
};

export type Section = { title: string; docs: IndexedDoc[] };

/** The sections of one docs area, in sidebar order; docs outside every sidebar come last. */
export function areaSections({ docs, sidebars, name }: DocsArea): Section[] {
  const listed = new Map(docs.filter((d) => !d.unlisted && !d.draft).map((d) => [d.id, d]));
  const seen = new Set<string>();
  const take = (id: string | undefined, into: IndexedDoc[]) => {
    const doc = id === undefined ? undefined : listed.get(id);
    if (doc && !seen.has(doc.id)) {
      seen.add(doc.id);
      into.push(doc);
    }
  };
  const collect = (items: SidebarNode[], into: IndexedDoc[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') take(item.id, into);
      if (item.type === 'category') {
        if (item.link?.type === 'doc') take(item.link.id, into);
        collect(item.items ?? [], into);
      }
    }
  };
  const top: Section = { title: name, docs: [] };
  const sections: Section[] = [top];
  for (const sidebar of Object.values(sidebars)) {
    for (const item of sidebar) {
      if (item.type === 'category') {
        const section: Section = { title: `${name}: ${item.label}`, docs: [] };
        collect([item], section.docs);
        sections.push(section);
      } else {
        collect([item], top.docs);
      }
    }
  }
  const rest = [...listed.values()].filter((d) => !seen.has(d.id));
  if (rest.length) sections.push({ title: `${name}: other pages`, docs: rest });
  return sections.filter((s) => s.docs.length > 0);
}

/** One line of Markdown: collapses whitespace so a description cannot break the list. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Square brackets would end the link text early. */
const linkText = (text: string) => oneLine(text).replace(/[[\]]/g, (c) => `\\${c}`);

export type LlmsTxtInput = {
  title: string;
  summary: string;
  /** Paragraphs of plain Markdown between the summary and the sections. */
  details: string[];
  /** Origin of the site (https://host), prepended to each permalink. */
  siteUrl: string;
  /** The site's trailingSlash setting: doc permalinks do not carry it, the served URLs do. */
  trailingSlash: boolean;
  sections: Section[];
  /** The path to link for a page's served route (its Markdown file, for instance); the route itself by default. */
  link?: (route: string) => string;
};

export function llmsTxt({
  title,
  summary,
  details,
  siteUrl,
  trailingSlash,
  sections,
  link = (route) => route,
}: LlmsTxtInput): string {
  const lines = [`# ${oneLine(title)}`, '', `> ${oneLine(summary)}`, ''];
  for (const paragraph of details) lines.push(paragraph, '');
  for (const section of sections) {
    lines.push(`## ${oneLine(section.title)}`, '');
    for (const doc of section.docs) {
      const description = oneLine(doc.description);
      const permalink = trailingSlash && !doc.permalink.endsWith('/') ? `${doc.permalink}/` : doc.permalink;
      const url = new URL(link(permalink), siteUrl).href;
      lines.push(`- [${linkText(doc.title)}](${url})${description ? `: ${description}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
