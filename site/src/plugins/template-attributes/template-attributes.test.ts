import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import remarkTemplateAttributes, { templateLiteralValue } from '.';

/** The attribute values of every <X> element after the plugin has run. */
async function valuesOf(mdx: string): Promise<unknown[]> {
  const values: unknown[] = [];
  const collect = () => (tree: Root) =>
    visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
      if (node.name === 'X') for (const a of node.attributes) if (a.type === 'mdxJsxAttribute') values.push(a.value);
    });
  await compile(mdx, { remarkPlugins: [remarkTemplateAttributes, collect] });
  return values;
}

const QUERY = 'query {\n  articles(\n    where: { id: { _eq: 1 } }\n  ) {\n    id\n  }\n}';

describe('remarkTemplateAttributes', () => {
  it('keeps every space of a multi-line template literal (MDX alone drops up to two per line)', async () => {
    expect(await valuesOf('<X\n  query={`' + QUERY + '`}\n/>\n')).toEqual([QUERY]);
    expect(await valuesOf('<X query={`' + QUERY + '`} />\n')).toEqual([QUERY]);
  });

  it('keeps the indentation inside JSX children such as tabs', async () => {
    expect(await valuesOf('<T>\n  <X\n    query={`' + QUERY + '`}\n  />\n</T>\n')).toEqual([QUERY]);
  });

  it('removes only the list item indentation inside a list', async () => {
    const inList = QUERY.split('\n').join('\n  ');
    expect(await valuesOf('- item\n\n  <X query={`' + inList + '`} />\n')).toEqual([QUERY]);
  });

  it('cooks escapes as JavaScript does', async () => {
    expect(await valuesOf('<X\n  a={`{\n  "s": "a \\`b\\` \\\\n"\n}`}\n/>\n')).toEqual(['{\n  "s": "a `b` \\n"\n}']);
  });

  it('leaves other expressions, one-line literals and substitutions to MDX', async () => {
    const [a, b, c, d] = await valuesOf('<X\n  a={`one line`}\n  b={`x\n  ${y}`}\n  c={1 + 2}\n  d="plain"\n/>\n');
    expect(a).toMatchObject({ type: 'mdxJsxAttributeValueExpression', value: '`one line`' });
    expect(b).toMatchObject({ type: 'mdxJsxAttributeValueExpression' });
    expect(c).toMatchObject({ type: 'mdxJsxAttributeValueExpression', value: '1 + 2' });
    expect(d).toBe('plain');
  });
});

describe('templateLiteralValue', () => {
  it('returns the cooked string of a literal without substitutions, null otherwise', () => {
    expect(templateLiteralValue('`a\n  b`')).toBe('a\n  b');
    expect(templateLiteralValue('`a ${b}`')).toBeNull();
    expect(templateLiteralValue('`a` + `b`')).toBeNull();
    expect(templateLiteralValue('`unclosed')).toBeNull();
  });
});
