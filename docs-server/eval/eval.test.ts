import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from '../test/helpers.js';
import { loadCorpusFile, type LoadedCorpus } from '../src/corpus.js';
import {
  assertCorpusBuilt,
  BUILT_CORPUS,
  checkQuestions,
  evaluate,
  formatReport,
  missingCorpusMessage,
  THRESHOLDS,
} from './evaluate.js';
import { QUESTIONS, type EvalQuestion } from './questions.js';

// The sections of the docs the issue asks the questions to span.
const AREAS = [
  'getting started',
  'queries',
  'mutations',
  'subscriptions',
  'schema (Postgres)',
  'schema (other databases)',
  'auth',
  'security',
  'actions',
  'remote schemas',
  'event triggers',
  'scheduled triggers',
  'caching',
  'restified endpoints',
  'data federation',
  'databases',
  'deployment',
  'CLI',
  'cloud',
  'enterprise',
  'observability',
  'migrations/metadata/seeds',
  'API reference',
  'wiki',
];

describe('the evaluation machinery (fixture corpus)', () => {
  let fixture: LoadedCorpus;
  beforeAll(async () => {
    fixture = await loadCorpusFile(FIXTURE_CORPUS);
  });
  const ask = (question: string, pages: string[]): EvalQuestion => ({ area: 'auth', question, pages, mentions: 'jwt' });

  it('counts first-source and any-source hits per question', () => {
    const report = evaluate(fixture.index, [
      ask('How do I configure the JWT secret?', ['auth/authentication/jwt']),
      ask('How do I configure the JWT secret?', ['event-triggers/payload']),
    ]);
    expect(report.results.map((r) => [r.firstRight, r.anyRight])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(report.firstRight).toBe(0.5);
    expect(formatReport(report)).toMatch(/✗ \[auth\] How do I configure the JWT secret\?/);
  });

  it('reports expected pages that are missing or off the subject', () => {
    expect(
      checkQuestions(fixture.corpus.sections, [
        ask('q', ['auth/authentication/jwt', 'no/such/page', 'event-triggers/payload']),
      ]),
    ).toEqual([
      '"q": page /docs/2.0/no/such/page/ is not in the corpus',
      '"q": page /docs/2.0/event-triggers/payload/ does not mention "jwt"',
    ]);
  });

  it('fails with a clear message when the site has not been built', () => {
    expect(() => assertCorpusBuilt('/nonexistent/docs-corpus.json')).toThrow(
      missingCorpusMessage('/nonexistent/docs-corpus.json'),
    );
    expect(missingCorpusMessage('x')).toMatch(/Build the site first: npm run build/);
  });
});

describe('answer quality on the built docs', () => {
  let built: LoadedCorpus;
  beforeAll(async () => {
    // No silent skip: without a build there is nothing to evaluate, and the test says so.
    assertCorpusBuilt(BUILT_CORPUS);
    built = await loadCorpusFile(BUILT_CORPUS);
  });

  it('has at least 50 questions across every section of the docs', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(QUESTIONS.map((q) => q.area))).toEqual(new Set(AREAS));
  });

  it('expects only pages that exist and are about the question', () => {
    expect(checkQuestions(built.corpus.sections, QUESTIONS)).toEqual([]);
  });

  it(`puts a right page first for ≥ ${THRESHOLDS.firstRight * 100}% of the questions and among the sources for ≥ ${THRESHOLDS.anyRight * 100}%`, () => {
    const report = evaluate(built.index, QUESTIONS);
    console.info(formatReport(report).split('\n').slice(0, 3).join('\n'));
    expect(report.firstRight, formatReport(report)).toBeGreaterThanOrEqual(THRESHOLDS.firstRight);
    expect(report.anyRight, formatReport(report)).toBeGreaterThanOrEqual(THRESHOLDS.anyRight);
  });
});
