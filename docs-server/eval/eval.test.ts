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
  readable,
  showHeldoutMisses,
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
  const ask = (question: string, pages: string[], fact = 'HASURA_GRAPHQL_JWT_SECRET'): EvalQuestion => ({
    area: 'auth',
    question,
    pages,
    mentions: 'jwt',
    fact,
  });

  it('counts first-source, any-source and key-fact hits per question', () => {
    const report = evaluate(fixture.index, [
      ask('How do I configure the JWT secret?', ['auth/authentication/jwt']),
      ask('How do I configure the JWT secret?', ['event-triggers/payload'], 'no-such-fact'),
    ]);
    expect(report.results.map((r) => [r.firstRight, r.anyRight, r.factFound])).toEqual([
      [true, true, true],
      [false, false, false],
    ]);
    expect(report.firstRight).toBe(0.5);
    expect(report.factFound).toBe(0.5);
    expect(formatReport(report)).toMatch(/✗! \[auth\] How do I configure the JWT secret\? {2}\(fact: no-such-fact\)/);
  });

  it('prints the held-out misses only when asked to with SHOW_HELDOUT_MISSES=1', () => {
    const report = evaluate(fixture.index, [ask('How do I configure the JWT secret?', ['event-triggers/payload'])]);
    const hidden = formatReport(report, { title: 'Held-out set', showMisses: showHeldoutMisses({}) });
    expect(hidden).toContain('first source right: 0.0%');
    expect(hidden).not.toContain('JWT secret?');
    expect(showHeldoutMisses({ SHOW_HELDOUT_MISSES: '1' })).toBe(true);
  });

  it('reads facts in the answer as a reader sees them, without Markdown escapes', () => {
    expect(readable('Set HASURA\\_GRAPHQL\\_JWT\\_SECRET')).toBe('Set HASURA_GRAPHQL_JWT_SECRET');
  });

  it('reports expected pages that are missing or off the subject', () => {
    expect(
      checkQuestions(fixture.corpus.sections, [
        ask('q', ['auth/authentication/jwt', 'no/such/page', 'event-triggers/payload']),
        ask('r', ['auth/authentication/jwt'], 'no-such-fact'),
      ]),
    ).toEqual([
      '"q": page /docs/2.0/no/such/page/ is not in the corpus',
      '"q": page /docs/2.0/event-triggers/payload/ does not mention "jwt"',
      '"r": no expected page contains the fact "no-such-fact"',
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

  it('has at least 200 questions across every section of the docs', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(QUESTIONS.map((q) => q.area))).toEqual(new Set(AREAS));
  });

  it('expects only pages that exist and are about the question', () => {
    expect(checkQuestions(built.corpus.sections, QUESTIONS)).toEqual([]);
  });

  it(`our set: a right page first for ≥ ${THRESHOLDS.firstRight * 100}%, among the sources for ≥ ${THRESHOLDS.anyRight * 100}%, the key fact for ≥ ${THRESHOLDS.factFound * 100}%`, () => {
    const report = evaluate(built.index, QUESTIONS);
    console.info(formatReport(report, { showMisses: false }));
    expect(report.firstRight, formatReport(report)).toBeGreaterThanOrEqual(THRESHOLDS.firstRight);
    expect(report.anyRight, formatReport(report)).toBeGreaterThanOrEqual(THRESHOLDS.anyRight);
    expect(report.factFound, formatReport(report)).toBeGreaterThanOrEqual(THRESHOLDS.factFound);
  });
});
