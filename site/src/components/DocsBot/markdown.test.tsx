import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import Markdown, { parseBlocks, parseInlines, safeHref, type MarkdownComponents } from './markdown';

afterEach(cleanup);

function html(text: string, extra: Partial<React.ComponentProps<typeof Markdown>> = {}): HTMLElement {
  return render(<Markdown text={text} {...extra} />).container;
}

describe('Markdown blocks', () => {
  it('splits paragraphs at blank lines and keeps soft line breaks inside one', () => {
    const root = html('First line\nsame paragraph.\n\nSecond paragraph.');
    const paragraphs = Array.from(root.querySelectorAll('p')).map((p) => p.textContent);
    expect(paragraphs).toEqual(['First line\nsame paragraph.', 'Second paragraph.']);
  });

  it('renders headings as bold text, not as page headings', () => {
    const root = html('## Permissions\nText.');
    expect(root.querySelector('h2')).toBeNull();
    expect(root.querySelector('p.docsbot-heading strong')!.textContent).toBe('Permissions');
  });

  it('renders bullet and numbered lists, with nesting and a start number', () => {
    const root = html('- one\n- two\n  - two a\n  - two b\n- three\n\n3. third\n4. fourth');
    const ul = root.querySelector('ul')!;
    expect(Array.from(ul.children).map((li) => li.firstChild!.textContent)).toEqual(['one', 'two', 'three']);
    expect(Array.from(ul.querySelectorAll(':scope ul li')).map((li) => li.textContent)).toEqual(['two a', 'two b']);
    const ol = root.querySelector('ol')!;
    expect(ol.getAttribute('start')).toBe('3');
    expect(Array.from(ol.children).map((li) => li.textContent)).toEqual(['third', 'fourth']);
    // Tight lists put the text straight into the item; loose lists use paragraphs.
    expect(ul.querySelector(':scope > li > p')).toBeNull();
    const loose = html('- one\n\n- two');
    expect(loose.querySelectorAll('li > p')).toHaveLength(2);
  });

  it('keeps an indented code block inside its numbered step', () => {
    expect(parseBlocks('1. Create a role:\n\n   ```yaml\n   role: user\n   ```\n\n2. Next step')).toEqual([
      {
        kind: 'list',
        ordered: true,
        start: 1,
        tight: false,
        items: [
          [
            { kind: 'paragraph', inlines: ['Create a role:'] },
            { kind: 'code', lang: 'yaml', text: 'role: user' },
          ],
          [{ kind: 'paragraph', inlines: ['Next step'] }],
        ],
      },
    ]);
  });

  it('renders block quotes and rules', () => {
    const root = html('> quoted **text**\n> more\n\n---\n\nafter');
    expect(root.querySelector('blockquote p')!.textContent).toBe('quoted text\nmore');
    expect(root.querySelector('blockquote strong')!.textContent).toBe('text');
    expect(root.querySelector('hr')).not.toBeNull();
  });

  it('passes fenced code with its language to the code component, untouched', () => {
    const seen: { language: string; code: string }[] = [];
    const code: MarkdownComponents['code'] = (props) => {
      seen.push(props);
      return <pre data-language={props.language}>{props.code}</pre>;
    };
    const yaml =
      'select_permissions:\n  - role: user\n    permission:\n      filter: { author_id: { _eq: X-Hasura-User-Id } }';
    const root = html(`Before [1]\n\n\`\`\`yaml\n${yaml}\n\`\`\`\n\nAfter`, { components: { code } });
    expect(seen).toEqual([{ language: 'yaml', code: yaml }]);
    expect(root.querySelector('pre')!.getAttribute('data-language')).toBe('yaml');
    expect(Array.from(root.querySelectorAll('p')).map((p) => p.textContent)).toEqual(['Before [1]', 'After']);
  });

  it('keeps shorter fences inside a longer one, and runs an unclosed fence to the end (streaming)', () => {
    expect(parseBlocks('````md\n```js\nx\n```\n````')).toEqual([{ kind: 'code', lang: 'md', text: '```js\nx\n```' }]);
    expect(parseBlocks('Text\n\n```sql\nSELECT 1;\nSELECT')).toEqual([
      { kind: 'paragraph', inlines: ['Text'] },
      { kind: 'code', lang: 'sql', text: 'SELECT 1;\nSELECT' },
    ]);
    expect(parseBlocks('~~~\nplain\n~~~')).toEqual([{ kind: 'code', lang: '', text: 'plain' }]);
  });
});

describe('Markdown inlines', () => {
  it('renders inline code, bold and italic', () => {
    const root = html('Use `x-hasura-role` with **session** *variables* and ***both***.');
    expect(root.querySelector('code')!.textContent).toBe('x-hasura-role');
    expect(root.querySelector('strong')!.textContent).toBe('session');
    expect(root.querySelector('em')!.textContent).toBe('variables');
    expect(root.querySelector('em > strong')!.textContent).toBe('both');
  });

  it('leaves underscores inside identifiers alone', () => {
    expect(parseInlines('Call pg_track_table or HASURA_GRAPHQL_JWT_SECRET, _not_ this.')).toEqual([
      'Call pg_track_table or HASURA_GRAPHQL_JWT_SECRET, ',
      { kind: 'em', children: ['not'] },
      ' this.',
    ]);
  });

  it('nests emphasis correctly and shows unmatched delimiters as text', () => {
    expect(parseInlines('*a **b** c*')).toEqual([
      { kind: 'em', children: ['a ', { kind: 'strong', children: ['b'] }, ' c'] },
    ]);
    expect(parseInlines('2 * 3 * 4 and **open')).toEqual(['2 * 3 * 4 and **open']);
    expect(parseInlines('a ``code with ` tick`` b')).toEqual(['a ', { kind: 'code', text: 'code with ` tick' }, ' b']);
    expect(parseInlines('\\*not em\\*')).toEqual(['*not em*']);
  });

  it('renders links with safe URLs, relative or absolute', () => {
    const root = html(
      'See [row-level permissions](/docs/2.0/auth/authorization/permissions/row-level-permissions/#using-session-variables), ' +
        '[the blog](https://hasura.io/blog/ "Blog"), [mail](mailto:docs@example.com) and <https://github.com/hasura>.',
    );
    expect(Array.from(root.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [
        'row-level permissions',
        '/docs/2.0/auth/authorization/permissions/row-level-permissions/#using-session-variables',
      ],
      ['the blog', 'https://hasura.io/blog/'],
      ['mail', 'mailto:docs@example.com'],
      ['https://github.com/hasura', 'https://github.com/hasura'],
    ]);
  });

  it('links [n] marks to the matching source once sources are known', () => {
    const sources = [
      { title: 'JWT', url: '/docs/2.0/auth/authentication/jwt/' },
      { title: 'Bad', url: 'javascript:alert(1)' },
    ];
    const root = html('Use a JWT [1]. Or not [2]. Unknown [3].', { sources });
    const cites = Array.from(root.querySelectorAll('sup a'));
    expect(cites.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['[1]', '/docs/2.0/auth/authentication/jwt/'],
    ]);
    expect(root.textContent).toBe('Use a JWT [1]. Or not [2]. Unknown [3].');
    expect(html('Before sources [1].').querySelector('a')).toBeNull();
  });

  it('hands every link to the link component', () => {
    const link: MarkdownComponents['link'] = ({ href, children }) => (
      <a href={href} data-custom="yes">
        {children}
      </a>
    );
    const root = html('[a](/docs/2.0/a/) and [1]', {
      components: { link },
      sources: [{ title: 'A', url: '/docs/2.0/a/' }],
    });
    expect(root.querySelectorAll('a[data-custom="yes"]')).toHaveLength(2);
  });
});

describe('hostile input', () => {
  it('shows HTML as text and never creates its elements', () => {
    const attack =
      '<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned=2"> **<b>bold</b>**\n\n' +
      '- <iframe src="https://evil.example"></iframe>\n\n> <style>body{display:none}</style>\n\n`<svg onload=alert(1)>`';
    const root = html(attack);
    for (const tag of ['script', 'img', 'b', 'iframe', 'style', 'svg']) expect(root.querySelector(tag), tag).toBeNull();
    expect(root.textContent).toContain('<script>window.pwned = 1</script>');
    expect(root.textContent).toContain('<img src=x onerror="window.pwned=2">');
    expect(root.querySelector('code')!.textContent).toBe('<svg onload=alert(1)>');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('keeps HTML in code blocks as text', () => {
    const root = html('```html\n<script>alert(1)</script>\n```');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('pre code')!.textContent).toBe('<script>alert(1)</script>');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('refuses the link %j and keeps its text', (href) => {
    expect(safeHref(href)).toBeUndefined();
    const root = html(`[click me](<${href}>) and [again](${href.replace(/\s/g, '')})`);
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('click me');
  });

  it('accepts relative, anchor and web URLs', () => {
    for (const href of [
      '/docs/2.0/auth/',
      '#top',
      '../jwt/',
      'https://hasura.io',
      'http://localhost:8080/console',
      'mailto:a@b.c',
    ])
      expect(safeHref(href), href).toBe(href);
  });

  it('does not let a link nest inside a link', () => {
    const root = html('[outer [inner](https://a.example) text](https://b.example)');
    expect(root.querySelectorAll('a a')).toHaveLength(0);
  });

  // A parser that recursed without bound would overflow the stack here, and a quadratic one
  // would run into the test's timeout.
  it('copes with deeply nested or unbalanced input', () => {
    const inputs = [
      '>'.repeat(5000) + ' deep',
      '- '.repeat(3000) + 'deep',
      '*a '.repeat(5000),
      '_'.repeat(10000),
      '`'.repeat(3000) + 'x' + '``'.repeat(1000),
      '['.repeat(5000) + ']('.repeat(2000),
      '**'.repeat(5000),
    ];
    for (const input of inputs) {
      const root = html(input);
      expect(root.childElementCount).toBeGreaterThan(0);
      cleanup();
    }
  });
});

describe('the widget never injects HTML', () => {
  it('has no dangerouslySetInnerHTML or innerHTML anywhere in DocsBot', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const sources = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
    expect(sources.length).toBeGreaterThan(1);
    for (const file of sources) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(code, file).not.toMatch(/dangerouslySetInnerHTML|\.innerHTML|insertAdjacentHTML|document\.write/);
    }
  });
});
