import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { BASE_URL, CURRENT_VERSION_LABEL, OTHER_VERSIONS, SITE_TITLE, TAGLINE } from '../../constants';
import { areaSections, llmsTxt, type Section, type SidebarNode } from './llmsTxt';
import { markdownRoute } from '../docs-corpus/pageMarkdown';

/** Heading of each docs plugin instance's sections in llms.txt. */
const AREA_NAMES: Record<string, string> = { default: 'Docs', wiki: 'Contributors’ wiki' };

// Writes llms.txt at the base path (/docs/2.0/llms.txt) after the build: every doc and wiki page with its
// title, description and the URL of its Markdown (written by the docs-corpus plugin), grouped like the
// sidebars. The pages come from the docs plugins' loaded content.
export default function llmsTxtPlugin(context: LoadContext): Plugin<unknown> {
  let sections: Section[] = [];
  return {
    name: 'docs-llms-txt',
    allContentLoaded({ allContent }) {
      const instances = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, LoadedContent>;
      sections = Object.entries(instances).flatMap(([id, content]) =>
        content.loadedVersions.flatMap((version) =>
          areaSections({
            docs: version.docs,
            sidebars: version.sidebars as unknown as Record<string, SidebarNode[]>,
            name: AREA_NAMES[id] ?? id,
          }),
        ),
      );
    },
    async postBuild({ outDir }) {
      const siteUrl = context.siteConfig.url;
      const text = llmsTxt({
        title: `${SITE_TITLE}: Hasura GraphQL Engine ${CURRENT_VERSION_LABEL}`,
        summary: `${TAGLINE}: the documentation of Hasura GraphQL Engine ${CURRENT_VERSION_LABEL}, which serves a GraphQL API over your databases with authorization, actions, remote schemas and event triggers.`,
        details: [
          `Each link below is a page as Markdown; the same URL without ".md" is the page itself. ` +
            `All pages in one file: ${siteUrl}${BASE_URL}llms-full.txt; the sitemap is ${siteUrl}${BASE_URL}sitemap.xml. ` +
            `Other versions of the engine have their own docs: ${OTHER_VERSIONS.map((v) => `[${v.label}](${v.href})`).join(', ')}.`,
        ],
        siteUrl,
        trailingSlash: context.siteConfig.trailingSlash === true,
        sections,
        link: markdownRoute,
      });
      await fs.writeFile(path.join(outDir, 'llms.txt'), text);
    },
  };
}
