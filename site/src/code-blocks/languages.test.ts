import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkPrismLanguages, {
  BUILT_IN_LANGUAGES,
  LOADED_GRAMMARS,
  componentsFor,
  isHighlightable,
  missingGrammars,
} from './languages';

const compileWith = (mdx: string, path = 'docs/page.mdx') =>
  compile({ value: mdx, path }, { remarkPlugins: [remarkDirective, remarkPrismLanguages] });

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

  it('lists the grammars of grammars.ts each after the ones it requires, none twice', () => {
    expect(LOADED_GRAMMARS).toContain('bash');
    expect(componentsFor(LOADED_GRAMMARS)).toEqual(LOADED_GRAMMARS);
  });
});

describe('isHighlightable', () => {
  it('is true for built-in and loadable grammars, false for plain text and unknown names', () => {
    expect(['json', 'bash', 'PromQL', 'hcl'].map(isHighlightable)).toEqual([true, true, true, true]);
    expect(['text', 'txt', 'mdx', 'no-such-language'].map(isHighlightable)).toEqual([false, false, false, false]);
  });
});

describe('missingGrammars', () => {
  it('is empty for built-in and loaded grammars, and names the grammars grammars.ts does not import', () => {
    expect(missingGrammars(['bash', 'http', 'json', 'text', 'mdx'])).toEqual([]);
    expect(missingGrammars(['bash', 'fortran', 'sh', 'lisp'])).toEqual(['fortran', 'lisp']);
  });
});

describe('remarkPrismLanguages', () => {
  it('accepts pages whose code the browser can highlight, in fences, admonitions and <CodeBlock language>', async () => {
    const mdx = [
      '# Title',
      ':::note{#tip}\n\n```sh\nls\n```\n\n:::',
      '<CodeBlock language="toml">{`a = 1`}</CodeBlock>',
      '```text\nplain\n```',
    ].join('\n\n');
    await expect(compileWith(mdx)).resolves.toBeTruthy();
  });

  it('stops the build, naming the page and the grammar, for code the browser could not highlight', async () => {
    await expect(compileWith('```fortran\nprint *, "hi"\n```\n', 'docs/old/fortran.mdx')).rejects.toThrow(
      /docs\/old\/fortran\.mdx has code in a language whose Prism grammar is not loaded: fortran/,
    );
    await expect(compileWith('<CodeBlock language="lisp">{`(a)`}</CodeBlock>\n')).rejects.toThrow(/: lisp\./);
  });
});
