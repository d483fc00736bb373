import { expect, test } from 'vitest';
import { groupHits, readsAsQuestion } from './results';

test('a query reads as a question when it ends with "?" or opens with a question word', () => {
  expect(readsAsQuestion('how do I retry events')).toBe(true);
  expect(readsAsQuestion('can I use jwt?')).toBe(true);
  expect(readsAsQuestion('event triggers')).toBe(false);
  expect(readsAsQuestion('how')).toBe(false);
});

test('hits are grouped by section in the order the sections first appear, one item per section link', () => {
  const hit = (lvl0: string, url: string) =>
    ({
      objectID: url,
      url,
      type: 'lvl1',
      content: null,
      hierarchy: { lvl0, lvl1: 'Page', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      _highlightResult: { hierarchy: {} },
      _snippetResult: {},
    }) as const;
  const groups = groupHits([hit('B', '/b/'), hit('A', '/a/'), hit('B', '/b2/'), hit('B', '/b/')]);
  expect(groups.map((g) => [g.title, g.items.map((i) => i.path)])).toEqual([
    ['B', ['/b/', '/b2/']],
    ['A', ['/a/']],
  ]);
});
