import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from '../test/helpers.js';
import { validateCorpus } from './corpus-schema.js';
import { loadCorpusFile } from './corpus.js';

const section = {
  url: '/docs/2.0/x/#a',
  pageTitle: 'X',
  headings: ['A'],
  text: 'Text.',
  code: [{ lang: 'bash', code: 'echo' }],
  area: 'docs',
};
const corpus = (sections: unknown[], extra: Record<string, unknown> = {}) => ({
  version: 1,
  generatedAt: '2025-01-01T00:00:00Z',
  sections,
  ...extra,
});

describe('validateCorpus', () => {
  it('accepts the fixture corpus', async () => {
    const loaded = await loadCorpusFile(FIXTURE_CORPUS);
    const raw = JSON.parse(await readFile(FIXTURE_CORPUS, 'utf8')) as { sections: unknown[] };
    expect(loaded.corpus.sections).toHaveLength(raw.sections.length);
    expect(loaded.index.sections).toBe(loaded.corpus.sections);
    expect(new Set(loaded.corpus.sections.map((s) => s.area))).toEqual(new Set(['docs', 'wiki']));
  });

  it.each([
    [[], 'corpus must be a JSON object, got array'],
    [corpus([], { version: 2 }), 'unsupported corpus version 2'],
    [corpus([], { generatedAt: 5 }), '"generatedAt" must be a string'],
    [{ version: 1, generatedAt: 'x', sections: {} }, '"sections" must be an array'],
    [corpus([section, null]), 'corpus section 1 must be an object'],
    [corpus([{ ...section, url: 1 }]), 'corpus section 0: "url" must be a string'],
    [corpus([{ ...section, headings: 'A' }]), '"headings" must be an array of strings'],
    [corpus([{ ...section, code: [{ lang: 'bash' }] }]), '"code" must be an array of { lang, code } strings'],
    [corpus([{ ...section, area: 'blog' }]), '"area" must be "docs" or "wiki"'],
  ])('refuses %j', (data, message) => {
    expect(() => validateCorpus(data)).toThrow(message);
  });
});
