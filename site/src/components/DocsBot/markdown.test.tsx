import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import Markdown, { safeHref, type MarkdownComponents } from './markdown';

afterEach(cleanup);

function html(text: string, components?: MarkdownComponents): HTMLElement {
  return render(<Markdown text={text} components={components} />).container;
}

describe('Markdown rendering of answers (react-markdown)', () => {
  it('renders an answer the way the docs-server composes it: list, table, code with its language, callout', () => {
    const code: string[] = [];
    const root = html(
      [
        'From [Multiple admin secrets › Rotate](/docs/2.0/auth/multiple-admin-secrets/#rotate):',
        '1. Add the new secret.\n2. Move every client.\n3. Remove the old secret.',
        '| Setting | Default |\n| --- | --- |\n| `HASURA_GRAPHQL_ADMIN_SECRETS` | not set |',
        '```yaml\nenv:\n  - name: HASURA_GRAPHQL_ADMIN_SECRETS\n    value: \'["a", "b"]\'\n```',
        '> **Info: Precedence**\n>\n> Only the list is used.',
      ].join('\n\n'),
      {
        code: ({ language, code: text }) => (
          code.push(`${language}|${text}`),
          (<pre data-language={language}>{text}</pre>)
        ),
      },
    );
    expect(Array.from(root.querySelectorAll('ol > li')).map((li) => li.textContent)).toEqual([
      'Add the new secret.',
      'Move every client.',
      'Remove the old secret.',
    ]);
    expect(Array.from(root.querySelectorAll('.docsbot-table table th')).map((th) => th.textContent)).toEqual([
      'Setting',
      'Default',
    ]);
    expect(root.querySelector('td code')!.textContent).toBe('HASURA_GRAPHQL_ADMIN_SECRETS');
    // Indentation kept, language passed on, no trailing newline.
    expect(code).toEqual(['yaml|env:\n  - name: HASURA_GRAPHQL_ADMIN_SECRETS\n    value: \'["a", "b"]\'']);
    expect(root.querySelector('blockquote strong')!.textContent).toBe('Info: Precedence');
    expect(root.querySelector('a')!.getAttribute('href')).toBe('/docs/2.0/auth/multiple-admin-secrets/#rotate');
  });

  it('renders headings as bold text, not as page headings', () => {
    const root = html('## Permissions\n\nText.');
    expect(root.querySelector('h2')).toBeNull();
    expect(root.querySelector('p.docsbot-heading strong')!.textContent).toBe('Permissions');
  });

  it('drops raw HTML and never loads images', () => {
    const root = html(
      '<script>alert(1)</script>\n\nText <b>bold</b> <img src=x onerror=alert(1)>\n\n![tracker](https://evil.example/pixel.png)',
    );
    expect(root.querySelector('script, b, img')).toBeNull();
    expect(root.innerHTML).not.toContain('onerror');
    expect(root.innerHTML).not.toContain('evil.example');
  });

  it('links only http(s), site-relative and anchor URLs; anything else stays text', () => {
    const root = html(
      '[a](https://hasura.io/) [b](/docs/2.0/auth/) [c](#rows) [d](javascript:alert(1)) [e](data:text/html,x) [f](mailto:a@b.c) [g](//evil.example/x)',
    );
    expect(Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      'https://hasura.io/',
      '/docs/2.0/auth/',
      '#rows',
    ]);
    expect(root.textContent).toContain('d e f g');
  });

  it('hands links to the link component', () => {
    const root = html('[Row-level permissions](/docs/2.0/auth/row/)', {
      link: ({ href, children }) => (
        <a href={href} data-bot-link="">
          {children}
        </a>
      ),
    });
    expect(root.querySelector('a[data-bot-link]')!.textContent).toBe('Row-level permissions');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://hasura.io/', 'https://hasura.io/'],
    ['/docs/2.0/', '/docs/2.0/'],
    ['#x', '#x'],
    ['java\tscript:alert(1)', undefined],
    ['JAVASCRIPT:alert(1)', undefined],
    ['mailto:a@b.c', undefined],
    ['//evil.example', undefined],
    ['x:y/z', undefined],
    ['', undefined],
  ])('%s → %s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
