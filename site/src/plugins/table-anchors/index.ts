// Rehype plugin for Markdown tables. Every row of a reference table that documents one identifier (its
// first cell is a single `code` element: a flag, an env var, a metadata API argument, a header) gets an
// anchor of its own, so a reader can link to the row; the first cell also gets a "#" link, shown on
// hover and focus as headings' links are. Every cell carries its column's label (data-label), which
// the narrow-screen layout of custom.css shows in front of the value.
import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';
import { anchorFor } from './anchor';

export { anchorFor };

const text = (node: ElementContent): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map(text).join('') : '';

/** The identifier a first cell names: its only non-blank child is one `code` element. */
export function identifierOf(cell: Element): string | undefined {
  const children = cell.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  const [only] = children;
  if (children.length !== 1 || only?.type !== 'element' || only.tagName !== 'code') return undefined;
  const name = text(only).trim();
  return name && !/\s/.test(name) ? name : undefined;
}

const isElement = (node: ElementContent | undefined, tag: string): node is Element =>
  node?.type === 'element' && node.tagName === tag;

export default function rehypeTableAnchors() {
  return (tree: Root): void => {
    const taken = new Set<string>();
    // Ids already on the page: headings (Docusaurus sets them as properties) and JSX elements with an id.
    visit(tree, (node) => {
      if (node.type === 'element' && typeof (node as Element).properties.id === 'string')
        taken.add((node as Element).properties.id as string);
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const attributes = (node as unknown as { attributes: { name?: string; value?: unknown }[] }).attributes;
        const id = attributes.find((a) => a.name === 'id')?.value;
        if (typeof id === 'string') taken.add(id);
      }
    });
    visit(tree, 'element', (table: Element) => {
      if (table.tagName !== 'table') return;
      const head = table.children.find((c) => isElement(c, 'thead')) as Element | undefined;
      const headRow = head?.children.find((c): c is Element => isElement(c, 'tr'));
      const labels = (headRow?.children ?? [])
        .filter((c): c is Element => isElement(c, 'th'))
        .map((th) => text(th).trim());
      const body = table.children.find((c) => isElement(c, 'tbody')) as Element | undefined;
      const rows = (body?.children ?? []).filter((r): r is Element => isElement(r, 'tr'));
      // Each cell names its column, so a narrow screen can show a row as a card of label: value lines.
      for (const row of rows)
        row.children
          .filter((c): c is Element => isElement(c, 'td'))
          .forEach((td, i) => {
            if (labels[i]) td.properties.dataLabel = labels[i];
          });
      for (const row of rows) {
        const cell = row.children.find((c): c is Element => isElement(c, 'td'));
        const name = cell && identifierOf(cell);
        const id = name && anchorFor(name);
        if (!cell || !name || !id || taken.has(id)) continue;
        taken.add(id);
        row.properties.id = id;
        cell.children.push({
          type: 'element',
          tagName: 'a',
          properties: {
            className: ['hash-link'],
            href: `#${id}`,
            ariaLabel: `Direct link to ${name}`,
            title: `Direct link to ${name}`,
          },
          children: [{ type: 'text', value: '\u200b' }],
        });
      }
    });
  };
}
