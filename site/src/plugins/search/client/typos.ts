// Typo tolerance for the embedded index: a word that is not in the site's vocabulary is replaced
// by the closest word that is (one edit for short words, two for long ones), commonest first.
import { editDistance } from '../../../text';

export function allowedEdits(word: string): number {
  return word.length < 4 ? 0 : word.length < 8 ? 1 : 2;
}

/** The closest vocabulary word to `word`, or null. `vocabulary` is ordered commonest first. */
export function closestWord(word: string, vocabulary: readonly string[]): string | null {
  const max = allowedEdits(word);
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const candidate of vocabulary) {
    const d = editDistance(word, candidate, Math.min(max, bestDistance - 1));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      if (d === 1) break;
    }
  }
  return best;
}

/**
 * The query with each unknown word corrected, or null when nothing changed. A word is known when
 * it is in the vocabulary or, for the last word (still being typed), when some word starts with it.
 */
export function correctQuery(
  terms: string[],
  vocabulary: readonly string[],
  known: ReadonlySet<string>,
): string | null {
  let changed = false;
  const corrected = terms.map((term, i) => {
    const isLast = i === terms.length - 1;
    if (known.has(term) || (isLast && vocabulary.some((w) => w.startsWith(term)))) return term;
    const fix = closestWord(term, vocabulary);
    if (fix) changed = true;
    return fix ?? term;
  });
  return changed ? corrected.join(' ') : null;
}
