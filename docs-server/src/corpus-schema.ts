// The corpus file's schema: what the site's docs-corpus plugin writes (site/build/docs-corpus.json) and the
// docs-server validates on load. It imports nothing, so the site imports it without the server's dependencies.

/**
 * The corpus the site exports at build time (site/build/docs-corpus.json): every doc and
 * wiki page cut into sections at its headings. README.md documents the format.
 */
export interface Corpus {
  version: 1;
  /** ISO date of the site build that exported it. */
  generatedAt: string;
  sections: CorpusSection[];
  /** Each page's description and keywords (its front matter); optional for older corpus files. */
  pages?: CorpusPage[];
}

export interface CorpusPage {
  /** Site-absolute URL with its trailing slash, as in the sections' URLs without an anchor. */
  url: string;
  title: string;
  description: string;
  keywords: string[];
  /** The questions the page answers in readers' words (its front matter); optional for older files. */
  questions?: string[];
}

export interface CorpusSection {
  /** Site-absolute URL with the section's anchor, e.g. /docs/2.0/auth/authorization/index/#row-level */
  url: string;
  pageTitle: string;
  /** Heading path from the page's first H2 down to this section; [] for the page's introduction. */
  headings: string[];
  /** Plain text of the section, code blocks removed. */
  text: string;
  code: CodeBlock[];
  area: 'docs' | 'wiki';
  /**
   * The section as Markdown, one block per paragraph, list, table, code block or callout,
   * for answers that quote it well-formed. Optional: older corpus files lack it.
   */
  blocks?: string[];
}

export interface CodeBlock {
  /** The fence's language ("yaml", "graphql", "bash"...), or "" when it had none. */
  lang: string;
  code: string;
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** Checks the shape of a parsed corpus; throws naming the first field that is wrong. */
export function validateCorpus(data: unknown): Corpus {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`corpus must be a JSON object, got ${describe(data)}`);
  }
  const { version, generatedAt, sections } = data as Record<string, unknown>;
  if (version !== 1) throw new Error(`unsupported corpus version ${String(version)} (expected 1)`);
  if (typeof generatedAt !== 'string') throw new Error('corpus "generatedAt" must be a string');
  if (!Array.isArray(sections)) throw new Error('corpus "sections" must be an array');
  sections.forEach((section: unknown, i) => {
    const s = section as Record<string, unknown> | null;
    const where = `corpus section ${i}`;
    if (typeof s !== 'object' || s === null) throw new Error(`${where} must be an object`);
    for (const key of ['url', 'pageTitle', 'text'] as const) {
      if (typeof s[key] !== 'string') throw new Error(`${where}: "${key}" must be a string`);
    }
    if (!Array.isArray(s.headings) || !s.headings.every((h) => typeof h === 'string')) {
      throw new Error(`${where}: "headings" must be an array of strings`);
    }
    if (
      !Array.isArray(s.code) ||
      !s.code.every(
        (c: unknown) =>
          typeof c === 'object' &&
          c !== null &&
          typeof (c as CodeBlock).lang === 'string' &&
          typeof (c as CodeBlock).code === 'string',
      )
    ) {
      throw new Error(`${where}: "code" must be an array of { lang, code } strings`);
    }
    if (s.area !== 'docs' && s.area !== 'wiki') throw new Error(`${where}: "area" must be "docs" or "wiki"`);
    if (s.blocks !== undefined && !(Array.isArray(s.blocks) && s.blocks.every((b) => typeof b === 'string'))) {
      throw new Error(`${where}: "blocks" must be an array of strings`);
    }
  });
  const { pages } = data as Record<string, unknown>;
  if (pages !== undefined) {
    if (!Array.isArray(pages)) throw new Error('corpus "pages" must be an array');
    pages.forEach((page: unknown, i) => {
      const p = page as Record<string, unknown> | null;
      const ok =
        typeof p === 'object' &&
        p !== null &&
        typeof p.url === 'string' &&
        typeof p.title === 'string' &&
        typeof p.description === 'string' &&
        Array.isArray(p.keywords) &&
        p.keywords.every((k) => typeof k === 'string') &&
        (p.questions === undefined || (Array.isArray(p.questions) && p.questions.every((q) => typeof q === 'string')));
      if (!ok) {
        throw new Error(
          `corpus page ${i} must be { url, title, description, keywords: string[], questions?: string[] }`,
        );
      }
    });
  }
  return data as Corpus;
}
