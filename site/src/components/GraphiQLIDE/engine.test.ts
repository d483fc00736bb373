import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'graphql';
import {
  DEFAULT_ENDPOINT,
  ENDPOINT_STORAGE_KEY,
  SUBSCRIPTIONS_UNSUPPORTED,
  createEngineFetcher,
  loadEndpoint,
  memoryStorage,
  nonEmptyHeaders,
  saveEndpoint,
  type EngineProblem,
} from './engine';

const ENDPOINT = 'http://localhost:8080/v1/graphql';
const QUERY = { query: '{ authors { id } }', operationName: null };

/** Runs one query through the editor's fetcher against a stubbed fetch; returns what GraphiQL gets and what the editor is told. */
async function run(fetchImpl: typeof fetch, headers?: Record<string, unknown>) {
  const problems: (EngineProblem | null)[] = [];
  const fetcher = createEngineFetcher(ENDPOINT, { fetchImpl, onProblem: (p) => problems.push(p) });
  const result = await fetcher(QUERY, { headers, documentAST: undefined });
  return { result, problems };
}

describe('the Try it fetcher', () => {
  it('posts the operation as JSON and returns the engine’s answer', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ data: { authors: [{ id: 1 }] } }));
    const { result, problems } = await run(fetchImpl as typeof fetch);
    expect(result).toEqual({ data: { authors: [{ id: 1 }] } });
    expect(problems).toEqual([null]);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ENDPOINT);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ query: QUERY.query });
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('returns GraphQL errors from the engine as they are (an answer, not a problem)', async () => {
    const errors = [{ message: 'invalid x-hasura-admin-secret/x-hasura-access-key' }];
    const { result, problems } = await run((async () => Response.json({ errors })) as typeof fetch);
    expect(result).toEqual({ errors });
    expect(problems).toEqual([null]);
  });

  it('maps a request that fails before any reply (nothing listening, CORS) to "unreachable"', async () => {
    const { result, problems } = await run((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(problems).toEqual([{ kind: 'unreachable', endpoint: ENDPOINT, detail: 'Failed to fetch' }]);
    const message = (result as { errors: { message: string }[] }).errors[0]!.message;
    expect(message).toContain(`No GraphQL engine answered at ${ENDPOINT}`);
    expect(message).toContain('HASURA_GRAPHQL_CORS_DOMAIN');
  });

  it('maps a reply that is not JSON (a web server, a proxy’s error page) to "not-json" with its status', async () => {
    const { result, problems } = await run(
      (async () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        })) as typeof fetch,
    );
    expect(problems).toEqual([{ kind: 'not-json', endpoint: ENDPOINT, status: 502 }]);
    expect((result as { errors: { message: string }[] }).errors[0]!.message).toContain('HTTP 502 but not with JSON');
  });

  it('sends the headers the reader filled in and drops the empty ones', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ data: {} }));
    await run(fetchImpl as typeof fetch, { 'x-hasura-admin-secret': '', 'x-hasura-role': 'user' });
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    const sent = init.headers as Record<string, string>;
    expect(sent['x-hasura-role']).toBe('user');
    expect('x-hasura-admin-secret' in sent).toBe(false);
  });
});

describe('subscriptions', () => {
  it('are answered with an explanation, without a request', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ data: {} }));
    const fetcher = createEngineFetcher(ENDPOINT, { fetchImpl: fetchImpl as typeof fetch });
    const query = 'subscription Live { authors { id } }';
    const result = await fetcher({ query, operationName: 'Live' }, { documentAST: parse(query) });
    expect(result).toEqual({ errors: [{ message: SUBSCRIPTIONS_UNSUPPORTED }] });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('nonEmptyHeaders', () => {
  it('keeps names with a value, as strings', () => {
    expect(nonEmptyHeaders({ a: '', b: ' ', c: 'x', d: null, e: 1 })).toEqual({ c: 'x', e: '1' });
    expect(nonEmptyHeaders(undefined)).toEqual({});
  });
});

describe('the remembered endpoint', () => {
  afterEach(() => localStorage.clear());

  it('starts at the local engine, then remembers what the reader used', () => {
    expect(loadEndpoint()).toBe(DEFAULT_ENDPOINT);
    saveEndpoint('https://my-project.hasura.app/v1/graphql');
    expect(localStorage.getItem(ENDPOINT_STORAGE_KEY)).toBe('https://my-project.hasura.app/v1/graphql');
    expect(loadEndpoint()).toBe('https://my-project.hasura.app/v1/graphql');
    saveEndpoint(DEFAULT_ENDPOINT);
    expect(localStorage.getItem(ENDPOINT_STORAGE_KEY)).toBeNull();
  });
});

describe('memoryStorage', () => {
  it('behaves like Storage and keeps nothing in localStorage', () => {
    const storage = memoryStorage();
    storage.setItem('graphiql:query', '{ a }');
    expect(storage.getItem('graphiql:query')).toBe('{ a }');
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('graphiql:query');
    storage.removeItem('graphiql:query');
    expect(storage.getItem('graphiql:query')).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
