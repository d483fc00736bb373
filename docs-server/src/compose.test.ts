import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from '../test/helpers.js';
import { chunkText, composeAnswer, splitSentences, type ComposedAnswer } from './compose.js';
import { loadCorpusFile, type CorpusSection } from './corpus.js';
import { analyzeQuery, buildIndex, search, type SearchIndex } from './rank.js';

let index: SearchIndex;
beforeAll(async () => {
  index = (await loadCorpusFile(FIXTURE_CORPUS)).index;
});

function compose(question: string, history: string[] = [], idx = index): ComposedAnswer {
  const query = analyzeQuery(idx, question, history);
  return composeAnswer(idx, query, question, search(idx, query, 8), '/docs/2.0/search/');
}

describe('composeAnswer', () => {
  it('answers from the best passage, with its code example and numbered sources', () => {
    const answer = compose('how do I let users only see their own rows?');
    expect(answer.weak).toBe(false);
    expect(answer.sources[0]).toEqual({
      title: 'Row-level permissions › Using session variables',
      url: '/docs/2.0/auth/authorization/permissions/row-level-permissions/#using-session-variables',
    });
    const [first] = answer.text.split('\n\n');
    expect(first).toContain(
      'To let users see only their own rows, compare a column of the table with a session variable.',
    );
    expect(first).toMatch(/ \[1\]$/);
    expect(answer.text).toContain('```yaml\ntable:\n  name: articles');
    expect(answer.text).toContain('_eq: X-Hasura-User-Id');
    // Every [n] in the text has a source.
    for (const [, n] of answer.text.matchAll(/\[(\d+)\]/g))
      expect(Number(n)).toBeLessThanOrEqual(answer.sources.length);
  });

  it('uses only sentences that are in the cited passages', () => {
    const answer = compose('How do I configure the JWT secret?');
    const prose = answer.text.split('```')[0]!;
    const cited = new Set(answer.sources.map((s) => s.url));
    const texts = JSON.stringify(index.sections.filter((s) => cited.has(s.url)).map((s) => s.text));
    for (const paragraph of prose.split('\n\n').filter(Boolean)) {
      for (const sentence of splitSentences(paragraph.replace(/ \[\d+\]$/, ''))) expect(texts).toContain(sentence);
    }
  });

  it('picks the code block that matches the question among the cited passages', () => {
    const answer = compose('What is the default claims namespace?');
    expect(answer.text).toContain('"claims_namespace": "https://hasura.io/jwt/claims"');
  });

  it('cites a runner-up only for a sentence on the question, not on the thread', () => {
    const answer = compose('What does the payload look like?', ['How do event triggers work?']);
    expect(answer.sources[0]!.url).toBe('/docs/2.0/event-triggers/payload/');
    expect(answer.sources.map((s) => s.url)).not.toContain('/docs/2.0/scheduled-triggers/create-cron-trigger/');
  });

  it('says plainly when the docs do not answer, and points to search instead of guessing', () => {
    const answer = compose('what is the weather in Paris?');
    expect(answer.weak).toBe(true);
    expect(answer.text).toContain("I couldn't find a confident answer");
    expect(answer.text).toContain('(/docs/2.0/search/?q=what%20is%20the%20weather%20in%20Paris%3F)');
    expect(answer.sources).toEqual([
      {
        title: 'Search the docs for “what is the weather in Paris?”',
        url: '/docs/2.0/search/?q=what%20is%20the%20weather%20in%20Paris%3F',
      },
    ]);
    expect(answer.text).not.toContain('```');
  });

  it('names the closest page when there is a partial match, without citing it as a source', () => {
    const answer = compose('how do I connect kafka');
    expect(answer.weak).toBe(true);
    expect(answer.text).toContain('The closest page I found is [');
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]!.url).toContain('/docs/2.0/search/?q=');
  });

  it('builds the search link from a question of emoji and lone surrogates without failing', () => {
    const answer = compose('😀 '.repeat(120));
    expect(answer.sources[0]!.url).toBe(`/docs/2.0/search/?q=${encodeURIComponent('😀 '.repeat(50).trim())}`);
    expect(compose('\ud800 lone').weak).toBe(true);
  });

  it('asks for detail when the question names nothing', () => {
    const answer = compose('how does it work?');
    expect(answer.weak).toBe(true);
    expect(answer.text).toContain('Could you add some detail');
  });

  it('keeps a code block with backticks inside its fence', () => {
    const answer = compose('code block language naming');
    expect(answer.sources[0]!.url).toBe('/docs/2.0/wiki/style/code-blocks/');
    expect(answer.text).toContain('````md\n```yaml');
    expect(answer.text.trimEnd().endsWith('\n````')).toBe(true);
  });

  it('cites one section per page, and may show the example of another retrieved section of a cited page', () => {
    const page = (anchor: string, text: string, code: string): CorpusSection => ({
      url: `/docs/2.0/retention/#${anchor}`,
      pageTitle: 'Log retention',
      headings: [anchor],
      text,
      code: code ? [{ lang: 'yaml', code }] : [],
      area: 'docs',
    });
    const idx = buildIndex([
      page('retention', 'Log retention keeps event logs for seven days by default.', ''),
      page('setting', 'Change the log retention period in the trigger configuration.', 'retention_days: 7'),
    ]);
    const answer = compose('log retention days', [], idx);
    expect(answer.sources).toHaveLength(1);
    expect(answer.text).toContain('```yaml\nretention_days: 7\n```');
  });

  it('shortens a very long code example', () => {
    const long: CorpusSection = {
      url: '/docs/2.0/long/',
      pageTitle: 'Seeds',
      headings: [],
      text: 'Seed data fills tables with rows for development.',
      code: [{ lang: 'sql', code: Array.from({ length: 100 }, (_, i) => `INSERT INTO t VALUES (${i});`).join('\n') }],
      area: 'docs',
    };
    const answer = compose('seed data', [], buildIndex([...index.sections, long]));
    expect(answer.sources[0]!.url).toBe('/docs/2.0/long/');
    expect(answer.text).toContain('VALUES (39);\n…\n```');
    expect(answer.text).not.toContain('VALUES (40)');
  });
});

describe('chunkText', () => {
  it('cuts at spaces and joins back to the same text', () => {
    const text = 'word '.repeat(60) + '```yaml\na: b\n```';
    const pieces = chunkText(text, 20);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/\s$/);
  });

  it('handles empty text and text without spaces', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText('x'.repeat(100), 10)).toEqual(['x'.repeat(100)]);
  });
});
