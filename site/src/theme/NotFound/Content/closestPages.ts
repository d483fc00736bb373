// The pages closest to a URL that does not exist, for the not-found page. The page list is the site's
// own llms.txt (title and URL of every doc and wiki page), so no extra index ships with the site.
import { editDistance } from '../../../text';

export type Page = { title: string; path: string };

/**
 * Pages of llms.txt, as "- [Title](https://host/docs/2.0/route.md): description" lines, with the paths of the
 * pages themselves (the Markdown file's path without ".md", with the trailing slash).
 */
export function parsePages(llmsTxt: string): Page[] {
  const pages: Page[] = [];
  for (const m of llmsTxt.matchAll(/^- \[(.+?)\]\((\S+?)\)/gm)) {
    try {
      const path = new URL(m[2]!).pathname.replace(/\.md$/, '/');
      pages.push({ title: m[1]!, path });
    } catch {
      // A line that is not a page link.
    }
  }
  return pages;
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !['docs', '2', '0', 'index', 'html'].includes(w));

/** How well one word of the URL matches a word of a page: exact, a prefix, or a typo away. */
function wordScore(word: string, candidates: string[]): number {
  let best = 0;
  for (const c of candidates) {
    if (c === word) return 1;
    if (c.startsWith(word) || word.startsWith(c)) best = Math.max(best, 0.7);
    else if (word.length >= 4 && editDistance(word, c, 2) <= (word.length >= 7 ? 2 : 1)) best = Math.max(best, 0.6);
  }
  return best;
}

/**
 * Up to `limit` pages ranked by how many words of the asked path they share (in their path or title),
 * the last segment of the path weighing double: it names the page, the rest the section.
 */
export function closestPages(askedPath: string, pages: Page[], limit = 5): Page[] {
  const segments = askedPath.split('/').filter(Boolean);
  const last = words(segments[segments.length - 1] ?? '');
  const all = words(askedPath);
  if (all.length === 0) return [];
  return pages
    .map((page) => {
      const pageWords = [...words(page.path), ...words(page.title)];
      const score =
        all.reduce((sum, w) => sum + wordScore(w, pageWords), 0) +
        last.reduce((sum, w) => sum + wordScore(w, pageWords), 0);
      // Shorter paths win ties: a section's overview before its deep pages.
      return { page, score: score - page.path.length / 1000 };
    })
    .filter(({ score }) => score >= 0.6)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ page }) => page);
}
