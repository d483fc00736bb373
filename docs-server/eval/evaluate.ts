import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { retrieve } from '../src/answer.js';
import { loadConfig } from '../src/config.js';
import type { CorpusSection } from '../src/corpus.js';
import type { SearchIndex } from '../src/rank.js';
import type { EvalQuestion } from './questions.js';

/** The corpus the site build exports; the evaluation runs against the real docs, never a fixture. */
export const BUILT_CORPUS = fileURLToPath(new URL('../../site/build/docs-corpus.json', import.meta.url));
export const BASE_URL = '/docs/2.0/';

/** Shares below which the evaluation test fails, and the targets of issue 4. */
export const THRESHOLDS = { firstRight: 0.7, anyRight: 0.85 };
export const TARGETS = { firstRight: 0.8, anyRight: 0.9 };

export function missingCorpusMessage(path: string): string {
  return `The evaluation needs the corpus of a real site build, and ${path} does not exist. Build the site first: npm run build`;
}

export function assertCorpusBuilt(path = BUILT_CORPUS): void {
  if (!existsSync(path)) throw new Error(missingCorpusMessage(path));
}

export function pageUrl(page: string): string {
  return `${BASE_URL}${page}/`;
}

/** The page of a section or source URL: without its anchor. */
export function pageOf(url: string): string {
  return url.split('#')[0] ?? url;
}

export interface QuestionResult {
  question: EvalQuestion;
  /** Source URLs in the order the reader sees them. */
  sources: string[];
  firstRight: boolean;
  anyRight: boolean;
}

export interface EvalReport {
  results: QuestionResult[];
  firstRight: number;
  anyRight: number;
}

/** Asks every question through the same retrieval and composition as the server (composed mode). */
export function evaluate(index: SearchIndex, questions: EvalQuestion[]): EvalReport {
  const { searchUrl } = loadConfig({});
  const results = questions.map((question) => {
    const right = new Set(question.pages.map(pageUrl));
    const sources = retrieve(index, question.question, [], searchUrl).composed.sources.map((s) => s.url);
    return {
      question,
      sources,
      firstRight: sources[0] !== undefined && right.has(pageOf(sources[0])),
      anyRight: sources.some((url) => right.has(pageOf(url))),
    };
  });
  const share = (pick: (r: QuestionResult) => boolean) => results.filter(pick).length / (results.length || 1);
  return { results, firstRight: share((r) => r.firstRight), anyRight: share((r) => r.anyRight) };
}

/**
 * Problems with the question set itself: an expected page missing from the corpus, or one
 * that no longer mentions what the question is about.
 */
export function checkQuestions(sections: CorpusSection[], questions: EvalQuestion[]): string[] {
  const pages = new Map<string, string>();
  for (const s of sections) {
    const page = pageOf(s.url);
    const words = [s.pageTitle, ...s.headings, s.text, ...s.code.map((c) => c.code)].join(' ');
    pages.set(page, `${pages.get(page) ?? ''} ${words.toLowerCase()}`);
  }
  const problems: string[] = [];
  for (const q of questions) {
    for (const page of q.pages) {
      const text = pages.get(pageUrl(page));
      if (text === undefined) problems.push(`"${q.question}": page ${pageUrl(page)} is not in the corpus`);
      else if (!text.includes(q.mentions.toLowerCase())) {
        problems.push(`"${q.question}": page ${pageUrl(page)} does not mention "${q.mentions}"`);
      }
    }
  }
  return problems;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function formatReport(report: EvalReport): string {
  const lines = [
    `Answer-quality evaluation: ${report.results.length} questions (composed mode)`,
    `  first source right: ${percent(report.firstRight)}  (target ≥ ${percent(TARGETS.firstRight)}, test fails under ${percent(THRESHOLDS.firstRight)})`,
    `  a right page among the sources: ${percent(report.anyRight)}  (target ≥ ${percent(TARGETS.anyRight)}, test fails under ${percent(THRESHOLDS.anyRight)})`,
  ];
  const misses = report.results.filter((r) => !r.firstRight);
  if (misses.length > 0) lines.push('', 'First source not right (✗ = no right page at all):');
  for (const r of misses) {
    lines.push(`  ${r.anyRight ? '~' : '✗'} [${r.question.area}] ${r.question.question}`);
    lines.push(`      expected: ${r.question.pages.map(pageUrl).join(', ')}`);
    lines.push(`      got:      ${r.sources.join(', ') || '(none)'}`);
  }
  return lines.join('\n');
}
