import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat completions endpoint: it speaks the
 * same HTTP streaming protocol (server-sent events of chat.completion.chunk objects,
 * ending with `data: [DONE]`), and can be told to fail in the ways real endpoints do.
 */

export type Behaviour =
  | { kind: 'stream'; tokens: string[]; delayMs?: number }
  /** Sends some tokens, then drops the connection. */
  | { kind: 'cut'; tokens: string[] }
  | { kind: 'status'; status: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Answers 200 and then sends an error event, as some providers do mid-stream. */
  | { kind: 'error-event' };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    [key: string]: unknown;
  };
  /** Resolves when the client closes the request's connection. */
  closed: Promise<void>;
}

const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const chunk = (content: string) =>
  event({
    id: 'chatcmpl-standin',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'stand-in',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });

export async function startStandIn() {
  let behaviour: Behaviour = { kind: 'stream', tokens: ['Hello'] };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw), closed });
    const b = behaviour;
    if (b.kind === 'status') {
      res.writeHead(b.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'stand-in failure' } }));
      return;
    }
    if (b.kind === 'hang') return;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(': stand-in comment line\n\n');
    res.write(event({ choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] }));
    if (b.kind === 'error-event') {
      res.end(event({ error: { message: 'model overloaded' } }));
      return;
    }
    for (const token of b.tokens) {
      if (res.destroyed) return;
      res.write(chunk(token));
      if (b.kind === 'stream' && b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
    }
    if (b.kind === 'cut') {
      // Give the bytes a moment to leave, then drop the connection mid-stream.
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.write(event({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next: Behaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type StandIn = Awaited<ReturnType<typeof startStandIn>>;
