/**
 * Tokenisation for retrieval. The docs are full of identifiers (x-hasura-role,
 * pg_track_table, HASURA_GRAPHQL_JWT_SECRET, insertPermissions), so an identifier is kept
 * whole (exact matches score as a rare term) and also split into its parts (so "track
 * table" still finds pg_track_table). Plain words are lowercased and lightly stemmed.
 */

import { STOP_WORDS as STOPWORDS } from './docs-facts.js';

// A word, or an identifier joined by - or . (x-hasura-role, v2.0, metadata.json).
const WORD = /[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*/gu;

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

const PLAIN_WORD = /^[A-Za-z]?[a-z0-9]*$/;

/** Splits an identifier at -, _, . and camelCase boundaries; lowercases the parts. */
export function identifierParts(word: string): string[] {
  // Most words are plain (lowercase, or capitalised once): one part, without the regular expressions below.
  if (PLAIN_WORD.test(word)) return [word.toLowerCase()];
  return (
    word
      // camelCase → camel Case, but only where a capitalised word starts: product names that end
      // in an acronym (GraphQL, PostgreSQL, MongoDB, OpenAPI) stay one word, not "graph" + "ql".
      .replace(/([\p{Ll}\p{N}])(\p{Lu}\p{Ll})/gu, '$1 $2')
      .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2') // JWTConfig → JWT Config
      .split(/[\s._-]+/)
      .filter((part) => part !== '')
      .map((part) => part.toLowerCase())
  );
}

/**
 * A light suffix stemmer: enough that rows/row, tracked/tracking/track and
 * queries/query meet, without a dictionary. Words with digits are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (/ie[sd]$/.test(w) && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:x|ch|sh|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4) w = undouble(w.slice(0, -2));
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // enable/enabled/enables all become "enabl".
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([^aeioulsz])\1$/.test(w) ? w.slice(0, -1) : w;
}

/**
 * The terms of each word of a text, in order: a plain word gives its stem; a compound
 * word gives its whole lowercase form, then its stemmed parts. Stopwords give nothing.
 */
export function tokenizeWords(text: string): string[][] {
  const words: string[][] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const lower = raw.toLowerCase();
    const parts = identifierParts(raw);
    const compound = parts.length > 1 || parts[0] !== lower;
    if (!compound) {
      if (lower.length > 1 && !STOPWORDS.has(lower)) words.push([stem(lower)]);
      continue;
    }
    words.push([lower, ...parts.filter((part) => part.length > 1 && !STOPWORDS.has(part)).map(stem)]);
  }
  return words;
}

/** The index terms of a text, in order, duplicates kept (term frequency counts). */
export function tokenize(text: string): string[] {
  return tokenizeWords(text).flat();
}

/**
 * Every word part of a text, stemmed, without stopwords, joined by single spaces and
 * padded with spaces: used to find multi-word phrases ("row level security"), so that
 * "hide a column" still contains "hide column".
 */
export function phraseKey(text: string): string {
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    for (const part of identifierParts(match[0])) if (!STOPWORDS.has(part)) words.push(stem(part));
  }
  return ` ${words.join(' ')} `;
}
