import { IDENTIFIER } from './docs-facts.js';

/**
 * What a question asks for and what a page is for. A how-to question ("how do I…") is best
 * answered by a guide or a concept page, "what does X do" by the reference that defines X; the
 * contributors' wiki answers only questions about writing these docs.
 */

/** What a page is for, read from its URL, title and description. */
export type PageKind = 'howto' | 'concept' | 'reference';
/** What a question asks for: how to do something, what something is or does, or neither. */
export type QuestionIntent = 'howto' | 'define' | 'other';

/** Score factor of a page kind for a question intent. */
export const INTENT_FACTORS: Record<QuestionIntent, Record<PageKind, number>> = {
  howto: { howto: 1, concept: 1, reference: 1 },
  define: { howto: 0.85, concept: 1, reference: 1.15 },
  other: { howto: 1, concept: 1, reference: 1 },
};

const IMPERATIVE =
  /^(?:how to\b|add|allow|apply|build|call|change|choose|combine|configure|connect|create|customi[sz]e|define|deploy|disable|enable|expose|export|extend|fetch|filter|generate|get|give|hide|import|insert|install|integrate|invoke|join|keep|let|limit|make|manage|mark|migrate|model|monitor|move|paginate|protect|query|react|read|rename|run|schedule|secure|send|serve|set|share|sort|start|stream|switch|test|track|trigger|try|turn|update|upgrade|use|validate|write)\b/i;

/**
 * A page's kind: the API and CLI references, guides that walk through a task, and the rest,
 * which explain a feature. The description is the author's own one-line summary of the page.
 */
export function pageKindOf(url: string, title: string, description: string): PageKind {
  const path = url.replace(/^\/docs\/2\.0\//, '');
  if (
    /^(?:api-reference|hasura-cli\/commands)\//.test(path) ||
    /\breference\b/i.test(title) ||
    /^(?:reference|every|all)\b/i.test(description)
  ) {
    return 'reference';
  }
  if (
    /(?:^|\/)(?:quickstart|getting-started|guides?|deployment-guides|how-to)[^/]*\//.test(path) ||
    IMPERATIVE.test(description) ||
    IMPERATIVE.test(title)
  ) {
    return 'howto';
  }
  return 'concept';
}

/** Questions about writing these docs: only they are answered from the contributors' wiki. */
const WRITING_DOCS =
  /\b(?:docs?|documentation|wiki|mdx|docusaurus|admonitions?|front ?matter|sidebars?|style guide|contribut\w*|pull requests?|reviewers?)\b/i;

export function isAboutWritingDocs(question: string): boolean {
  return WRITING_DOCS.test(question);
}

export function questionIntent(question: string): QuestionIntent {
  const q = question.trim().toLowerCase();
  if (/^(?:what(?:'s| is| are| does| do)|what do(?:es)? .+ (?:do|mean)|meaning of|define|explain)\b/.test(q)) {
    return /^what (?:is|are) the (?:best|right|recommended|fastest|easiest) way\b/.test(q) ? 'howto' : 'define';
  }
  if (
    /^(?:how (?:do|can|should|would|to)|how'?d|steps? to|can i|could i|is (?:it|there) (?:possible|a way)|i (?:want|need|would like)|we (?:want|need)|set ?up|configure|enable|disable|add|make|let|allow|use|run|deploy|move|migrate)\b/.test(
      q,
    )
  ) {
    return 'howto';
  }
  return 'other';
}

/** Identifiers in a question (docs-facts.ts: env vars, flags, operators, snake_case names, headers), lower-cased. */
export function identifiersIn(question: string): string[] {
  const words = question.split(/[\s,;:!?()[\]{}"'`]+/).map((w) => w.replace(/^[.]+|[.]+$/g, ''));
  return [...new Set(words.filter((w) => IDENTIFIER.test(w)).map((w) => w.toLowerCase()))];
}
