import { describe, expect, it } from 'vitest';
import type { CorpusPage } from './corpus-schema.js';
import { topicOfUrl, topicPosterior, trainClassifiers } from './topics.js';
import { tokenize } from './tokenize.js';

const page = (url: string, questions: string[]): CorpusPage => ({
  url,
  title: '',
  description: '',
  keywords: [],
  questions,
});
const PAGES = [
  page('/docs/2.0/event-triggers/overview/', [
    'How do I send a welcome email when a user signs up?',
    'Can I notify Slack when an order is inserted?',
  ]),
  page('/docs/2.0/event-triggers/create/', ['How do I call a webhook when a row changes?']),
  page('/docs/2.0/scheduled-triggers/cron/', ['How do I run a job every Monday morning?', 'nightly cleanup job?']),
  page('/docs/2.0/auth/permissions/', ['How do users see only their own rows?', 'hide a column from a role?']),
];

const terms = (question: string) => tokenize(question).map((t): [string, number] => [t, 1]);

/** The classifier whose classes are the topics, as rank.ts trains it. */
const trainTopics = (pages: typeof PAGES) => trainClassifiers(pages, [topicOfUrl])[0]!;

describe('the topic model', () => {
  it('names a page’s topic by its first folder', () => {
    expect(topicOfUrl('/docs/2.0/event-triggers/overview/')).toBe('event-triggers');
    expect(topicOfUrl('/docs/2.0/auth/permissions/#rows')).toBe('auth');
  });

  it('learns the words readers use for a feature from the questions of its pages', () => {
    const model = trainTopics(PAGES);
    const topicOf = (question: string) => {
      const p = topicPosterior(model, terms(question));
      return model.topics[p.indexOf(Math.max(...p))];
    };
    expect(topicOf('email customers after they sign up')).toBe('event-triggers');
    expect(topicOf('job every morning')).toBe('scheduled-triggers');
    expect(topicOf('only their own rows')).toBe('auth');
    const p = topicPosterior(model, terms('email when a user signs up'));
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it('says nothing for words it never saw', () => {
    const model = trainTopics(PAGES);
    expect([...topicPosterior(model, terms('kafka zookeeper'))]).toEqual([0, 0, 0]);
  });
});
