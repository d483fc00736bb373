import { expect, test } from 'vitest';
import { SEARCH_SUGGESTIONS } from '../../constants';
import { latestInOrder, modalSearchClient, type DocSearchClient } from './searchClient';

function hostedClient(results: Array<{ nbHits: number; suggestions?: string[] }>) {
  const requests: unknown[] = [];
  const client: DocSearchClient = {
    search: async (request) => {
      requests.push(request);
      return { results };
    },
    addAlgoliaAgent: () => undefined,
    transporter: { algoliaAgent: { value: 'hosted', add: () => undefined } },
  };
  return { client, requests };
}

test('hosted: requests pass through unchanged; a query with no hits gets suggestions', async () => {
  const { client, requests } = hostedClient([{ nbHits: 0 }, { nbHits: 3 }]);
  const request = { requests: [{ indexName: 'docs', query: 'zzz' }] };
  const { results } = await modalSearchClient('APP', client).search(request);
  expect(requests).toEqual([request]);
  expect(results[0]!.suggestions).toEqual(SEARCH_SUGGESTIONS);
  expect(results[1]!.suggestions).toBeUndefined();
});

test('hosted: suggestions the backend already returned are kept', async () => {
  const { client } = hostedClient([{ nbHits: 0, suggestions: ['claims'] }]);
  const { results } = await modalSearchClient('APP', client).search({});
  expect(results[0]!.suggestions).toEqual(['claims']);
});

test('embedded: the hosted client is never called', async () => {
  const { client, requests } = hostedClient([{ nbHits: 1 }]);
  const modal = modalSearchClient('embedded', client);
  // In Node the embedded client cannot load the browser index; the call fails without touching `client`.
  await expect(modal.search({ requests: [{ indexName: 'docs', query: 'jwt' }] })).rejects.toThrow();
  expect(requests).toEqual([]);
});

test('searches run one at a time, in order, and a superseded one answers with the last response', async () => {
  const started: number[] = [];
  const pending: Array<() => void> = [];
  const search = latestInOrder(
    (request) =>
      new Promise((resolve) => {
        const n = (request as { n: number }).n;
        started.push(n);
        pending.push(() => resolve({ results: [{ nbHits: n }] }));
      }),
  );
  const first = search({ n: 1 });
  await new Promise((r) => setTimeout(r, 10)); // the first starts before the next keystrokes
  const second = search({ n: 2 });
  const third = search({ n: 3 });
  await new Promise((r) => setTimeout(r, 10));
  expect(started).toEqual([1]); // one at a time
  pending[0]!();
  await expect(first).resolves.toEqual({ results: [{ nbHits: 1 }] });
  await expect(second).resolves.toEqual({ results: [{ nbHits: 1 }] }); // superseded by 3: skipped
  await new Promise((r) => setTimeout(r, 10));
  expect(started).toEqual([1, 3]);
  pending[1]!();
  await expect(third).resolves.toEqual({ results: [{ nbHits: 3 }] });
});

test('searches made before the first one starts collapse into the newest', async () => {
  const started: number[] = [];
  const search = latestInOrder(async (request) => {
    started.push((request as { n: number }).n);
    return { results: [] };
  });
  await Promise.all([search({ n: 1 }), search({ n: 2 }), search({ n: 3 })]);
  expect(started).toEqual([3]);
});

test('a failed search does not block the next one', async () => {
  let call = 0;
  const search = latestInOrder(async () => {
    if (call++ === 0) throw new Error('network');
    return { results: [] };
  });
  await expect(search({})).rejects.toThrow('network');
  await expect(search({})).resolves.toEqual({ results: [] });
});
