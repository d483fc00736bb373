import { describe, expect, it } from 'vitest';
import { areaSections, llmsTxt, type IndexedDoc } from './llmsTxt';

const doc = (id: string, extra: Partial<IndexedDoc> = {}): IndexedDoc => ({
  id,
  title: `Title of ${id}`,
  description: `About ${id}.`,
  permalink: `/docs/2.0/${id}`,
  unlisted: false,
  draft: false,
  ...extra,
});

describe('areaSections', () => {
  const docs = [
    doc('home'),
    doc('queries/index'),
    doc('queries/filters'),
    doc('queries/sort'),
    doc('auth/jwt'),
    doc('hidden', { unlisted: true }),
    doc('orphan'),
  ];
  const sidebars = {
    main: [
      { type: 'doc', id: 'home' },
      {
        type: 'category',
        label: 'Queries',
        link: { type: 'doc', id: 'queries/index' },
        items: [
          { type: 'doc', id: 'queries/filters' },
          { type: 'category', label: 'More', items: [{ type: 'doc', id: 'queries/sort' }] },
          { type: 'link', label: 'External' },
        ],
      },
      { type: 'html', label: 'Pending section' },
      {
        type: 'category',
        label: 'Auth',
        items: [
          { type: 'doc', id: 'auth/jwt' },
          { type: 'ref', id: 'home' },
        ],
      },
      { type: 'category', label: 'Empty', items: [] },
    ],
  };

  it('makes one section per top-level category, in sidebar order, each doc once', () => {
    const sections = areaSections({ docs, sidebars, name: 'Docs' });
    expect(sections.map((s) => [s.title, s.docs.map((d) => d.id)])).toEqual([
      ['Docs', ['home']],
      ['Docs: Queries', ['queries/index', 'queries/filters', 'queries/sort']],
      ['Docs: Auth', ['auth/jwt']],
      ['Docs: other pages', ['orphan']],
    ]);
  });
});

describe('llmsTxt', () => {
  it('writes the title, summary, details and one linked line per page', () => {
    const text = llmsTxt({
      title: 'Docs',
      summary: 'What\nthis is.',
      details: ['More about it.'],
      siteUrl: 'https://example.com',
      trailingSlash: true,
      sections: [
        {
          title: 'Queries',
          docs: [doc('queries/filters', { title: 'Filter [rows]', description: 'Line one\n  line two.' })],
        },
        { title: 'Other', docs: [doc('plain', { description: '' }), doc('slashed', { permalink: '/docs/2.0/s/' })] },
      ],
    });
    expect(text).toBe(
      [
        '# Docs',
        '',
        '> What this is.',
        '',
        'More about it.',
        '',
        '## Queries',
        '',
        '- [Filter \\[rows\\]](https://example.com/docs/2.0/queries/filters/): Line one line two.',
        '',
        '## Other',
        '',
        '- [Title of plain](https://example.com/docs/2.0/plain/)',
        '- [Title of slashed](https://example.com/docs/2.0/s/): About slashed.',
        '',
      ].join('\n'),
    );
  });
});
