// No Markdown syntax reaches readers as text: an admonition written in a form the MDX version does
// not parse (":::note Title" instead of ":::note[Title]") shows its colons on the page. Code blocks
// and inline code may show the syntax on purpose (the authoring guide does).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

const BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/build');

describe('rendered pages', () => {
  it('show no raw admonition markup', () => {
    if (!fs.existsSync(path.join(BUILD, 'index.html')))
      throw new Error('No production build: run "npm run build" first.');
    const pages = (fs.readdirSync(BUILD, { recursive: true }) as string[]).filter((f) => f.endsWith('index.html'));
    expect(pages.length).toBeGreaterThan(600);
    const raw = pages.filter((file) => {
      const $ = cheerio.load(fs.readFileSync(path.join(BUILD, file), 'utf8'));
      $('article pre, article code').remove();
      return $('article p, article li')
        .toArray()
        .some((el) => /(^|\n)\s*:::/.test($(el).text()));
    });
    expect(raw).toEqual([]);
  });
});
