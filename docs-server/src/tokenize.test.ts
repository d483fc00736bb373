import { describe, expect, it } from 'vitest';
import { identifierParts, phraseKey, stem, tokenize, tokenizeWords } from './tokenize.js';

describe('tokenize', () => {
  it('keeps a hyphenated header name whole and also gives its parts', () => {
    expect(tokenize('Send the x-hasura-role header')).toEqual(['send', 'x-hasura-role', 'hasura', 'role', 'header']);
  });

  it('keeps a snake_case identifier whole and splits it', () => {
    expect(tokenize('pg_track_table')).toEqual(['pg_track_table', 'pg', 'track', 'tabl']);
  });

  it('splits camelCase and acronyms but keeps the identifier', () => {
    expect(tokenize('insertPermissions')).toEqual(['insertpermissions', 'insert', 'permission']);
    expect(tokenize('JWTConfig')).toEqual(['jwtconfig', 'jwt', 'config']);
    expect(identifierParts('HASURA_GRAPHQL_JWT_SECRET')).toEqual(['hasura', 'graphql', 'jwt', 'secret']);
    // Plain words (the fast path) are one lowercased part; a second capital makes a word an identifier.
    for (const [word, parts] of [
      ['rows', ['rows']],
      ['Hasura', ['hasura']],
      ['v2', ['v2']],
      ['A', ['a']],
      ['GraphQL', ['graphql']],
      ['PostgreSQL', ['postgresql']],
      ['camelCase', ['camel', 'case']],
    ] as const) {
      expect(identifierParts(word)).toEqual(parts);
    }
  });

  it('makes the query form of an identifier meet its use in prose, whole and by parts', () => {
    const doc = new Set(tokenize('Set the X-Hasura-User-Id session variable.'));
    expect(doc.has('x-hasura-user-id')).toBe(true);
    for (const token of tokenize('user id')) expect(doc.has(token)).toBe(true);
    const track = new Set(tokenize('Call pg_track_table to expose it'));
    for (const token of tokenize('tracking tables')) expect(track.has(token)).toBe(true);
  });

  it('keeps product names that end in an acronym whole', () => {
    expect(tokenize('GraphQL on PostgreSQL and MongoDB')).toEqual(['graphql', 'postgresql', 'mongodb']);
    expect(tokenize('insertPermissions')).toContain('permission');
  });

  it('groups the terms of each word, a compound word first whole, then by parts', () => {
    expect(tokenizeWords('Set x-hasura-role headers')).toEqual([
      ['set'],
      ['x-hasura-role', 'hasura', 'role'],
      ['header'],
    ]);
  });

  it('drops stopwords, one-letter words and punctuation', () => {
    expect(tokenize('How do I let users only see their own rows?')).toEqual(['user', 'see', 'own', 'row']);
    expect(tokenize('... !!! ?')).toEqual([]);
  });

  it('keeps operators with a leading underscore whole', () => {
    expect(tokenize('use _eq here')).toContain('_eq');
  });

  it('does not split dotted versions into noise', () => {
    expect(tokenize('v2.0')).toEqual(['v2.0', 'v2']);
  });
});

describe('stem', () => {
  it.each([
    ['rows', 'row'],
    ['queries', 'query'],
    ['permissions', 'permission'],
    ['tracking', 'track'],
    ['tracked', 'track'],
    ['retried', 'retry'],
    ['retries', 'retry'],
    ['running', 'run'],
    ['enabled', 'enabl'],
    ['enable', 'enabl'],
    ['indexes', 'index'],
    ['status', 'status'],
    ['access', 'access'],
    ['v2', 'v2'],
  ])('%s → %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });
});

describe('phraseKey', () => {
  it('normalises hyphens, case and plurals so phrases can be found', () => {
    expect(phraseKey('Row-Level Permissions')).toBe(' row level permission ');
    expect(phraseKey('how do I set up row level permissions?').includes(phraseKey('row-level permission'))).toBe(true);
  });

  it('ignores stopwords, so "hide a column" contains "hide column"', () => {
    expect(phraseKey('How do I hide a column?')).toBe(' hide column ');
  });
});
