// The docs assistant's settings: the widget in this folder, the server in docs-server/.

export const DOCS_BOT = {
  /** The websocket's same-origin path, used when DOCS_SERVER_URL is not set at build time. */
  socketPath: '/docs-services/docs-server/bot/query',
  /** Reconnect delays grow exponentially from the base and stop growing at the cap. */
  reconnectBaseMs: 500,
  reconnectMaxMs: 10_000,
  /** After this many failed attempts in a row the panel says the assistant is unreachable (it keeps trying). */
  unreachableAfterFailures: 4,
  /** Earlier turns sent along with a question, so follow-ups are understood. */
  historyTurns: 6,
  /** Turns kept in localStorage; older ones are dropped. */
  maxStoredTurns: 40,
  /** Storage key of the thread, one per docs version: this prefix + the version label (e.g. "v2.x"). */
  threadStoragePrefix: 'docsbot.thread.',
  /** Storage key of the anonymous reader id, sent to the server as `userId`. */
  userIdStorageKey: 'docsbot.user',
} as const;

/** The event the search dialog dispatches on window to hand its query to the assistant's panel. */
export const DOCS_BOT_ASK_EVENT = 'docsbot:ask';
