import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFile, type LoadedCorpus } from '../src/corpus.js';
import { crossValidate, loadReaderQuestions, type ReaderQuestion } from './crossval.js';
import { assertCorpusBuilt, BUILT_CORPUS, pageOf, pageUrl } from './evaluate.js';

/** Regression floor of the leave-one-batch-out figures (crossval.ts). */
const FLOOR = { firstRight: 0.8, anyRight: 0.92 };

describe('declared reader questions, leave-one-batch-out', () => {
  let built: LoadedCorpus;
  let questions: ReaderQuestion[];
  beforeAll(async () => {
    assertCorpusBuilt(BUILT_CORPUS);
    built = await loadCorpusFile(BUILT_CORPUS);
    questions = loadReaderQuestions();
  });

  // Each question is training data on its first page and a test question with all its pages: a question
  // no page declares would be asked with nothing left out, and a page that is gone could never be found.
  it('every question is declared by its first page, and every page is built', () => {
    expect(questions.length).toBeGreaterThanOrEqual(2000);
    const declared = new Map(
      (built.corpus.pages ?? []).map((p) => [p.url, new Set(p.questions?.map((q) => q.toLowerCase()))]),
    );
    const builtPages = new Set(built.corpus.sections.map((s) => pageOf(s.url)));
    const urlOf = (page: string) => [pageUrl(page), pageUrl(`${page}/index`)].find((url) => builtPages.has(url));
    for (const q of questions) {
      for (const page of q.pages) expect(urlOf(page), `${q.question}: ${page}`).toBeDefined();
      expect(declared.get(urlOf(q.pages[0]!)!)?.has(q.question.toLowerCase()), q.question).toBe(true);
    }
  });

  it(`a right page first for ≥ ${FLOOR.firstRight * 100} %, among the sources for ≥ ${FLOOR.anyRight * 100} %`, () => {
    const report = crossValidate(built.corpus, questions);
    console.info(
      `Declared reader questions, leave-one-batch-out: first ${(100 * report.firstRight).toFixed(1)} %, any ${(100 * report.anyRight).toFixed(1)} %`,
    );
    expect(report.firstRight).toBeGreaterThanOrEqual(FLOOR.firstRight);
    expect(report.anyRight).toBeGreaterThanOrEqual(FLOOR.anyRight);
  }, 120_000);
});
