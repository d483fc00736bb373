import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import ProductBadge from './ProductBadge';
import ReleaseTag from './ReleaseTag';
import ListTable, { rowsFromList } from './ListTable';
import { runOperation } from './GraphiQLIDE/LiveEditor';

describe('ProductBadge', () => {
  afterEach(cleanup);
  it('lists the editions given, in a fixed order, and beta', () => {
    const { getByLabelText } = render(<ProductBadge cloudEnterprise ee beta />);
    const text = getByLabelText('Availability').textContent;
    expect(text).toBe('Available on:Self-hosted EECloud EnterpriseBeta');
  });
  it('names each Cloud plan separately', () => {
    const { getByLabelText } = render(<ProductBadge pro cloudEnterprise />);
    const badges = getByLabelText('Availability').querySelectorAll('span');
    expect(Array.from(badges, (b) => b.textContent)).toEqual([
      'Available on:',
      'Cloud Professional',
      'Cloud Enterprise',
    ]);
  });
  it('expands cloud to the three Cloud plans, without repeating one given twice', () => {
    const { getByLabelText } = render(<ProductBadge ce cloud free />);
    const text = getByLabelText('Availability').textContent;
    expect(text).toBe('Available on:Self-hosted CECloud FreeCloud ProfessionalCloud Enterprise');
  });
  it('shows a Professional-only feature without Free', () => {
    const { getByLabelText } = render(<ProductBadge ee pro cloudEnterprise />);
    const text = getByLabelText('Availability').textContent ?? '';
    expect(text).not.toContain('Cloud Free');
    expect(text).toBe('Available on:Self-hosted EECloud ProfessionalCloud Enterprise');
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

describe('runOperation (GraphiQLIDE live editor)', () => {
  const ok = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  it('posts the operation and variables and pretty-prints the reply', async () => {
    const fetchImpl = ok({ data: { authors: [] } });
    const r = await runOperation(
      'http://e/v1/graphql',
      'query { authors { id } }',
      '{"n": 1}',
      '{"x-hasura-role": "user"}',
      fetchImpl as unknown as typeof fetch,
    );
    expect(r).toEqual({ ok: true, body: JSON.stringify({ data: { authors: [] } }, null, 2) });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ query: 'query { authors { id } }', variables: { n: 1 } });
    expect((init.headers as Record<string, string>)['x-hasura-role']).toBe('user');
  });
  it('reports bad variables, bad headers, non-JSON replies and network failures', async () => {
    const f = ok({}) as unknown as typeof fetch;
    expect(await runOperation('u', 'q', '{', '', f)).toEqual({ ok: false, error: 'Variables are not valid JSON.' });
    expect(await runOperation('u', 'q', '', '{', f)).toEqual({ ok: false, error: 'Headers are not valid JSON.' });
    const html = vi.fn(async () => new Response('<html>', { status: 502 })) as unknown as typeof fetch;
    expect(await runOperation('u', 'q', '', '', html)).toEqual({
      ok: false,
      error: 'HTTP 502: the endpoint did not answer with JSON.',
    });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await runOperation('http://e', 'q', '', '', down)).toEqual({
      ok: false,
      error: 'Could not reach http://e: Failed to fetch',
    });
  });
});
