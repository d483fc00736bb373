import path from 'node:path';
import type { AllContent, ParseFrontMatter } from '@docusaurus/types';

/**
 * The questions each doc and wiki page answers, in readers' words: the `questions` list of its front
 * matter (scripts/check-pages.mjs checks their form). The search index and the assistant's corpus
 * read them; the browser never does, so they are taken out of the front matter that Docusaurus
 * ships with every page (about 0.8 KB gzip of a page's first-load JavaScript) and kept here, by file.
 */
const questionsByFile = new Map<string, string[]>();

/**
 * Docusaurus's `markdown.parseFrontMatter`: its own parse, minus the fields no reader's browser uses:
 * `questions`, kept aside for the plugins, and `verified`, the record of what the page was checked
 * against (read by scripts/check-pages.mjs from the source files, never from the build).
 */
export const parseFrontMatterKeepingQuestions: ParseFrontMatter = async (params) => {
  const result = await params.defaultParseFrontMatter(params);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { questions, verified, ...frontMatter } = result.frontMatter;
  if (Array.isArray(questions)) {
    const strings = questions.filter((q): q is string => typeof q === 'string' && q.trim() !== '');
    questionsByFile.set(
      path.resolve(params.filePath),
      strings.map((q) => q.trim()),
    );
  }
  return { ...result, frontMatter };
};

/** The slice of the docs plugin's loaded content this module reads. */
interface DocsContent {
  loadedVersions?: { docs?: { permalink: string; source: string }[] }[];
}

/**
 * Each page's questions by its built route (with the trailing slash the routes have; a doc's
 * permalink has none), for the plugins that read the built pages after the build.
 */
export function questionsByPermalink(allContent: AllContent, siteDir: string): Map<string, string[]> {
  const questions = new Map<string, string[]>();
  const instances = allContent['docusaurus-plugin-content-docs'] ?? {};
  for (const content of Object.values(instances) as DocsContent[]) {
    for (const version of content.loadedVersions ?? []) {
      for (const doc of version.docs ?? []) {
        const file = path.resolve(siteDir, doc.source.replace(/^@site\//, ''));
        const list = questionsByFile.get(file);
        if (list && list.length > 0) questions.set(doc.permalink.replace(/\/?$/, '/'), list);
      }
    }
  }
  return questions;
}
