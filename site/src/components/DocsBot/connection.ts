import { DOCS_BOT } from './settings';
import { parseServerFrame, type ClientFrame, type ServerFrame } from './protocol';

/**
 * The websocket to the docs-server: opens it, reconnects with capped exponential backoff
 * when it drops, and reports its state. After DOCS_BOT.unreachableAfterFailures failed
 * attempts in a row the state says "unreachable", and it keeps trying at the capped delay.
 */

export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** `failures` attempts in a row have failed; the next one starts at `retryAt` (epoch ms). */
  | { kind: 'reconnecting'; failures: number; retryAt: number }
  | { kind: 'unreachable'; failures: number; retryAt: number };

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  unreachableAfter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  baseMs: DOCS_BOT.reconnectBaseMs,
  maxMs: DOCS_BOT.reconnectMaxMs,
  unreachableAfter: DOCS_BOT.unreachableAfterFailures,
};

/**
 * The wait before the next attempt after `failures` failed ones: base × 2^(failures−1), capped
 * at maxMs, of which the second half is random, so that readers who lost the server at the
 * same moment do not all come back at the same moment.
 */
export function reconnectDelay(failures: number, { baseMs, maxMs }: BackoffOptions, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** The websocket URL: DOCS_SERVER_URL from the build if set, else the same origin as the page. */
export function botSocketUrl(
  configured: string,
  page: { protocol: string; host: string },
  params: { version: string; userId: string },
): string {
  let base: string;
  if (configured) {
    const trimmed = configured.replace(/\/+$/, '').replace(/^http/i, 'ws');
    base = trimmed.endsWith('/bot/query') ? trimmed : `${trimmed}/bot/query`;
  } else {
    base = `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${DOCS_BOT.socketPath}`;
  }
  const url = new URL(base);
  // The server takes 1 to 64 of A–Z a–z 0–9 . _ - in these.
  const token = (value: string) => value.replace(/[^\w.-]/g, '-').slice(0, 64) || '-';
  url.searchParams.set('version', token(params.version));
  url.searchParams.set('userId', token(params.userId));
  return url.toString();
}

export interface ConnectionEvents {
  onState(state: ConnectionState): void;
  onFrame(frame: ServerFrame): void;
}

export class BotConnection {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private running = false;
  state: ConnectionState = { kind: 'connecting' };

  constructor(
    private readonly url: string,
    private readonly events: ConnectionEvents,
    private readonly backoff: BackoffOptions = DEFAULT_BACKOFF,
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.retryNow);
    this.setState({ kind: 'connecting' });
    this.open();
  }

  stop(): void {
    this.running = false;
    window.removeEventListener('online', this.retryNow);
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'closed by the reader');
  }

  /** Sends a frame if connected; false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Skips the wait before the next attempt (the reader asked, or the browser came back online). */
  readonly retryNow = (): void => {
    if (!this.running || this.socket) return;
    clearTimeout(this.timer);
    this.open();
  };

  private setState(state: ConnectionState): void {
    this.state = state;
    this.events.onState(state);
  }

  private open(): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      // A malformed URL throws at once; count it like a refused connection.
      return this.failed();
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.failures = 0;
      this.setState({ kind: 'connected' });
    };
    socket.onmessage = (event: MessageEvent) => {
      if (socket !== this.socket || typeof event.data !== 'string') return;
      // The widget does not trust the wire either: frames that do not fit the protocol are dropped.
      const frame = parseServerFrame(event.data);
      if (frame) this.events.onFrame(frame);
    };
    // A failed attempt fires "error" and then "close"; a dropped connection fires "close".
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = undefined;
      if (this.running) this.failed();
    };
  }

  private failed(): void {
    this.failures++;
    const retryAt = Date.now() + reconnectDelay(this.failures, this.backoff, this.random);
    const kind = this.failures >= this.backoff.unreachableAfter ? 'unreachable' : 'reconnecting';
    this.setState({ kind, failures: this.failures, retryAt });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), retryAt - Date.now());
  }
}
