import { describe, expect, it } from 'vitest';
import { controlAgreement, withJudgedPages, type Judgment } from './evaluate.js';

const QUESTIONS = [
  { question: 'email on signup?', pages: ['event-triggers/overview'] },
  { question: 'job every morning?', pages: ['scheduled-triggers/create-cron-trigger'] },
];
const judged = (page: string, verdict: Judgment['verdict'], assigned = false): Judgment => ({
  question: 'email on signup?',
  page,
  verdict,
  assigned,
});

describe('pooled judgments of the held-out set', () => {
  it('adds only the pages judged to answer, to their own question', () => {
    const pooled = withJudgedPages(QUESTIONS, [
      judged('event-triggers/recipes/new-user-welcome', 'answers'),
      judged('event-triggers/create-trigger', 'partial'),
      judged('mutations/postgres/insert', 'no'),
      judged('event-triggers/recipes/new-user-welcome', 'answers'),
    ]);
    expect(pooled[0]!.pages).toEqual(['event-triggers/overview', 'event-triggers/recipes/new-user-welcome']);
    expect(pooled[1]!.pages).toEqual(['scheduled-triggers/create-cron-trigger']);
    expect(QUESTIONS[0]!.pages).toEqual(['event-triggers/overview']);
  });

  it('never removes an assigned page, whatever the judges said of it', () => {
    const pooled = withJudgedPages(QUESTIONS, [judged('event-triggers/overview', 'no', true)]);
    expect(pooled[0]!.pages).toEqual(['event-triggers/overview']);
  });

  it('reports how the judges rated the assigned pages', () => {
    const summary = controlAgreement([
      judged('event-triggers/overview', 'answers', true),
      judged('scheduled-triggers/create-cron-trigger', 'partial', true),
      judged('mutations/postgres/insert', 'no'),
    ]);
    expect(summary).toBe('assigned pages shown as controls: 2, judged answers 1, partial 1, no 0');
  });
});
