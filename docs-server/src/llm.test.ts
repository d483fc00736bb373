import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, startServer, TestClient, type Running } from '../test/helpers.js';
import { startStandIn, type StandIn } from '../test/llm-stand-in.js';
import { CUT_OFF_NOTE, FALLBACK_NOTE } from './answer.js';
import type { LlmConfig } from './config.js';
import { loadCorpusFile } from './corpus.js';
import { buildMessages, LlmError, sseData, streamChat } from './llm.js';
import { analyzeQuery, search } from './rank.js';

async function* bytes(...pieces: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) yield typeof piece === 'string' ? new TextEncoder().encode(piece) : piece;
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('sseData', () => {
  it('reads events split anywhere, with CRLF or LF line ends, skipping comments', async () => {
    const euro = new TextEncoder().encode('data: {"t":"€"}\r\n\r\n');
    const events = await collect(
      sseData(
        bytes(
          ': comment\n\n',
          'data: one\n',
          '\ndata: tw',
          'o\r',
          '\n\r\n',
          euro.slice(0, 11), // cuts the € in half
          euro.slice(11),
          'event: x\ndata: a\ndata: b\n\n',
          'data: last',
        ),
      ),
    );
    expect(events).toEqual(['one', 'two', '{"t":"€"}', 'a\nb', 'last']);
  });
});

describe('buildMessages', () => {
  it('numbers the passages with their titles and URLs, adds the thread, and ends with the question', async () => {
    const { index } = await loadCorpusFile(FIXTURE_CORPUS);
    const hits = search(index, analyzeQuery(index, 'own rows'), 2);
    const history = [1, 2, 3, 4].map((n) => ({ q: `question ${n}`, a: `answer ${n}` }));
    const messages = buildMessages('how do I let users only see their own rows?', hits, history);
    const system = messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('using ONLY the numbered passages');
    expect(system.content).toContain(
      '[1] Row-level permissions › Using session variables (/docs/2.0/auth/authorization/permissions/row-level-permissions/#using-session-variables)',
    );
    expect(system.content).toContain('```yaml\ntable:\n  name: articles');
    expect(system.content).toContain('[2] ');
    expect(system.content).not.toContain('[3] ');
    // The last three turns, oldest first, then the question.
    expect(messages.slice(1).map((m) => `${m.role}:${m.content}`)).toEqual([
      'user:question 2',
      'assistant:answer 2',
      'user:question 3',
      'assistant:answer 3',
      'user:question 4',
      'assistant:answer 4',
      'user:how do I let users only see their own rows?',
    ]);
  });
});

describe('streamChat against the stand-in', () => {
  let standIn: StandIn;
  let llm: LlmConfig;
  beforeAll(async () => {
    standIn = await startStandIn();
    llm = { baseUrl: standIn.baseUrl, apiKey: 'test-key', model: 'stand-in-model', timeoutMs: 300, maxTokens: 100 };
  });
  afterAll(() => standIn.close());

  const run = (signal = new AbortController().signal) =>
    collect(streamChat(llm, [{ role: 'user', content: 'hi' }], signal));

  it('streams the tokens and sends an OpenAI-style request', async () => {
    standIn.behave({ kind: 'stream', tokens: ['Use ', 'row-level ', 'permissions [1].'] });
    expect(await run()).toEqual(['Use ', 'row-level ', 'permissions [1].']);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'stand-in-model', stream: true, max_tokens: 100 });
    expect(request.body.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('fails with LlmError on an HTTP error', async () => {
    standIn.behave({ kind: 'status', status: 500 });
    await expect(run()).rejects.toThrow(new LlmError('the model endpoint answered HTTP 500'));
  });

  it('fails with LlmError when the endpoint is silent past the timeout', async () => {
    standIn.behave({ kind: 'hang' });
    const started = Date.now();
    await expect(run()).rejects.toThrow('silent for 300 ms');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('fails with LlmError on an error event in the stream', async () => {
    standIn.behave({ kind: 'error-event' });
    await expect(run()).rejects.toThrow('model overloaded');
  });

  it('fails with LlmError when the endpoint cannot be reached', async () => {
    const closed = { ...llm, baseUrl: 'http://127.0.0.1:9/v1' };
    await expect(collect(streamChat(closed, [], new AbortController().signal))).rejects.toThrow(LlmError);
  });

  it('does not time out a slow stream that keeps sending', async () => {
    standIn.behave({ kind: 'stream', tokens: ['a', 'b', 'c', 'd', 'e'], delayMs: 150 });
    expect(await run()).toEqual(['a', 'b', 'c', 'd', 'e']); // 750 ms in all, 150 ms apart
  });
});

describe('LLM mode over the websocket', () => {
  let standIn: StandIn;
  let llmServer: Running;
  let composedServer: Running;
  const clients: TestClient[] = [];
  const ask = async (server: Running, id: string, question: string, history?: { q: string; a: string }[]) => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client.ask(id, question, history);
  };

  beforeAll(async () => {
    standIn = await startStandIn();
    llmServer = await startServer({
      LLM_BASE_URL: standIn.baseUrl,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'stand-in-model',
      LLM_TIMEOUT_MS: '300',
    });
    composedServer = await startServer();
  });
  beforeEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await Promise.all([llmServer.stop(), composedServer.stop(), standIn.close()]);
  });

  const question = 'how do I let users only see their own rows?';

  it('reports LLM mode in health', async () => {
    const res = await fetch(`http://127.0.0.1:${llmServer.port}/health`);
    expect(await res.json()).toMatchObject({ mode: 'llm' });
  });

  it("streams the model's tokens as chunk frames, then the passages as sources", async () => {
    const tokens = ['Add a select ', 'permission whose filter ', 'compares author_id with ', 'X-Hasura-User-Id [1].'];
    standIn.behave({ kind: 'stream', tokens });
    const history = [{ q: 'What are roles?', a: 'Every request runs with a role.' }];
    const answer = await ask(llmServer, 'm1', question, history);
    expect(answer.chunks).toEqual(tokens);
    expect(answer.frames.slice(-2).map((f) => f.type)).toEqual(['sources', 'done']);
    expect(answer.sources[0]!.url).toBe(
      '/docs/2.0/auth/authorization/permissions/row-level-permissions/#using-session-variables',
    );
    // The prompt carried the retrieved passages, the rules, the thread and the question.
    const { body, headers } = standIn.requests.at(-1)!;
    expect(headers.authorization).toBe('Bearer sk-test');
    const [system, ...rest] = body.messages;
    expect(system!.content).toContain('To let users see only their own rows, compare a column');
    expect(system!.content).toContain('Do not use anything else you know');
    answer.sources.forEach((source, i) =>
      expect(system!.content).toContain(`[${i + 1}] ${source.title} (${source.url})`),
    );
    expect(rest).toEqual([
      { role: 'user', content: 'What are roles?' },
      { role: 'assistant', content: 'Every request runs with a role.' },
      { role: 'user', content: question },
    ]);
  });

  it('does not ask the model when the docs do not answer', async () => {
    const before = standIn.requests.length;
    const answer = await ask(llmServer, 'm2', 'what is the weather in Paris?');
    expect(standIn.requests.length).toBe(before);
    expect(answer.text).toContain("I'm not sure the Hasura GraphQL Engine v2.x docs answer that");
  });

  it.each([
    ['an HTTP error', { kind: 'status', status: 503 } as const],
    ['a timeout', { kind: 'hang' } as const],
    ['an error event', { kind: 'error-event' } as const],
  ])('falls back to the composed answer, and says so, on %s', async (_name, behaviour) => {
    standIn.behave(behaviour);
    const [fallback, composed] = await Promise.all([
      ask(llmServer, 'm3', question),
      ask(composedServer, 'c3', question),
    ]);
    expect(fallback.text).toBe(FALLBACK_NOTE + composed.text);
    expect(fallback.sources).toEqual(composed.sources);
    expect(fallback.frames.at(-1)!.type).toBe('done');
    expect(llmServer.logs.some((l) => l.msg === 'llm failed, falling back to composed answer')).toBe(true);
  });

  it('keeps what the model said when it stops mid-answer, then adds the composed answer', async () => {
    standIn.behave({ kind: 'cut', tokens: ['Row-level ', 'permissions '] });
    const [cut, composed] = await Promise.all([ask(llmServer, 'm4', question), ask(composedServer, 'c4', question)]);
    expect(cut.text).toBe('Row-level permissions ' + CUT_OFF_NOTE + composed.text);
    expect(cut.sources).toEqual(composed.sources);
  });

  it('stops the model request when the reader leaves', async () => {
    standIn.behave({ kind: 'stream', tokens: Array(50).fill('word '), delayMs: 20 });
    const client = await TestClient.connect(llmServer.url);
    client.send({ type: 'query', id: 'm5', question });
    await client.until((frames) => frames.some((f) => f.type === 'chunk'));
    const request = standIn.requests.at(-1)!;
    client.ws.terminate();
    const closedInTime = await Promise.race([
      request.closed.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 500)),
    ]);
    expect(closedInTime).toBe(true);
    expect(llmServer.server.stats().inFlight).toBe(0);
  });
});
