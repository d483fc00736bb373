import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from '../test/helpers.js';
import type { CorpusSection } from './corpus-schema.js';
import { loadCorpusFile } from './corpus.js';
import {
  analyzeQuery,
  buildIndex,
  idf,
  NON_TOPIC_WEIGHT,
  PART_WEIGHT,
  search,
  WIKI_FACTOR,
  type SearchIndex,
} from './rank.js';
import { identifiersIn, pageKindOf, questionIntent } from './intent.js';

let index: SearchIndex;
beforeAll(async () => {
  index = (await loadCorpusFile(FIXTURE_CORPUS)).index;
});

const top = (question: string, history: string[] = []) =>
  search(index, analyzeQuery(index, question, history), 5).map((hit) => hit.section.url.replace('/docs/2.0/', ''));

describe('ranking on the fixture corpus', () => {
  it.each([
    [
      'how do I let users only see their own rows?',
      'auth/authorization/permissions/row-level-permissions/#using-session-variables',
    ],
    ['pg_track_table', 'schema/postgres/tables/#track-table'],
    ['How do I configure the JWT secret?', 'auth/authentication/jwt/#configuration'],
    ['What is the default claims namespace?', 'auth/authentication/jwt/#claims'],
    ['How do I retry failed deliveries?', 'event-triggers/create-trigger/#retry-logic'],
    ['hide the email column from the public role', 'auth/authorization/permissions/column-level-permissions/'],
    ['HASURA_GRAPHQL_CORS_DOMAIN', 'deployment/graphql-engine-flags/reference/#cors-domain'],
    ['streaming subscription cursor', 'subscriptions/postgres/streaming/index/'],
    ['x-hasura-allowed-roles', 'auth/authorization/roles-variables/#allowed-roles'],
  ])('%s → %s', (question, expected) => {
    expect(top(question)[0]).toBe(expected);
  });

  it('finds an identifier from its parts written as words', () => {
    expect(top('track a table')[0]).toBe('schema/postgres/tables/#track-table');
  });

  it('has no synonym table: a word the docs never use finds nothing by itself', () => {
    expect(index.postings.has('rls')).toBe(false);
    expect(top('rls')).toEqual([]);
  });

  it('follows the thread: the same follow-up goes where the history points', () => {
    const followUp = 'What does the payload look like?';
    expect(top(followUp, ['How do event triggers work?'])[0]).toBe('event-triggers/payload/');
    expect(top(followUp, ['How do I write an action handler?'])[0]).toBe('actions/action-handlers/#payload');
  });

  it('takes the topic from the history when the question names nothing', () => {
    expect(top('how does it work?')).toEqual([]);
    expect(top('how does it work?', ['how do cron triggers work'])[0]).toBe('scheduled-triggers/create-cron-trigger/');
  });

  it('lets a new topic win over the history', () => {
    expect(top('How do I configure the JWT secret?', ['How do event triggers work?'])[0]).toBe(
      'auth/authentication/jwt/#configuration',
    );
  });

  it('gives low coverage when the key word of the question is not in the docs', () => {
    const hits = search(index, analyzeQuery(index, 'how do I connect kafka'), 1);
    expect(hits[0]?.coverage ?? 0).toBeLessThan(0.5);
  });
});

/** A section of filler text, with the fields a test cares about. */
const section = (over: Partial<CorpusSection>): CorpusSection => ({
  url: '/docs/2.0/x/',
  pageTitle: 'Page',
  headings: [],
  text: 'filler words about nothing in particular',
  code: [],
  area: 'docs',
  ...over,
});

describe('BM25 with field boosts', () => {
  it('ranks a title match above the same word in the body, and a heading match above the body', () => {
    const idx = buildIndex([
      section({ url: '/body/', text: 'Something about migrations and more filler words' }),
      section({ url: '/title/', pageTitle: 'Migrations' }),
      section({ url: '/heading/', headings: ['Overview', 'Migrations'] }),
      section({ url: '/none/' }),
    ]);
    const urls = search(idx, analyzeQuery(idx, 'migrations')).map((h) => h.section.url);
    expect(urls).toEqual(['/title/', '/heading/', '/body/']);
  });

  it('counts a word in code less than in prose, but finds it', () => {
    const idx = buildIndex([
      section({ url: '/code/', code: [{ lang: 'bash', code: 'hasura migrate apply' }] }),
      section({ url: '/prose/', text: 'Run migrate apply to bring the database up to date' }),
    ]);
    expect(search(idx, analyzeQuery(idx, 'migrate apply')).map((h) => h.section.url)).toEqual(['/prose/', '/code/']);
  });

  it('weights rare terms above common ones', () => {
    expect(idf(index, 'pg_track_table')).toBeGreaterThan(idf(index, 'tabl'));
    expect(idf(index, 'never-seen-term')).toBeGreaterThan(idf(index, 'pg_track_table'));
  });

  const urls = (idx: SearchIndex, question: string) =>
    search(idx, analyzeQuery(idx, question)).map((h) => h.section.url);
  const same = { text: 'Rotate the signing keys of the engine regularly.' };

  it("counts a navigation section (What's next) less than a section with the same words", () => {
    const idx = buildIndex([
      section({ url: '/a/#whats-next', headings: ["What's next"], ...same }),
      section({ url: '/b/#keys', headings: ['Keys'], ...same }),
    ]);
    expect(urls(idx, 'rotate signing')).toEqual(['/b/#keys', '/a/#whats-next']);
  });

  it('prefers current pages over deprecated and legacy ones', () => {
    const idx = buildIndex([
      section({ url: '/api/old/', pageTitle: 'Old API (deprecated)', ...same }),
      section({ url: '/legacy-configs/v2/', pageTitle: 'Config v2', ...same }),
      section({ url: '/api/new/', pageTitle: 'New API', ...same }),
    ]);
    expect(urls(idx, 'rotate signing keys')[0]).toBe('/api/new/');
  });

  it('reads a question that names no database as about Postgres, and follows the one it names', () => {
    const idx = buildIndex([
      section({ url: '/schema/bigquery/computed-fields/', pageTitle: 'Computed fields', ...same }),
      section({ url: '/schema/postgres/computed-fields/', pageTitle: 'Computed fields', ...same }),
    ]);
    expect(urls(idx, 'computed fields')[0]).toBe('/schema/postgres/computed-fields/');
    expect(urls(idx, 'computed fields in BigQuery')[0]).toBe('/schema/bigquery/computed-fields/');
  });

  it('lets a section inherit part of its page score: a page about the question wins a tie', () => {
    const note = { pageTitle: 'Guide', headings: ['Note'], text: 'Indexes speed up filters.' };
    const idx = buildIndex([
      section({ url: '/other/#note', ...note }),
      section({ url: '/other/#more', pageTitle: 'Guide', headings: ['More'], text: 'Release dates and versions.' }),
      section({ url: '/indexes/#note', ...note }),
      section({
        url: '/indexes/#more',
        pageTitle: 'Guide',
        headings: ['More'],
        text: 'Create indexes on filtered columns.',
      }),
    ]);
    expect(urls(idx, 'indexes speed up filters')[0]).toBe('/indexes/#note');
  });

  it('weighs words that no title or heading uses less, and a compound word as one concept', () => {
    const idx = buildIndex([section({ pageTitle: 'Variables', text: 'Pass variables instead of hard-coded values.' })]);
    const query = analyzeQuery(idx, 'pass variables instead of hard-coding values');
    expect(query.terms.get('variabl')).toBe(1);
    expect(query.terms.get('instead')).toBe(NON_TOPIC_WEIGHT);
    expect(query.terms.get('hard-coding')).toBe(1);
    expect(query.terms.get('hard')).toBe(PART_WEIGHT);
    expect(query.concepts.map((c) => [...c.tokens][0])).toEqual(['pass', 'variabl', 'instead', 'hard-coding', 'valu']);
  });

  it('returns nothing for an empty corpus', () => {
    const idx = buildIndex([]);
    expect(search(idx, analyzeQuery(idx, 'anything'))).toEqual([]);
  });
});

describe('page summaries, page kinds and question intent', () => {
  it('finds a page by the words of its description and keywords, not only its body', () => {
    const idx = buildIndex(
      [
        section({
          url: '/docs/2.0/a/',
          pageTitle: 'Multiple admin secrets',
          text: 'Give the engine a list of secrets.',
        }),
        section({ url: '/docs/2.0/b/', pageTitle: 'Admin secret', text: 'Set one secret for the admin role.' }),
      ],
      [
        {
          url: '/docs/2.0/a/',
          title: 'Multiple admin secrets',
          description: 'Rotate secrets without downtime.',
          keywords: ['secret rotation'],
        },
        { url: '/docs/2.0/b/', title: 'Admin secret', description: 'Protect the engine.', keywords: [] },
      ],
    );
    const hits = search(idx, analyzeQuery(idx, 'rotate the admin secret without downtime'), 2);
    expect(hits.map((h) => h.section.url)).toEqual(['/docs/2.0/a/', '/docs/2.0/b/']);
  });

  it("lifts the page whose declared questions say what the reader asked, in the reader's words", () => {
    const sections = [
      section({
        url: '/docs/2.0/a/',
        pageTitle: 'Multiple admin secrets',
        text: 'The engine accepts a list of secrets.',
      }),
      section({ url: '/docs/2.0/b/', pageTitle: 'Admin secret', text: 'Swap the admin secret in the environment.' }),
    ];
    const pages = (questions: string[]) => [
      { url: '/docs/2.0/a/', title: 'Multiple admin secrets', description: '', keywords: [], questions },
      { url: '/docs/2.0/b/', title: 'Admin secret', description: '', keywords: [] },
    ];
    const asked = 'swap out the admin secret without any downtime';
    const first = (idx: ReturnType<typeof buildIndex>) => search(idx, analyzeQuery(idx, asked), 2)[0]?.section.url;
    expect(first(buildIndex(sections, pages([])))).toBe('/docs/2.0/b/');
    expect(first(buildIndex(sections, pages(['How do I swap out the admin secret without downtime?'])))).toBe(
      '/docs/2.0/a/',
    );
    // A declared question that shares one common word is no match.
    expect(first(buildIndex(sections, pages(['How many secrets can the engine hold?'])))).toBe('/docs/2.0/b/');
  });

  it('answers from worked examples (recipes, use cases) only when the question asks for one', () => {
    // The same words on both pages: only the kind of page differs (ties keep the first listed).
    const text = 'Call a webhook when an order changes, with an event trigger on the orders table.';
    const idx = buildIndex([
      section({ url: '/docs/2.0/event-triggers/recipes/order-status/', pageTitle: 'Order events', text }),
      section({ url: '/docs/2.0/event-triggers/create-trigger/', pageTitle: 'Order events', text }),
    ]);
    const first = (q: string) => search(idx, analyzeQuery(idx, q), 1)[0]?.section.url;
    expect(first('how do I call a webhook when an order changes')).toBe('/docs/2.0/event-triggers/create-trigger/');
    expect(first('example: call a webhook when an order changes')).toBe(
      '/docs/2.0/event-triggers/recipes/order-status/',
    );
  });

  it('answers from the wiki only questions about writing these docs', () => {
    const idx = buildIndex([
      section({
        url: '/docs/2.0/wiki/style/code/',
        pageTitle: 'Code blocks',
        text: 'Name the language of every code block.',
        area: 'wiki',
      }),
      section({
        url: '/docs/2.0/queries/code/',
        pageTitle: 'Queries',
        text: 'A code block language example for queries.',
      }),
    ]);
    expect(search(idx, analyzeQuery(idx, 'code block language'), 1)[0]!.section.area).toBe('docs');
    expect(search(idx, analyzeQuery(idx, 'code block language in a docs page'), 1)[0]!.section.area).toBe('wiki');
    expect(idx.prior[0]).toBe(WIKI_FACTOR);
  });

  it('answers "what does X do" from the section whose heading names X', () => {
    const idx = buildIndex([
      section({
        url: '/docs/2.0/guide/',
        pageTitle: 'Public access guide',
        text: 'Set HASURA_GRAPHQL_UNAUTHORIZED_ROLE to anonymous and give the role permissions for public access.',
      }),
      section({
        url: '/docs/2.0/reference/#unauthorized-role',
        pageTitle: 'Flags reference',
        headings: ['HASURA_GRAPHQL_UNAUTHORIZED_ROLE'],
        text: 'The role of requests without credentials.',
      }),
    ]);
    const query = analyzeQuery(idx, 'What does HASURA_GRAPHQL_UNAUTHORIZED_ROLE do?');
    expect(query.intent).toBe('define');
    expect(query.identifiers).toEqual(['hasura_graphql_unauthorized_role']);
    expect(search(idx, query, 1)[0]!.section.url).toBe('/docs/2.0/reference/#unauthorized-role');
  });

  it('tells what a question asks for', () => {
    expect(questionIntent('How do I set up JWT authentication?')).toBe('howto');
    expect(questionIntent('can I run two queries in one request')).toBe('howto');
    expect(questionIntent('What does the _ilike operator do?')).toBe('define');
    expect(questionIntent('What is the best way to paginate?')).toBe('howto');
    expect(questionIntent('Offset gets slow on big tables')).toBe('other');
    expect(identifiersIn('Set x-hasura-role and --jwt-secret, or HASURA_GRAPHQL_JWT_SECRET with _eq')).toEqual([
      'x-hasura-role',
      '--jwt-secret',
      'hasura_graphql_jwt_secret',
      '_eq',
    ]);
  });

  it('tells what a page is for from its URL, title and description', () => {
    expect(pageKindOf('/docs/2.0/api-reference/metadata-api/table-view/', 'Tables', '')).toBe('reference');
    expect(pageKindOf('/docs/2.0/x/', 'Flags', 'Reference for every flag.')).toBe('reference');
    expect(pageKindOf('/docs/2.0/auth/quickstart/', 'Auth quickstart', '')).toBe('howto');
    expect(pageKindOf('/docs/2.0/x/', 'Soft deletes', 'Mark rows as deleted.')).toBe('howto');
    expect(pageKindOf('/docs/2.0/x/', 'How it works', 'The engine compiles GraphQL to SQL.')).toBe('concept');
  });
});
