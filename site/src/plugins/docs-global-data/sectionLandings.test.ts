import { describe, expect, it } from 'vitest';
import { sectionLandings } from './sectionLandings';

const doc = (id: string) => ({ id, permalink: `/docs/2.0/${id}` });

describe('sectionLandings', () => {
  it('gives every folder and subfolder its overview, else its index, else its first page by id', () => {
    const docs = [
      'queries/postgres/simple',
      'queries/overview',
      'queries/index',
      'auth/index',
      'auth/jwt',
      'faq/b',
      'faq/a',
    ];
    expect(sectionLandings(docs.map(doc))).toEqual({
      queries: '/docs/2.0/queries/overview',
      'queries/postgres': '/docs/2.0/queries/postgres/simple',
      auth: '/docs/2.0/auth/index',
      faq: '/docs/2.0/faq/a',
    });
  });

  it('has no landing for a page at the top or a folder without pages', () => {
    expect(sectionLandings([doc('index'), doc('glossary/index')])).toEqual({ glossary: '/docs/2.0/glossary/index' });
  });
});
