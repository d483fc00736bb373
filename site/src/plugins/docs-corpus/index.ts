import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { questionsByPermalink } from '../pageQuestions';
import { buildCorpus, CORPUS_FILE } from './corpus';

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
      const pages = new Set(corpus.sections.map((s) => s.url.split('#')[0])).size;
      console.info(`[docs-corpus] ${corpus.sections.length} sections from ${pages} pages → ${CORPUS_FILE}`);
    },
  };
}

export { CORPUS_FILE } from './corpus';
