import { readFileSync } from 'node:fs';
import path from 'node:path';
import { retrieve } from '../src/answer.js';
import { validateCorpus } from '../src/corpus-schema.js';
import { buildIndex } from '../src/rank.js';
import { assertCorpusBuilt, BUILT_CORPUS, pageOf, pageUrl } from './evaluate.js';

/**
 * Leave-one-batch-out cross-validation on the reader questions that pages declare (reader-questions.json):
 * questions written blind from readers' situations, in batches by different writers, each assigned its pages
 * by someone else, then added to its first page's front matter as training data. For each batch, its
 * questions leave the pages, the index is built without them, and they are asked: how well the ranking
 * serves readers' questions that it did not learn from, on a set eight times the held-out one, without
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

export function crossValidate(corpusPath: string, questions: ReaderQuestion[]) {
  const corpus = validateCorpus(JSON.parse(readFileSync(corpusPath, 'utf8')));
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
    const index = buildIndex(corpus.sections, pages);
    for (const q of asked) {
      const right = new Set(q.pages.flatMap((page) => [pageUrl(page), pageUrl(`${page}/index`)]));
      const sources = retrieve(index, q.question, [], '/search/')
        .composed.sources.map((s) => s.url)
        .filter((url) => !url.includes('?'))
        .map(pageOf);
      if (sources[0] !== undefined && right.has(sources[0])) first++;
      if (sources.some((url) => right.has(url))) any++;
    }
  }
  const n = questions.length || 1;
  return { questions: questions.length, batches: batches.length, firstRight: first / n, anyRight: any / n };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const corpusPath = process.argv[2] ? path.resolve(process.argv[2]) : BUILT_CORPUS;
  try {
    assertCorpusBuilt(corpusPath);
    const report = crossValidate(corpusPath, loadReaderQuestions());
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
