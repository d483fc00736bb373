// Build-time validation: broken links and broken markdown links abort the production build and
// name the file and the link; duplicate routes only warn; `.wip` files never become pages, while
// `_heading_*` pages still do.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixtureSite, page } from './fixtureSite';

describe('production build validation', () => {
  it('fails on a broken markdown link, naming the file and the link', () => {
    const r = buildFixtureSite('broken-md-link', {
      'docs/guide/setup.mdx': page('Setup', 'See [the missing page](./missing-page.mdx) for details.'),
    });
    expect(r.ok).toBe(false);
    expect(r.output).toMatch(/Markdown link with URL `\.\/missing-page\.mdx` in source file "docs\/guide\/setup\.mdx"/);
  });

  it('fails on a broken link, naming the page and the link', () => {
    const r = buildFixtureSite('broken-link', {
      'docs/guide/setup.mdx': page('Setup', 'Read [the missing route](/no/such/route/) first.'),
    });
    expect(r.ok).toBe(false);
    expect(r.output).toContain('Broken link on source page path = /docs/2.0/guide/setup/');
    expect(r.output).toContain('-> linking to /docs/2.0/no/such/route/');
  });

  it('warns on duplicate routes, skips .wip files and keeps _heading_ pages', () => {
    const r = buildFixtureSite('warnings', {
      'docs/guide/first.mdx': page('First', 'The first page.', 'slug: /guide/same\n'),
      'docs/guide/second.mdx': page('Second', 'The second page.', 'slug: /guide/same\n'),
      'docs/guide/draft.mdx.wip': page('Draft', 'Not ready.'),
      'docs/guide/unfinished.wip': page('Unfinished', 'Not ready either.'),
      'docs/_heading_extra.mdx': page('Extra heading', 'A heading page.'),
    });
    expect(r.ok, r.output.slice(-2000)).toBe(true);
    expect(r.output).toMatch(/Duplicate routes found!/);
    expect(r.output).toContain('/docs/2.0/guide/same/');
    expect(fs.existsSync(path.join(r.buildDir, 'guide/same/index.html'))).toBe(true);
    const built = fs.readdirSync(path.join(r.buildDir, 'guide'));
    expect(built).not.toContain('draft');
    expect(built).not.toContain('unfinished');
    expect(JSON.stringify(fs.readdirSync(r.buildDir, { recursive: true }))).not.toMatch(/draft|unfinished/);
    expect(fs.existsSync(path.join(r.buildDir, '_heading_extra/index.html'))).toBe(true);
  });
});
