import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateCorpus, type Corpus } from '../src/corpus-schema.js';
import { buildIndex } from '../src/rank.js';
import { assertCorpusBuilt, BUILT_CORPUS, composedAnswerer, judgeSources } from './evaluate.js';

/**
 * Leave-one-batch-out cross-validation on the reader questions that pages declare (reader-questions.json):
 * questions written blind from readers' situations, in batches by different writers, each assigned its pages
 * by someone else, then added to its first page's front matter as training data. For each batch, its
 * questions leave the pages, the index is built without them, and they are asked: how well the ranking
 * serves readers' questions that it did not learn from, on a set twelve times the held-out one, without
 * touching the held-out set (kept out of every tuning loop).
 *
 *   npx tsx docs-server/eval/crossval.ts [corpus.json]
 */
export interface ReaderQuestion {
  batch: number;
  question: string;
  pages: string[];
}

export const READER_QUESTIONS_FILE = new URL('./reader-questions.json', import.meta.url);

export function loadReaderQuestions(): ReaderQuestion[] {
  return JSON.parse(readFileSync(READER_QUESTIONS_FILE, 'utf8')) as ReaderQuestion[];
}

export function crossValidate(corpus: Corpus, questions: ReaderQuestion[]) {
  const batches = [...new Set(questions.map((q) => q.batch))];
  let first = 0;
  let any = 0;
  for (const batch of batches) {
    const asked = questions.filter((q) => q.batch === batch);
    const left = new Set(asked.map((q) => q.question.toLowerCase()));
    const pages = (corpus.pages ?? []).map((page) => ({
      ...page,
      questions: page.questions?.filter((q) => !left.has(q.toLowerCase())),
    }));
    const answer = composedAnswerer(buildIndex(corpus.sections, pages));
    for (const q of asked) {
      const { firstRight, anyRight } = judgeSources(q.pages, answer(q.question).sources);
      if (firstRight) first++;
      if (anyRight) any++;
    }
  }
  const n = questions.length || 1;
  return { questions: questions.length, batches: batches.length, firstRight: first / n, anyRight: any / n };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpusPath = process.argv[2] ? path.resolve(process.argv[2]) : BUILT_CORPUS;
  try {
    assertCorpusBuilt(corpusPath);
    const corpus = validateCorpus(JSON.parse(readFileSync(corpusPath, 'utf8')));
    const report = crossValidate(corpus, loadReaderQuestions());
    const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
    console.log(
      `Declared reader questions, leave-one-batch-out (${report.questions} questions, ${report.batches} batches)`,
    );
    console.log(`  first source is a right page: ${percent(report.firstRight)}`);
    console.log(`  a right page among the sources: ${percent(report.anyRight)}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
