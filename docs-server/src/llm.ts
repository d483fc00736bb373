import type { LlmConfig } from './config.js';
import { blocksOf, sourceTitle } from './lead.js';
import type { Hit } from './rank.js';
import type { HistoryTurn } from './protocol.js';

/**
 * LLM mode: an OpenAI-compatible chat completions endpoint, streamed (server-sent
 * events). The model sees only the retrieved passages and is told to answer from them.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export class LlmError extends Error {
  override name = 'LlmError';
}

const MAX_PASSAGE_CHARS = 2400;
const MAX_HISTORY_TURNS = 3;
const MAX_HISTORY_CHARS = 1500;

const RULES = `You are the assistant of the Hasura GraphQL Engine v2.x documentation.
Answer the user's question using ONLY the numbered passages below. Do not use anything else you know.
Cite the passages you use with their numbers in square brackets, like [1] or [2][3].
If the passages do not contain the answer, say plainly that the docs you were given do not answer it and suggest searching the docs; do not guess.
Be short and direct. Use Markdown. When a passage has a code example that answers the question, include it in a fenced code block with its language.`;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The prompt: rules and passages, a few earlier turns of the thread, then the question. */
export function buildMessages(question: string, passages: Hit[], history: HistoryTurn[] = []): ChatMessage[] {
  // Each passage as the docs write it (Markdown: lists, tables, code with its language), so the
  // model can quote steps and examples well-formed.
  const numbered = passages.map((hit, i) => {
    const s = hit.section;
    return `[${i + 1}] ${sourceTitle(s)} (${s.url})\n${clip(blocksOf(s).join('\n\n'), MAX_PASSAGE_CHARS)}`;
  });
  const messages: ChatMessage[] = [{ role: 'system', content: `${RULES}\n\nPassages:\n\n${numbered.join('\n\n')}` }];
  for (const turn of history.slice(-MAX_HISTORY_TURNS)) {
    messages.push({ role: 'user', content: clip(turn.q, MAX_HISTORY_CHARS) });
    messages.push({ role: 'assistant', content: clip(turn.a, MAX_HISTORY_CHARS) });
  }
  messages.push({ role: 'user', content: question });
  return messages;
}

/** Reads server-sent events from a byte stream and yields each event's data. */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    // Lines end with \n, \r\n or \r; a trailing \r may be half of a \r\n, so wait for more.
    let match: RegExpExecArray | null;
    const lineEnd = /\r\n|\n|\r(?=[^\n])/g;
    let consumed = 0;
    while ((match = lineEnd.exec(buffer)) !== null) {
      const line = buffer.slice(consumed, match.index);
      consumed = match.index + match[0].length;
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      } // other fields (event:, id:, retry:) and comments (":") are not used by chat completions
    }
    buffer = buffer.slice(consumed);
  }
  buffer += decoder.decode();
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
  if (data.length > 0) yield data.join('\n');
}

/**
 * Streams the model's answer, token by token. Throws LlmError when the endpoint fails,
 * answers with an error, or is silent for longer than timeoutMs (before the response
 * starts or between two pieces of it). An abort of `signal` (the reader left) stops it.
 */
export async function* streamChat(
  llm: LlmConfig,
  messages: ChatMessage[],
  signal: AbortSignal,
): AsyncGenerator<string> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, llm.timeoutMs);
  };
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  arm();
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (llm.apiKey) headers.authorization = `Bearer ${llm.apiKey}`;
    const response = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: llm.model,
        messages,
        stream: true,
        temperature: 0.2,
        max_tokens: llm.maxTokens,
      }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new LlmError(`the model endpoint answered HTTP ${response.status}`);
    }
    arm();
    for await (const data of sseData(withProgress(response.body, arm))) {
      if (data.trim() === '[DONE]') return;
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        throw new LlmError('the model endpoint sent an event that is not JSON');
      }
      const parsed = event as { error?: { message?: string }; choices?: { delta?: { content?: unknown } }[] };
      if (parsed.error)
        throw new LlmError(`the model endpoint reported an error: ${parsed.error.message ?? 'unknown'}`);
      const content = parsed.choices?.[0]?.delta?.content;
      if (typeof content === 'string' && content !== '') yield content;
    }
  } catch (err) {
    if (signal.aborted) throw err;
    if (timedOut) throw new LlmError(`the model endpoint was silent for ${llm.timeoutMs} ms`);
    if (err instanceof LlmError) throw err;
    throw new LlmError(`the model endpoint could not be reached: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/** Passes bytes through, calling `onData` for each piece (to re-arm the silence timer). */
async function* withProgress(body: AsyncIterable<Uint8Array>, onData: () => void): AsyncGenerator<Uint8Array> {
  for await (const bytes of body) {
    onData();
    yield bytes;
  }
}
