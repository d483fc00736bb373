import { describe, expect, it } from 'vitest';
import type { CorpusSection } from 'docs-server/corpus-schema';
import { llmsFullTxt, markdownRoute, pageMarkdown, sectionsByPage } from './pageMarkdown';

const URL = '/docs/2.0/auth/authentication/jwt/';
const section = (over: Partial<CorpusSection>): CorpusSection => ({
  url: URL,
  pageTitle: 'Authentication with JWT',
  headings: [],
  text: '',
  code: [],
  area: 'docs',
  ...over,
});

describe('pages as Markdown', () => {
  it('live at the route with .md appended', () => {
    expect(markdownRoute(URL)).toBe('/docs/2.0/auth/authentication/jwt.md');
    expect(markdownRoute('/docs/2.0/subscriptions/postgres/index/')).toBe('/docs/2.0/subscriptions/postgres/index.md');
  });

  it('give the title, description, source and each section under its heading, links absolute outside code', () => {
    const sections = [
      section({ blocks: ['Verify tokens. See [webhooks](/docs/2.0/auth/authentication/webhook/).'] }),
      section({
        url: `${URL}#configure`,
        headings: ['Configure'],
        blocks: ['| Key | Type |\n| --- | --- |\n| `jwk_url` | String |', '```json\n{ "a": "[x](/docs/2.0/y/)" }\n```'],
      }),
      section({
        url: `${URL}#claims`,
        headings: ['Configure', 'Claims'],
        blocks: ['> **Note**\n>\n> Claims are read from the namespace.'],
      }),
    ];
    const page = { url: URL, title: 'Authentication with JWT', description: 'JWT mode.', keywords: [] };
    expect(pageMarkdown(page, sections, 'https://hasura.io/')).toBe(
      [
        '# Authentication with JWT',
        '> JWT mode.',
        'Source: https://hasura.io/docs/2.0/auth/authentication/jwt/',
        'Verify tokens. See [webhooks](https://hasura.io/docs/2.0/auth/authentication/webhook/).',
        '## Configure',
        '| Key | Type |\n| --- | --- |\n| `jwk_url` | String |',
        '```json\n{ "a": "[x](/docs/2.0/y/)" }\n```',
        '### Claims',
        '> **Note**\n>\n> Claims are read from the namespace.',
      ].join('\n\n') + '\n',
    );
  });

  it('group the corpus sections by page, in order, and join into llms-full.txt', () => {
    const grouped = sectionsByPage([
      section({}),
      section({ url: '/docs/2.0/x/' }),
      section({ url: `${URL}#a`, headings: ['A'] }),
    ]);
    expect([...grouped.keys()]).toEqual([URL, '/docs/2.0/x/']);
    expect(grouped.get(URL)!.map((s) => s.url)).toEqual([URL, `${URL}#a`]);
    expect(llmsFullTxt(['# A\n', '# B\n'])).toBe('# A\n\n# B\n');
  });
});
