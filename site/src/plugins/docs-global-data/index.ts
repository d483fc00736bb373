import path from 'node:path';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { generatedFileLoader } from '../generatedFileLoader';
import { sectionLandings } from './sectionLandings';

/** This plugin's global data: the landing page of every folder of the docs, for the section cards. */
export type DocsGlobalData = { sectionLandings: Record<string, string> };

// What every page's global data says about the docs: each folder's landing page (what the section cards of
// the landing and heading pages link to), instead of Docusaurus's list of every doc, which only the cards
// read (globalDataLoader.cjs cuts it to each version's main doc).
export default function docsGlobalDataPlugin(context: LoadContext): Plugin<unknown> {
  return {
    name: 'docs-global-data',
    allContentLoaded({ allContent, actions }) {
      const docs = (allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined)
        ?.loadedVersions[0]?.docs;
      if (!docs) throw new Error('docs-global-data: the docs plugin loaded no version');
      actions.setGlobalData({ sectionLandings: sectionLandings(docs) } satisfies DocsGlobalData);
    },
    configureWebpack() {
      return {
        module: {
          rules: [generatedFileLoader(context, 'globalData.json', path.resolve(__dirname, 'globalDataLoader.cjs'))],
        },
      };
    },
  };
}
