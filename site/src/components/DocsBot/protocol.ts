// The wire protocol is defined once, in the docs-server package (docs-server/protocol); the widget uses
// the same types, limits and frame validator. It has no dependencies, so the bundler takes just that file.
export {
  charCount,
  MAX_COMMENT_CHARS,
  MAX_FRAME_BYTES,
  MAX_HISTORY_TURNS,
  MAX_QUESTION_CHARS,
  parseServerFrame,
} from 'docs-server/protocol';
export type {
  ClientFrame,
  ErrorCode,
  FeedbackFrame,
  HistoryTurn,
  QueryFrame,
  ServerFrame,
  Source,
} from 'docs-server/protocol';
