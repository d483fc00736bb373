// How "Try it" talks to the reader's engine: the GraphiQL fetcher, the ways a request fails before any
// GraphQL answer (mapped to a problem the editor explains), and the endpoint remembered between examples.
import { createGraphiQLFetcher, type Fetcher, type FetcherOpts, type FetcherParams } from '@graphiql/toolkit';
import { getOperationAST } from 'graphql';

export const DEFAULT_ENDPOINT = 'http://localhost:8080/v1/graphql';
/** Storage key of the endpoint a reader last ran an example against (kept unless it is the default). */
export const ENDPOINT_STORAGE_KEY = 'tryit.endpoint';

/** Why no GraphQL answer came back. */
export type EngineProblem =
  /** The request failed before any reply: nothing listening, a CORS refusal, DNS, mixed content. The browser tells no more. */
  | { kind: 'unreachable'; endpoint: string; detail: string }
  /** Something answered, but not with JSON: a web server or proxy, not the engine's GraphQL endpoint. */
  | { kind: 'not-json'; endpoint: string; status: number };

export class EngineProblemError extends Error {
  constructor(readonly problem: EngineProblem) {
    super(describeProblem(problem));
    this.name = 'EngineProblemError';
  }
}

/** One line for the response pane; the editor shows the full explanation with links beside it. */
export function describeProblem(problem: EngineProblem): string {
  return problem.kind === 'unreachable'
    ? `No GraphQL engine answered at ${problem.endpoint} (${problem.detail}). ` +
        'Nothing may be listening there, or the engine does not allow this page in HASURA_GRAPHQL_CORS_DOMAIN.'
    : `${problem.endpoint} answered with HTTP ${problem.status} but not with JSON: it is not a GraphQL endpoint.`;
}

/**
 * `fetch` for GraphiQL's toolkit that turns a failed request or a non-JSON reply into an
 * EngineProblemError (the toolkit would surface "Failed to fetch" or a JSON syntax error).
 */
export function guardedFetch(endpoint: string, fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (e) {
      throw new EngineProblemError({ kind: 'unreachable', endpoint, detail: (e as Error)?.message || String(e) });
    }
    const text = await response.text();
    try {
      JSON.parse(text);
    } catch {
      throw new EngineProblemError({ kind: 'not-json', endpoint, status: response.status });
    }
    // The body was read: hand the toolkit an unread copy.
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Headers from GraphiQL's editor, less those left empty (the prefilled admin secret, until the reader fills it). */
export function nonEmptyHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === null || value === undefined || String(value).trim() === '') continue;
    out[name] = String(value);
  }
  return out;
}

export const SUBSCRIPTIONS_UNSUPPORTED =
  'Try it runs queries and mutations only: a subscription needs a websocket to the engine. ' +
  'Run it in the Console of your engine (http://localhost:8080/console for a local one).';

/**
 * The fetcher the editor gives GraphiQL: queries and mutations over HTTP POST (the toolkit's), headers
 * without empty values. A problem is reported to `onProblem` and answered as a GraphQL error, so the
 * response pane says it in one line instead of a stack trace; a real answer reports `null`.
 */
export function createEngineFetcher(
  endpoint: string,
  {
    fetchImpl = fetch,
    onProblem = () => {},
  }: { fetchImpl?: typeof fetch; onProblem?: (p: EngineProblem | null) => void } = {},
): Fetcher {
  const fetcher = createGraphiQLFetcher({
    url: endpoint,
    fetch: guardedFetch(endpoint, fetchImpl),
    // Hasura v2 has no @defer/@stream: plain JSON replies only.
    enableIncrementalDelivery: false,
  });
  return async (params: FetcherParams, opts?: FetcherOpts) => {
    const operation = opts?.documentAST && getOperationAST(opts.documentAST, params.operationName ?? undefined);
    if (operation?.operation === 'subscription') return { errors: [{ message: SUBSCRIPTIONS_UNSUPPORTED }] };
    try {
      const result = await fetcher(params, { ...opts, headers: nonEmptyHeaders(opts?.headers) });
      onProblem(null);
      return result;
    } catch (e) {
      if (!(e instanceof EngineProblemError)) throw e;
      onProblem(e.problem);
      return { errors: [{ message: e.message }] };
    }
  };
}

/** localStorage, or undefined where it is blocked (some privacy modes throw on access). */
function local(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The endpoint the reader last used, for the next example they try. */
export function loadEndpoint(): string {
  try {
    return local()?.getItem(ENDPOINT_STORAGE_KEY) || DEFAULT_ENDPOINT;
  } catch {
    return DEFAULT_ENDPOINT;
  }
}

export function saveEndpoint(endpoint: string): void {
  try {
    if (endpoint === DEFAULT_ENDPOINT) local()?.removeItem(ENDPOINT_STORAGE_KEY);
    else local()?.setItem(ENDPOINT_STORAGE_KEY, endpoint);
  } catch {
    // Storage full or blocked: the endpoint is only not remembered.
  }
}

/**
 * GraphiQL keeps its tabs, query and headers in the storage it is given. Each example starts from its
 * own operation and nothing typed (an admin secret) outlives the page, so it gets a memory store.
 */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
