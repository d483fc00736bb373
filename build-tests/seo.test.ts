// SEO and sharing on the real production build (site/build): the sitemap lists every page, robots.txt
// points to it, every page has its canonical URL and its Open Graph and Twitter card tags with the social
// image, and llms.txt lists every doc and wiki page with the title and description the page itself has.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, SITE_TITLE, SITE_URL, SOCIAL_CARD } from '../site/src/constants';

const BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site/build');
const ORIGIN_AND_BASE = `${SITE_URL}${BASE_URL}`;
/** Routes that are not content: they are built but stay out of the sitemap. */
const NOT_IN_SITEMAP = new Set(['search/']);

type Page = {
  route: string;
  title: string;
  canonical: string[];
  meta: (key: string) => string | undefined;
  /** React streamed part of the page: a fallback in place, the content later in a hidden template. */
  streamed: boolean;
};

let pages: Page[] = [];
beforeAll(() => {
  if (!fs.existsSync(path.join(BUILD, 'index.html')))
    throw new Error('No production build: run "npm run build" first.');
  pages = (fs.readdirSync(BUILD, { recursive: true }) as string[])
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => {
      const html = fs.readFileSync(path.join(BUILD, file), 'utf8');
      const $ = cheerio.load(html, { xml: { xmlMode: false } });
      return {
        route: file.replace(/index\.html$/, ''),
        title: $('head > title').text(),
        canonical: $('link[rel="canonical"]')
          .map((_, el) => $(el).attr('href'))
          .get(),
        meta: (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content'),
        streamed: $('template[id^="B:"]').length > 0,
      };
    });
});

const sitemapUrls = () =>
  [...fs.readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap.xml', () => {
  it('lists every page once, by its absolute URL under the base path with a trailing slash', () => {
    const urls = sitemapUrls();
    expect(pages.length).toBeGreaterThan(100);
    expect(new Set(urls).size).toBe(urls.length);
    const expected = pages.filter((p) => !NOT_IN_SITEMAP.has(p.route)).map((p) => `${ORIGIN_AND_BASE}${p.route}`);
    expect(urls.sort()).toEqual(expected.sort());
  });
});

describe('robots.txt', () => {
  it('allows the docs and points to the sitemap', () => {
    const robots = fs.readFileSync(path.join(BUILD, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(new RegExp(`^Allow: ${BASE_URL}$`, 'm'));
    expect(robots).toMatch(new RegExp(`^Disallow: ${BASE_URL}search/$`, 'm'));
    expect(robots).toMatch(new RegExp(`^Sitemap: ${ORIGIN_AND_BASE}sitemap\\.xml$`, 'm'));
  });
});

describe('every page', () => {
  it('has its content in place, not streamed after a fallback (what crawlers and readers without JS get)', () => {
    // A Suspense boundary rendered on the server can be written as its fallback plus a hidden template
    // and an inline script; code blocks must never be (src/theme/CodeBlock/Content).
    expect(pages.length).toBeGreaterThan(600);
    expect(pages.filter((p) => p.streamed).map((p) => p.route)).toEqual([]);
  });

  it('has one canonical URL, its own, and the same og:url', () => {
    const wrong = pages.filter((p) => {
      const own = `${ORIGIN_AND_BASE}${p.route}`;
      return p.canonical.length !== 1 || p.canonical[0] !== own || p.meta('og:url') !== own;
    });
    expect(wrong.map((p) => `${p.route}: ${p.canonical.join(' ')} / ${p.meta('og:url')}`)).toEqual([]);
  });

  it('has Open Graph and Twitter card tags with the social image', () => {
    const image = `${ORIGIN_AND_BASE}${SOCIAL_CARD.path}`;
    const wrong = pages.flatMap((p) => {
      const expected: Record<string, string | undefined> = {
        'og:title': p.title,
        'og:site_name': SITE_TITLE,
        'og:type': 'website',
        'og:image': image,
        'og:image:width': String(SOCIAL_CARD.width),
        'og:image:height': String(SOCIAL_CARD.height),
        'og:image:alt': SOCIAL_CARD.alt,
        'twitter:card': 'summary_large_image',
        'twitter:image': image,
        'twitter:image:alt': SOCIAL_CARD.alt,
      };
      const problems = Object.entries(expected)
        .filter(([key, value]) => p.meta(key) !== value)
        .map(([key]) => `${p.route}: ${key} is ${JSON.stringify(p.meta(key))}`);
      // Content pages describe themselves; the search page (outside the sitemap) has nothing to describe.
      const described = !NOT_IN_SITEMAP.has(p.route);
      if (described && (!p.meta('og:description') || p.meta('og:description') !== p.meta('description'))) {
        problems.push(`${p.route}: og:description`);
      }
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('shares an image that exists: a PNG of the announced size', () => {
    const png = fs.readFileSync(path.join(BUILD, SOCIAL_CARD.path));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SOCIAL_CARD.width, SOCIAL_CARD.height]);
  });
});

describe('llms.txt', () => {
  const read = () => fs.readFileSync(path.join(BUILD, 'llms.txt'), 'utf8');
  const entries = () =>
    [...read().matchAll(/^- \[((?:\\.|[^\]])+)\]\(([^)]+)\)(?:: (.*))?$/gm)].map(([, title, url, description]) => ({
      title: title!.replace(/\\(.)/g, '$1'),
      // Each entry links the page's Markdown (route + ".md"): the page is the same URL without it.
      url: url!.replace(/\.md$/, '/'),
      markdown: url!,
      description: description ?? '',
    }));

  it('starts with a title and a summary, as the format asks', () => {
    expect(read()).toMatch(/^# .+\n\n> .+\n/);
  });

  it('links each page as Markdown', () => {
    expect(entries().every((e) => e.markdown.endsWith('.md'))).toBe(true);
  });

  it('lists every doc and wiki page once (all pages but the landing page and generated category pages)', () => {
    const urls = entries().map((e) => e.url);
    expect(new Set(urls).size).toBe(urls.length);
    const docPages = pages
      .filter((p) => p.route !== '' && !NOT_IN_SITEMAP.has(p.route) && !/(^|\/)category\//.test(p.route))
      .map((p) => `${ORIGIN_AND_BASE}${p.route}`);
    expect(urls.sort()).toEqual(docPages.sort());
  });

  it('gives each page the title and description that the page itself has', () => {
    const byUrl = new Map(pages.map((p) => [`${ORIGIN_AND_BASE}${p.route}`, p]));
    const wrong = entries().filter((e) => {
      const page = byUrl.get(e.url);
      return !page || page.title !== `${e.title} | ${SITE_TITLE}` || (page.meta('description') ?? '') !== e.description;
    });
    expect(wrong).toEqual([]);
  });
});

describe('opensearch.xml', () => {
  it('lets browsers search the site from the address bar: every page links the description, which opens the search page', () => {
    const xml = fs.readFileSync(path.join(BUILD, 'opensearch.xml'), 'utf8');
    const $ = cheerio.load(xml, { xml: true });
    expect($('OpenSearchDescription > ShortName').text().length).toBeGreaterThan(0);
    expect($('OpenSearchDescription > ShortName').text().length).toBeLessThanOrEqual(16);
    expect($('Url[type="text/html"]').attr('template')).toBe(`${ORIGIN_AND_BASE}search/?q={searchTerms}`);
    for (const page of ['index.html', 'auth/overview/index.html', 'wiki/index.html']) {
      const html = cheerio.load(fs.readFileSync(path.join(BUILD, page), 'utf8'));
      expect(html('link[rel="search"]').attr('href'), page).toBe(`${BASE_URL}opensearch.xml`);
      expect(html('link[rel="search"]').attr('type'), page).toBe('application/opensearchdescription+xml');
    }
  });
});
