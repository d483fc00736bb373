import React, { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import styles from './styles.module.css';

type WithChildren = ReactElement<{ children?: ReactNode }>;

const elementsOf = (node: ReactNode): WithChildren[] =>
  Children.toArray(node).filter((child): child is WithChildren => isValidElement(child));

/** The first descendant list of a node: an element whose own children are all elements (list items). */
function firstList(node: ReactNode): WithChildren | undefined {
  for (const el of elementsOf(node)) {
    const kids = Children.toArray(el.props.children).filter((c) => !(typeof c === 'string' && !c.trim()));
    if (kids.length > 0 && kids.every(isValidElement)) return el;
  }
  return undefined;
}

/** Turns a nested Markdown list (rows of cells) into rows of cell contents. */
export function rowsFromList(children: ReactNode): ReactNode[][] {
  const list = firstList(children);
  if (!list)
    throw new Error('ListTable expects a nested Markdown list: one top-level item per row, one sub-item per cell.');
  return elementsOf(list.props.children).map((row, i) => {
    const cells = firstList(row.props.children);
    if (!cells) throw new Error(`ListTable: row ${i + 1} has no sub-list of cells.`);
    return elementsOf(cells.props.children).map((cell) => cell.props.children);
  });
}

/** A table written as a nested list, for cells that hold long text, lists or several paragraphs. The first row is the header. */
export default function ListTable({ children }: { children: ReactNode }): ReactNode {
  const [header = [], ...body] = rowsFromList(children);
  return (
    // The wrapper scrolls a wide table sideways; focusable so that keyboard users can scroll it too.
    <div className={styles.wrap} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            {header.map((cell, i) => (
              <th key={i}>{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
