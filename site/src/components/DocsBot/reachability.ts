// Whether the docs assistant answers from this page: the search dialog offers it first for a question only
// then (on a static host without the docs-server it stays the last option). The test is the panel's own
// websocket opening (same URL, the server's origin check, the page's Content-Security-Policy), closed at
// once. One answer per page load; a failed probe is tried again after a while, a server can come back.
import { CURRENT_VERSION_LABEL } from '../../constants';
import { botSocketUrl } from './connection';

/** How long a probe waits for the socket to open. */
export const PROBE_TIMEOUT_MS = 3000;
/** After a failed probe, the next one waits this long. */
const RETRY_AFTER_MS = 30_000;

/** What a probe needs of a WebSocket. */
export type ProbeSocket = Pick<WebSocket, 'onopen' | 'onerror' | 'close'>;

/** Opens a socket to `url` and resolves true when it opens, false on an error, a refusal or the timeout. */
export function probeSocket(
  url: string,
  open: (url: string) => ProbeSocket = (to) => new WebSocket(to),
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    let socket: ProbeSocket | undefined;
    const finish = (reachable: boolean) => {
      clearTimeout(timer);
      if (socket) {
        socket.onopen = socket.onerror = null;
        socket.close();
      }
      resolve(reachable);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    try {
      socket = open(url);
    } catch {
      finish(false);
      return;
    }
    socket.onopen = () => finish(true);
    socket.onerror = () => finish(false);
  });
}

let last: { answer: Promise<boolean>; failedAt?: number } | undefined;

/** The socket a probe opens: the panel's, with DOCS_SERVER_URL from the build (`configured`) if set. */
export const probeUrl = (configured: string, page: { protocol: string; host: string }): string =>
  botSocketUrl(configured, page, { version: CURRENT_VERSION_LABEL, userId: 'probe' });

/** This page load's answer, probing on the first call (and again once a failure is old enough). */
export function assistantReachable(url: string, probe = probeSocket, now = Date.now): Promise<boolean> {
  if (!last || (last.failedAt !== undefined && now() - last.failedAt > RETRY_AFTER_MS)) {
    const entry: NonNullable<typeof last> = { answer: probe(url) };
    void entry.answer.then((reachable) => {
      if (!reachable) entry.failedAt = now();
    });
    last = entry;
  }
  return last.answer;
}
