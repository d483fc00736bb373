import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import ProductBadge from './ProductBadge';
import ReleaseTag from './ReleaseTag';
import ListTable, { rowsFromList } from './ListTable';

describe('ProductBadge', () => {
  afterEach(cleanup);
  it('lists the editions given, in a fixed order, and beta', () => {
    const { getByLabelText } = render(<ProductBadge cloudEnterprise ee beta />);
    const text = getByLabelText('Availability').textContent;
    expect(text).toBe('Available on: Self-hosted EE, Cloud Enterprise. Beta.');
  });
  it('names each Cloud plan separately', () => {
    const { getByLabelText } = render(<ProductBadge pro cloudEnterprise />);
    const badges = getByLabelText('Availability').querySelectorAll('span:not(.visually-hidden)');
    expect(Array.from(badges, (b) => b.textContent)).toEqual([
      'Available on:',
      'Cloud Professional',
      'Cloud Enterprise',
    ]);
  });
  it('expands cloud to the three Cloud plans, without repeating one given twice', () => {
    const { getByLabelText } = render(<ProductBadge ce cloud free />);
    const text = getByLabelText('Availability').textContent;
    expect(text).toBe('Available on: Self-hosted CE, Cloud Free, Cloud Professional, Cloud Enterprise.');
  });
  it('shows a Professional-only feature without Free', () => {
    const { getByLabelText } = render(<ProductBadge ee pro cloudEnterprise />);
    const text = getByLabelText('Availability').textContent ?? '';
    expect(text).not.toContain('Cloud Free');
    expect(text).toBe('Available on: Self-hosted EE, Cloud Professional, Cloud Enterprise.');
  });
  it('reads as a sentence for a beta feature with no edition named', () => {
    const { getByLabelText } = render(<ProductBadge beta />);
    expect(getByLabelText('Availability').textContent).toBe('Beta.');
  });
  it('refuses to render with no edition', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ProductBadge />)).toThrow(/at least one of the props/);
  });
});

describe('ReleaseTag', () => {
  it('names the version', () => {
    render(<ReleaseTag version="v2.10.0" />);
    expect(screen.getByText('Introduced in v2.10.0')).toBeTruthy();
  });
  it('rejects something that is not a version', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ReleaseTag version="2.10" />)).toThrow(/not a version/);
  });
});

// The shape MDX produces for a nested list: ul > li > ul > li (with newline strings between items).
const nested = (rows: string[][]) => (
  <ul>
    {rows.map((cells, r) => (
      <li key={r}>
        {'\n'}
        <ul>
          {cells.map((c, i) => (
            <li key={i}>{c}</li>
          ))}
        </ul>
      </li>
    ))}
  </ul>
);

describe('ListTable', () => {
  it('turns rows of cells into a table with a header row', () => {
    render(
      <ListTable>
        {nested([
          ['Flag', 'Default'],
          ['--port', '8080'],
          ['--host', '*'],
        ])}
      </ListTable>,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Flag', 'Default']);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['--port', '8080', '--host', '*']);
  });
  it('explains what it expects when given no list', () => {
    expect(() => rowsFromList(<p>text</p>)).toThrow(/expects a nested Markdown list/);
  });
});
