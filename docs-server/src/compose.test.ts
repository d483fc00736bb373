import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from '../test/helpers.js';
import { chunkText, composeAnswer, type ComposedAnswer } from './compose.js';
import type { CorpusPage, CorpusSection } from './corpus-schema.js';
import { loadCorpusFile } from './corpus.js';
import { analyzeQuery, buildIndex, search, type SearchIndex } from './rank.js';

let fixture: SearchIndex;
beforeAll(async () => {
  fixture = (await loadCorpusFile(FIXTURE_CORPUS)).index;
});

function compose(question: string, index = fixture, history: string[] = []): ComposedAnswer {
  const query = analyzeQuery(index, question, history);
  return composeAnswer(index, query, question, search(index, query, 8), '/docs/2.0/search/');
}

const section = (over: Partial<CorpusSection> & { url: string }): CorpusSection => ({
  pageTitle: 'Page',
  headings: [],
  text: '',
  code: [],
  area: 'docs',
  ...over,
});

// A page in the shape the corpus export writes: sections with their Markdown blocks.
const SECRETS = '/docs/2.0/auth/multiple-admin-secrets/';
const STEPS = [
  [
    '1. Add the new secret',
    'Deploy the engine with both values.',
    '```yaml\nenv:\n  - name: HASURA_GRAPHQL_ADMIN_SECRETS\n    value: \'["old", "new"]\'\n```',
  ],
  ['2. Move every client to the new secret', 'Update CI variables and back-end services to the new secret.'],
  ['3. Remove the old secret', 'Deploy again with only the new secret; the old one is then rejected.'],
];
const secretsPage: CorpusSection[] = [
  section({
    url: SECRETS,
    pageTitle: 'Multiple admin secrets',
    text: 'Give the engine a list of admin secrets so that you can rotate them.',
    blocks: ['Give the engine a **list** of admin secrets so that you can rotate them.'],
  }),
  section({
    url: `${SECRETS}#configure`,
    pageTitle: 'Multiple admin secrets',
    headings: ['Configure the list'],
    text: 'Setting Value HASURA_GRAPHQL_ADMIN_SECRETS JSON array of strings',
    blocks: [
      '| Setting | Value |\n| --- | --- |\n| `HASURA_GRAPHQL_ADMIN_SECRETS` | JSON array of strings |',
      '> **Info: Precedence**\n>\n> When both variables are set, only the list is used.',
    ],
  }),
  section({
    url: `${SECRETS}#rotate`,
    pageTitle: 'Multiple admin secrets',
    headings: ['Rotate a secret without downtime'],
    text: 'Rotation takes three steps.',
    blocks: ['Rotation takes three steps.'],
  }),
  ...STEPS.map(([heading, text, code]) =>
    section({
      url: `${SECRETS}#${heading!.slice(0, 1)}`,
      pageTitle: 'Multiple admin secrets',
      headings: ['Rotate a secret without downtime', heading!],
      text: text!,
      blocks: code ? [text!, code] : [text!],
    }),
  ),
];
const otherPages: CorpusSection[] = [
  section({
    url: '/docs/2.0/auth/admin-secret/',
    pageTitle: 'Admin secret',
    text: 'Set one admin secret with HASURA_GRAPHQL_ADMIN_SECRET to protect the engine.',
    blocks: ['Set one admin secret with `HASURA_GRAPHQL_ADMIN_SECRET` to protect the engine.'],
  }),
  section({
    url: '/docs/2.0/deployment/checklist/#secret',
    pageTitle: 'Production checklist',
    headings: ['Set a strong admin secret'],
    text: 'Use a long random admin secret and rotate it on a schedule.',
    blocks: ['Use a long random admin secret and rotate it on a schedule.'],
  }),
  section({
    url: '/docs/2.0/queries/pagination/',
    pageTitle: 'Paginate query results',
    text: 'Use limit and offset to paginate.',
    blocks: [
      'Use `limit` and `offset` to paginate:\n\n1. Sort the rows with `order_by`.\n2. Set `limit` to the page size.\n3. Set `offset` to skip earlier pages.',
      '```graphql\nquery {\n  articles(order_by: { id: asc }, limit: 10, offset: 20) {\n    id\n  }\n}\n```',
    ],
  }),
];
const PAGES: CorpusPage[] = [
  {
    url: SECRETS,
    title: 'Multiple admin secrets',
    description: 'Rotate admin secrets without downtime with HASURA_GRAPHQL_ADMIN_SECRETS.',
    keywords: ['secret rotation'],
  },
  {
    url: '/docs/2.0/auth/admin-secret/',
    title: 'Admin secret',
    description: 'Protect the engine with an admin secret.',
    keywords: [],
  },
  {
    url: '/docs/2.0/deployment/checklist/',
    title: 'Production checklist',
    description: 'Harden a production deployment.',
    keywords: [],
  },
];
const docs = buildIndex([...secretsPage, ...otherPages], PAGES);

/** The answer's blocks before "More on this". */
const leadOf = (answer: ComposedAnswer) => answer.text.split('\n\n**More on this**')[0]!;

describe('composeAnswer', () => {
  it('leads with the best section as the docs write it: lists, tables, code with its language, callouts', () => {
    const answer = compose('How do I paginate a query with limit and offset?', docs);
    expect(answer.weak).toBe(false);
    expect(answer.sources[0]).toEqual({ title: 'Paginate query results', url: '/docs/2.0/queries/pagination/' });
    const lead = leadOf(answer);
    expect(lead).toMatch(/^From \[Paginate query results\]\(\/docs\/2\.0\/queries\/pagination\/\):\n\n/);
    expect(lead).toContain('1. Sort the rows with `order_by`.\n2. Set `limit` to the page size.\n3. Set `offset`');
    expect(lead).toContain(
      '```graphql\nquery {\n  articles(order_by: { id: asc }, limit: 10, offset: 20) {\n    id\n  }\n}\n```',
    );

    const table = compose('What is the value of HASURA_GRAPHQL_ADMIN_SECRETS?', docs);
    expect(table.text).toContain(
      '| Setting | Value |\n| --- | --- |\n| `HASURA_GRAPHQL_ADMIN_SECRETS` | JSON array of strings |',
    );
    expect(table.text).toContain('> **Info: Precedence**\n>\n> When both variables are set, only the list is used.');
    expect(table.text).not.toContain(':::');
  });

  it('gives every step of a task when the best section is one of its numbered steps or their parent', () => {
    for (const question of [
      'How do I rotate the admin secret without downtime?',
      'move every client to the new secret',
    ]) {
      const lead = leadOf(compose(question, docs));
      const positions = [
        '**1. Add the new secret**',
        '**2. Move every client to the new secret**',
        '**3. Remove the old secret**',
      ].map((heading) => lead.indexOf(heading));
      expect(positions.every((p) => p > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(lead).toContain('name: HASURA_GRAPHQL_ADMIN_SECRETS');
      expect(lead).toMatch(
        /^From \[Multiple admin secrets › Rotate a secret without downtime\]\(\/docs\/2\.0\/auth\/multiple-admin-secrets\/#rotate\):\n\nRotation takes three steps\./,
      );
    }
  });

  it('never splices other pages into the lead; they come under "More on this", at most three, linked', () => {
    const answer = compose('admin secret', docs);
    const lead = leadOf(answer);
    expect(answer.sources[0]!.url).toBe('/docs/2.0/auth/admin-secret/');
    expect(lead).toBe(
      'From [Admin secret](/docs/2.0/auth/admin-secret/):\n\nSet one admin secret with `HASURA_GRAPHQL_ADMIN_SECRET` to protect the engine.',
    );
    const more = answer.text.split('**More on this**\n\n')[1]!.split('\n');
    expect(more.length).toBeGreaterThan(0);
    expect(more.length).toBeLessThanOrEqual(3);
    for (const item of more) expect(item).toMatch(/^- \[[^\]]+\]\(\/docs\/2\.0\/[^)]+\)/);
    // A link to another page says what that page is for, in the page's own description.
    expect(more).toContain(
      '- [Multiple admin secrets](/docs/2.0/auth/multiple-admin-secrets/): Rotate admin secrets without downtime with HASURA_GRAPHQL_ADMIN_SECRETS.',
    );
    expect(answer.sources).toHaveLength(1 + more.length);
  });

  it('says it is not sure when nothing answers, and offers the closest pages and search', () => {
    const answer = compose('how do I connect kafka', fixture);
    expect(answer.weak).toBe(true);
    expect(answer.text).toContain("I'm not sure the Hasura GraphQL Engine v2.x docs answer that");
    const links = answer.text.match(/^- \[[^\]]+\]\([^)]+\)$/gm) ?? [];
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(3);
    expect(answer.sources.at(-1)!.url).toBe('/docs/2.0/search/?q=how%20do%20I%20connect%20kafka');
    expect(answer.sources.slice(0, -1).every((s) => !s.url.includes('#'))).toBe(true);
    expect(answer.text).not.toContain('```');
  });

  it('offers only search when no page shares a word with the question', () => {
    const answer = compose('what is the weather in Paris?', fixture);
    expect(answer.weak).toBe(true);
    expect(answer.sources).toEqual([
      {
        title: 'Search the docs for “what is the weather in Paris?”',
        url: '/docs/2.0/search/?q=what%20is%20the%20weather%20in%20Paris%3F',
      },
    ]);
  });

  it('builds the search link from a question of emoji and lone surrogates without failing', () => {
    const answer = compose('😀 '.repeat(120));
    expect(answer.sources.at(-1)!.url).toBe(`/docs/2.0/search/?q=${encodeURIComponent('😀 '.repeat(50).trim())}`);
    expect(compose('\ud800 lone').weak).toBe(true);
  });

  it('asks for detail when the question names nothing', () => {
    const answer = compose('how does it work?');
    expect(answer.weak).toBe(true);
    expect(answer.text).toContain('Could you add some detail');
  });

  it('quotes a corpus without Markdown blocks as its text and fenced code, fenced safely', () => {
    const answer = compose('code block language naming');
    expect(answer.sources[0]!.url).toBe('/docs/2.0/wiki/style/code-blocks/');
    expect(answer.text).toContain('````md\n```yaml');
  });

  it('shortens a long code block and a long table to the rows about the question', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `| \`HASURA_GRAPHQL_FLAG_${i}\` | value ${i} |`);
    const idx = buildIndex([
      ...secretsPage,
      ...otherPages,
      section({
        url: '/docs/2.0/flags/',
        pageTitle: 'Flags',
        text: 'Every flag HASURA_GRAPHQL_FLAG_17 seed',
        blocks: [
          `| Variable | Value |\n| --- | --- |\n${rows.join('\n')}`,
          `\`\`\`sql\n${Array.from({ length: 100 }, (_, i) => `INSERT INTO t VALUES (${i});`).join('\n')}\n\`\`\``,
        ],
      }),
    ]);
    const answer = compose('HASURA_GRAPHQL_FLAG_17 value', idx);
    expect(answer.text).toContain('| `HASURA_GRAPHQL_FLAG_17` | value 17 |');
    expect(answer.text.match(/^\| `HASURA_GRAPHQL_FLAG_/gm)!.length).toBeLessThanOrEqual(6);
    expect(answer.text).toContain('VALUES (23);\n…\n```');
    expect(answer.text).not.toContain('VALUES (24)');
  });

  // A long section: filler paragraphs around the part that answers, a lead-in with its code.
  const filler = (n: number) =>
    Array.from(
      { length: 6 },
      (_, i) => `Paragraph ${n}.${i} talks about unrelated routine matters at some length.`,
    ).join(' ');
  const longBlocks = [
    'The Console is the web UI that ships inside the engine.',
    filler(1),
    filler(2),
    'To turn the Console off in production, set this variable on the server:',
    '```bash\nHASURA_GRAPHQL_ENABLE_CONSOLE=false\n```',
    filler(3),
    filler(4),
    'You can still run the Console from the CLI on your machine against the production endpoint.',
  ];
  const longSection = section({
    url: '/docs/2.0/deployment/console/',
    pageTitle: 'Console in production',
    text: longBlocks.filter((b) => !b.startsWith('```')).join(' '),
    blocks: longBlocks,
  });
  const long = buildIndex([...secretsPage, ...otherPages, longSection]);

  it('leads with the passage that answers, not the whole section, and keeps a lead-in with what it introduces', () => {
    const lead = leadOf(compose('How do I turn the console off in production?', long));
    expect(lead).toContain(
      'To turn the Console off in production, set this variable on the server:\n\n```bash\nHASURA_GRAPHQL_ENABLE_CONSOLE=false\n```',
    );
    expect(lead).toContain('The Console is the web UI');
    expect(lead.split(/\s+/).length).toBeLessThan(150);
    expect(lead).not.toContain('Paragraph 3.5');
    // Wherever a kept paragraph ends with a colon, what it introduces follows.
    const blocks = lead.split('\n\n');
    blocks.forEach((block, i) => {
      if (/:$/.test(block) && i > 0) expect(blocks[i + 1]).toMatch(/^```/);
    });
  });

  // A list whose last item introduces code, and a section that ends on a lead-in whose code is elsewhere.
  const consolePage = '/docs/2.0/deployment/console-off/';
  const listBlocks = [
    'The Console is an admin tool protected only by the admin secret.',
    filler(5),
    filler(6),
    '- Leave `HASURA_GRAPHQL_ENABLE_CONSOLE` unset in production.\n- To inspect production, run the Console from the CLI on your machine. It talks to the server like this:',
    '```bash\nhasura console --endpoint https://prod.example.com\n```',
    filler(7),
  ];
  const leadInPage = buildIndex([
    section({
      url: consolePage,
      pageTitle: 'Console off in production',
      text: listBlocks.filter((b) => !b.startsWith('```')).join(' '),
      blocks: listBlocks,
    }),
    section({
      url: `${consolePage}#verify`,
      pageTitle: 'Console off in production',
      headings: ['Verify the console is off'],
      text: 'Verify the console is off in production. The console path returns 404 in production. Check it with the request below:',
      blocks: [
        'Verify the console is off in production. The console path returns 404 in production. Check it with the request below:',
      ],
    }),
    section({
      url: `${consolePage}#request`,
      pageTitle: 'Console off in production',
      headings: ['Request'],
      text: 'curl',
      blocks: ['```bash\ncurl -i https://prod.example.com/console\n```'],
    }),
    section({
      url: '/docs/2.0/other/',
      pageTitle: 'Another page',
      headings: ['Checks'],
      text: 'The console check returns:',
      blocks: ['The console check returns:', '```\n404\n```', 'A production console is then off.'],
    }),
  ]);

  it('keeps the code a list item introduces, and drops a lead-in whose code it cannot show', () => {
    const lead = leadOf(compose('How do I run the console from the CLI against production?', leadInPage));
    expect(lead).toContain('It talks to the server like this:\n\n```bash\nhasura console --endpoint');
    const verify = compose('verify the console is off in production', leadInPage).text;
    expect(verify).toContain('The console path returns 404');
    expect(verify).not.toContain('request below');
    // Every block that ends with a colon, in the lead or a "More on this" line, is followed by code or a heading.
    for (const answer of [lead, verify]) {
      const blocks = answer.split('\n\n');
      blocks.forEach((block, i) => {
        if (i > 0 && /:$/.test(block)) expect(blocks[i + 1]).toMatch(/^(?:```|\*\*)/);
      });
      for (const line of answer.split('\n').filter((l) => l.startsWith('- ['))) expect(line).not.toMatch(/:$/);
    }
    // A "More on this" line never sums a section up with a sentence that introduces what it cannot show.
    const check = compose('is the production console check off', leadInPage).text;
    expect(check).toMatch(
      /^- \[Another page › Checks\]\(\/docs\/2\.0\/other\/\): A production console is then off\.$/m,
    );
  });

  it('says yes or no first to a yes/no question when the quoted sentence says so', () => {
    expect(compose('Can I run the console from the CLI against production?', long).text).toMatch(/^Yes\. From \[/);
    const no = buildIndex([
      section({
        url: '/docs/2.0/databases/x/',
        pageTitle: 'X database',
        text: 'Event triggers are not supported on X databases; use scheduled triggers to poll instead.',
        blocks: ['Event triggers are not supported on X databases; use scheduled triggers to poll instead.'],
      }),
    ]);
    expect(compose('Can I use event triggers on X databases?', no).text).toMatch(/^No\. From \[/);
    expect(compose('How do I turn the console off in production?', long).text).toMatch(/^From \[/);
  });
});

describe('"More on this" summaries', () => {
  const page = '/docs/2.0/event-triggers/retries/';
  const index = buildIndex([
    section({
      url: page,
      pageTitle: 'Event trigger retries',
      text: 'When a webhook delivery fails, the engine retries the delivery later, as the trigger configures.',
      blocks: ['When a webhook delivery fails, the engine retries the delivery later, as the trigger configures.'],
    }),
    section({
      url: `${page}#arguments`,
      pageTitle: 'Event trigger retries',
      headings: ['Retry arguments'],
      text: 'Key Default num_retries 0 interval_sec 10 timeout_sec 60',
      blocks: [
        '| Key | Default |\n| --- | --- |\n| `num_retries` | 0 |\n| `interval_sec` | 10 |\n| `timeout_sec` | 60 |',
      ],
    }),
    section({
      url: `${page}#errors`,
      pageTitle: 'Event trigger retries',
      headings: ['Retry errors'],
      text: 'Error Cause retries exhausted the event failed. The retry errors of a webhook delivery are logged.',
      blocks: [
        '| Error | Cause |\n| --- | --- |\n| retries exhausted | the event failed |',
        'The retry errors of a webhook delivery are logged in the engine log, one line per failed attempt, with the trigger name and event id and `hasura metadata apply --dry-run` output.',
      ],
    }),
  ]);

  it('are the first sentence of prose or of a list, a table-only section its keys, never a table read as text', () => {
    const text = compose('does the engine retry a failed webhook delivery later?', index).text;
    const more = text.split('**More on this**')[1] ?? '';
    expect(more).toContain(
      'Retry arguments](/docs/2.0/event-triggers/retries/#arguments): `num_retries`, `interval_sec`, `timeout_sec`',
    );
    expect(more).toContain(
      'Retry errors](/docs/2.0/event-triggers/retries/#errors): The retry errors of a webhook delivery',
    );
    expect(more).not.toContain('Key Default');
    expect(more).not.toContain('Error Cause');
    // A long sentence is cut at a word, never inside a code span.
    expect(more).toContain(
      '#errors): The retry errors of a webhook delivery are logged in the engine log, one line per failed attempt, with the trigger name and event id and…',
    );
  });
});

describe('chunkText', () => {
  it('cuts at spaces and joins back to the same text', () => {
    const text = 'word '.repeat(60) + '```yaml\na: b\n```';
    const pieces = chunkText(text, 20);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/\s$/);
  });

  it('handles empty text and text without spaces', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText('x'.repeat(100), 10)).toEqual(['x'.repeat(100)]);
  });
});
