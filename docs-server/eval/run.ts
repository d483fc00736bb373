import path from 'node:path';
import { loadCorpusFile } from '../src/corpus.js';
import { assertCorpusBuilt, BUILT_CORPUS, checkQuestions, evaluate, formatReport } from './evaluate.js';
import { QUESTIONS } from './questions.js';

// npx tsx docs-server/eval/run.ts [corpus.json]: prints the evaluation against the built corpus.
const corpusPath = process.argv[2] ? path.resolve(process.argv[2]) : BUILT_CORPUS;
try {
  assertCorpusBuilt(corpusPath);
  const { corpus, index } = await loadCorpusFile(corpusPath);
  const problems = checkQuestions(corpus.sections, QUESTIONS);
  if (problems.length > 0) console.log(`Question set problems:\n  ${problems.join('\n  ')}\n`);
  console.log(formatReport(evaluate(index, QUESTIONS)));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
