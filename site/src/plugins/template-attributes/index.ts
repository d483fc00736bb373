// MDX strips up to two spaces of indentation from every continuation line of a JSX attribute's
// expression, so a multi-line template literal such as GraphiQLIDE's `query={`…`}` loses the
// indentation its author wrote (micromark-extension-mdx-expression treats it as line prefix).
// This remark plugin reads each such attribute again from the file's own text and replaces the
// expression with the string the author wrote, whitespace included.
import { parseExpressionAt } from 'acorn';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visitParents } from 'unist-util-visit-parents';
import type { VFile } from 'vfile';

/** `name={`…`}` with nothing but one template literal inside the braces. */
const TEMPLATE_ATTRIBUTE = /^[\w:.-]+=\{\s*(`[\s\S]*`)\s*\}$/;

/** The string a template literal without substitutions stands for, or null for anything else. */
export function templateLiteralValue(code: string): string | null {
  let node;
  try {
    node = parseExpressionAt(code, 0, { ecmaVersion: 'latest' });
  } catch {
    return null;
  }
  if (node.type !== 'TemplateLiteral' || node.expressions.length > 0 || node.end !== code.length) return null;
  return node.quasis[0]?.value.cooked ?? null;
}

/**
 * Removes a container's prefix (the indentation of a list item's content) from the lines after the
 * first: inside a list the source lines carry it, and it is not part of the author's text.
 */
function dropContainerIndent(text: string, indent: number): string {
  if (indent === 0) return text;
  const prefix = new RegExp(`^ {0,${indent}}`);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.replace(prefix, '')))
    .join('\n');
}

export default function remarkTemplateAttributes() {
  return (tree: Root, file: VFile): void => {
    const source = String(file.value);
    visitParents(tree, ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node, ancestors) => {
      const element = node as MdxJsxFlowElement | MdxJsxTextElement;
      // Block quotes put `>` before every line: no example sits in one, and MDX's value is kept there.
      if (ancestors.some((a) => a.type === 'blockquote')) return;
      const listItem = [...ancestors].reverse().find((a) => a.type === 'listItem');
      const indent = listItem ? (listItem.children[0]?.position?.start.column ?? 1) - 1 : 0;
      for (const attribute of element.attributes) {
        if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'object' || !attribute.value) continue;
        const { start, end } = attribute.position ?? {};
        if (start?.offset === undefined || end?.offset === undefined) continue;
        const match = TEMPLATE_ATTRIBUTE.exec(source.slice(start.offset, end.offset));
        if (!match?.[1] || !match[1].includes('\n')) continue;
        const value = templateLiteralValue(dropContainerIndent(match[1], indent));
        if (value !== null) attribute.value = value;
      }
    });
  };
}
