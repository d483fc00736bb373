// The wire protocol is defined once, in the docs-server; the widget uses the same types, limits
// and frame validator. protocol.ts has no dependencies, so the bundler takes just that file.
export {
  charCount,
  MAX_COMMENT_CHARS,
  MAX_FRAME_BYTES,
  MAX_HISTORY_TURNS,
  MAX_QUESTION_CHARS,
  parseServerFrame,
} from '../../../../docs-server/src/protocol';
export type {
  ClientFrame,
  ErrorCode,
  FeedbackFrame,
  HistoryTurn,
  QueryFrame,
  ServerFrame,
  Source,
} from '../../../../docs-server/src/protocol';
