import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkPrismLanguages, {
  BUILT_IN_LANGUAGES,
  PRISM_GLOBAL_MODULE,
  componentsFor,
  importsFor,
  isHighlightable,
} from '.';

const importsIn = async (mdx: string) => {
  const js = String(await compile(mdx, { remarkPlugins: [remarkDirective, remarkPrismLanguages] }));
  return [...js.matchAll(/^import "([^"]+)";$/gm)].map((m) => m[1]);
};

describe('componentsFor', () => {
  it('needs nothing for the languages prism-react-renderer bundles, or for names Prism does not know', () => {
    for (const lang of ['graphql', 'json', 'yaml', 'yml', 'sql', 'javascript', 'tsx', 'python', 'go', 'md', 'xml']) {
      expect(BUILT_IN_LANGUAGES.has(lang), lang).toBe(true);
    }
    expect(componentsFor(['graphql', 'json', 'YAML', 'text', 'mdx', 'no-such-language'])).toEqual([]);
  });

  it('resolves aliases to their component and loads each component once', () => {
    expect(componentsFor(['sh', 'shell', 'bash', 'dockerfile', 'docker', 'cs'])).toEqual(['bash', 'docker', 'csharp']);
  });

  it('puts the components a language requires first, unless Prism already has them', () => {
    expect(componentsFor(['php'])).toEqual(['markup-templating', 'php']);
    expect(componentsFor(['plsql', 'java'])).toEqual(['plsql', 'java']); // sql and clike are built in
  });

  it('imports the Prism global before the grammars, and nothing when no grammar is needed', () => {
    expect(importsFor(['http', 'promql'])).toEqual([
      PRISM_GLOBAL_MODULE,
      'prismjs/components/prism-http.js',
      'prismjs/components/prism-promql.js',
    ]);
    expect(importsFor(['json'])).toEqual([]);
  });
});

describe('isHighlightable', () => {
  it('is true for built-in and loadable grammars, false for plain text and unknown names', () => {
    expect(['json', 'bash', 'PromQL', 'hcl'].map(isHighlightable)).toEqual([true, true, true, true]);
    expect(['text', 'txt', 'mdx', 'no-such-language'].map(isHighlightable)).toEqual([false, false, false, false]);
  });
});

describe('remarkPrismLanguages', () => {
  it('adds the imports for the languages of fenced code blocks and of <CodeBlock language>', async () => {
    const mdx = [
      '# Title',
      '```bash',
      'echo hi',
      '```',
      '',
      '<CodeBlock language="toml">{`a = 1`}</CodeBlock>',
      '',
      '```json',
      '{}',
      '```',
    ].join('\n');
    expect(await importsIn(mdx)).toEqual([
      PRISM_GLOBAL_MODULE,
      'prismjs/components/prism-bash.js',
      'prismjs/components/prism-toml.js',
    ]);
  });

  it('finds code inside admonitions (directives, whose attributes are not JSX attributes)', async () => {
    expect(await importsIn(':::note{#tip}\n\n```sh\nls\n```\n\n:::\n')).toEqual([
      PRISM_GLOBAL_MODULE,
      'prismjs/components/prism-bash.js',
    ]);
  });

  it('leaves a page without such code untouched', async () => {
    expect(await importsIn('Some text.\n\n```graphql\nquery { a }\n```\n')).toEqual([]);
  });
});
