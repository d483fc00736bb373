import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { questionsByPermalink } from '../pageQuestions';
import { buildCorpus, CORPUS_FILE } from './corpus';
import { llmsFullTxt, markdownRoute, pageMarkdown, sectionsByPage } from './pageMarkdown';

/** Every page's Markdown in one file, beside llms.txt. */
export const LLMS_FULL_FILE = 'llms-full.txt';

// Exports the docs bot's corpus after the build: every doc and wiki page, cut into sections at its
// H2/H3 headings, read from the rendered HTML (so MDX components and includes are already resolved).
export default function docsCorpusPlugin(context: LoadContext): Plugin<unknown> {
  let questions = new Map<string, string[]>();
  return {
    name: 'docs-corpus',
    async allContentLoaded({ allContent }) {
      questions = questionsByPermalink(allContent, context.siteDir);
    },
    async postBuild({ outDir, routesPaths }) {
      const corpus = await buildCorpus(outDir, routesPaths, context.baseUrl, questions);
      await writeFile(path.join(outDir, CORPUS_FILE), JSON.stringify(corpus));
      // Each page as Markdown at its route + ".md", and all of them in llms-full.txt (docs, then the wiki).
      const sections = sectionsByPage(corpus.sections);
      const { baseUrl } = context;
      const pages = [...(corpus.pages ?? [])].sort(
        (a, b) => Number(a.url.includes('/wiki/')) - Number(b.url.includes('/wiki/')),
      );
      const markdown: string[] = [];
      for (const page of pages) {
        const text = pageMarkdown(page, sections.get(page.url) ?? [], context.siteConfig.url);
        const file = path.join(outDir, markdownRoute(page.url).slice(baseUrl.length));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, text);
        markdown.push(text);
      }
      await writeFile(path.join(outDir, LLMS_FULL_FILE), llmsFullTxt(markdown));
      console.info(
        `[docs-corpus] ${corpus.sections.length} sections from ${pages.length} pages → ${CORPUS_FILE}, ${pages.length} .md files, ${LLMS_FULL_FILE}`,
      );
    },
  };
}

export { CORPUS_FILE } from './corpus';
