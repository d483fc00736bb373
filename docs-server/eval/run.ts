import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadCorpusFile } from '../src/corpus.js';
import {
  assertCorpusBuilt,
  BUILT_CORPUS,
  checkQuestions,
  evaluate,
  formatReport,
  controlAgreement,
  FORMER_HELDOUT_FILE,
  FORMER_HELDOUT_THRESHOLDS,
  HELDOUT_FILE,
  HELDOUT_THRESHOLDS,
  loadHeldout,
  loadJudgments,
  PAGE_WORDS_FILE,
  PAGE_WORDS_THRESHOLDS,
  showHeldoutMisses,
  withJudgedPages,
} from './evaluate.js';
import { QUESTIONS } from './questions.js';

// npx tsx docs-server/eval/run.ts [corpus.json]: prints the evaluation of both question sets
// against the built corpus. The held-out set's misses are printed only with SHOW_HELDOUT_MISSES=1.
const corpusPath = process.argv[2] ? path.resolve(process.argv[2]) : BUILT_CORPUS;
try {
  assertCorpusBuilt(corpusPath);
  const { corpus, index } = await loadCorpusFile(corpusPath);
  const problems = checkQuestions(corpus.sections, QUESTIONS);
  if (problems.length > 0) console.log(`Question set problems:\n  ${problems.join('\n  ')}\n`);
  console.log(formatReport(evaluate(index, QUESTIONS), { title: 'Our question set' }));
  console.log('');
  console.log(
    formatReport(evaluate(index, loadHeldout(FORMER_HELDOUT_FILE)), {
      title: 'Former held-out set (tuned against since it was retired)',
      thresholds: FORMER_HELDOUT_THRESHOLDS,
    }),
  );
  console.log('');
  console.log(
    formatReport(evaluate(index, loadHeldout(PAGE_WORDS_FILE)), {
      title: 'Page-words set (the previous held-out set, tuned against since it was retired)',
      thresholds: PAGE_WORDS_THRESHOLDS,
    }),
  );
  if (existsSync(HELDOUT_FILE)) {
    const heldout = loadHeldout();
    console.log('');
    console.log(
      formatReport(evaluate(index, heldout), {
        title: "Held-out set: readers' situations",
        thresholds: HELDOUT_THRESHOLDS,
        showMisses: showHeldoutMisses(),
      }),
    );
    const judgments = loadJudgments();
    if (judgments.length > 0) {
      console.log('');
      console.log(
        formatReport(evaluate(index, withJudgedPages(heldout, judgments)), {
          title: 'Held-out set, assigned pages and pages judged to answer (pooled judgments)',
          thresholds: null,
          showMisses: false,
        }),
      );
      console.log(`  ${controlAgreement(judgments)}`);
    }
  } else {
    console.log(`\nNo held-out set at ${HELDOUT_FILE}.`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
