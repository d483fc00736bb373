import type { AllContent } from '@docusaurus/types';

/** The slice of the docs plugin's loaded content this module reads. */
interface DocsContent {
  loadedVersions?: { docs?: { permalink: string; frontMatter: Record<string, unknown> }[] }[];
}

/**
 * The questions each doc and wiki page answers, by permalink, from the `questions` list of its front
 * matter (written in readers' words; scripts/check-pages.mjs checks their form). The rendered HTML
 * does not carry them, so the plugins that read built pages take them from the loaded content.
 * Keys end with "/" as the built routes do (a doc's permalink has no trailing slash of its own).
 */
export function questionsByPermalink(allContent: AllContent): Map<string, string[]> {
  const questions = new Map<string, string[]>();
  const instances = allContent['docusaurus-plugin-content-docs'] ?? {};
  for (const content of Object.values(instances) as DocsContent[]) {
    for (const version of content.loadedVersions ?? []) {
      for (const doc of version.docs ?? []) {
        const list = doc.frontMatter.questions;
        if (!Array.isArray(list)) continue;
        const strings = list.filter((q): q is string => typeof q === 'string' && q.trim() !== '');
        if (strings.length > 0)
          questions.set(
            doc.permalink.replace(/\/?$/, '/'),
            strings.map((q) => q.trim()),
          );
      }
    }
  }
  return questions;
}
