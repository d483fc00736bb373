// Every doc and wiki page as Markdown in the production build: a .md file at each page's route with
// ".md" appended, every page link of llms.txt pointing at one, and llms-full.txt holding them all.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/build');
const read = (rel: string) => fs.readFileSync(path.join(BUILD, rel), 'utf8');

describe('pages as Markdown', () => {
  let corpus: { pages: { url: string; title: string }[] };
  beforeAll(() => {
    if (!fs.existsSync(path.join(BUILD, 'docs-corpus.json')))
      throw new Error('No production build: run "npm run build" first.');
    corpus = JSON.parse(read('docs-corpus.json'));
  });

  it('exist for every doc and wiki page, titled and with absolute links', () => {
    expect(corpus.pages.length).toBeGreaterThan(600);
    const problems: string[] = [];
    for (const page of corpus.pages) {
      const file = `${page.url.replace(/^\/docs\/2\.0\//, '').replace(/\/$/, '')}.md`;
      if (!fs.existsSync(path.join(BUILD, file))) {
        problems.push(`${file}: missing`);
        continue;
      }
      const markdown = read(file);
      if (!markdown.startsWith(`# ${page.title}\n`)) problems.push(`${file}: does not start with its title`);
      // Outside code (blocks and spans), no link is left relative to the site and no HTML is left.
      const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      if (/\]\(\/(?!\/)/.test(prose)) problems.push(`${file}: a site-relative link`);
      if (/<(?:div|span|svg|button)\b/.test(prose)) problems.push(`${file}: raw HTML`);
    }
    expect(problems).toEqual([]);
  });

  it('are what llms.txt links, and llms-full.txt holds them all', () => {
    const links = [...read('llms.txt').matchAll(/^- \[[^\]]+\]\((\S+?)\)/gm)].map((m) => new URL(m[1]!).pathname);
    expect(links.length).toBeGreaterThan(600);
    const missing = links.filter(
      (p) => !p.endsWith('.md') || !fs.existsSync(path.join(BUILD, p.replace(/^\/docs\/2\.0\//, ''))),
    );
    expect(missing).toEqual([]);
    const full = read('llms-full.txt');
    for (const page of corpus.pages) expect(full).toContain(`# ${page.title}\n`);
    expect(full.split('\nSource: ').length - 1).toBe(corpus.pages.length);
  });
});
