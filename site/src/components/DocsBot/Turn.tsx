// One question and its answer in the assistant's panel: the answer's Markdown with site links, its
// sources, copying it, and the reader's feedback.
import React, { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import { BASE_URL } from '../../constants';
import Markdown, { safeHref, type MarkdownComponents } from './markdown';
import { charCount, MAX_COMMENT_CHARS } from './protocol';
import { type Turn } from './thread';
import styles from './Panel.module.css';

/** Site pages navigate inside the app; other addresses are ordinary links, external ones in a new tab. */
export function BotLink({ href, children }: { href: string; children: ReactNode }): ReactNode {
  if (href.startsWith(BASE_URL)) return <Link to={href}>{children}</Link>;
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <a href={href}>{children}</a>;
}

const MARKDOWN: MarkdownComponents = {
  link: ({ href, children }) => <BotLink href={href}>{children}</BotLink>,
  code: ({ language, code }) => <CodeBlock language={language || undefined}>{code}</CodeBlock>,
};

/** Re-renders when `at` (epoch ms) passes; for buttons that wait out a retry delay. */
function useTimePassed(at: number | undefined): boolean {
  const [passed, setPassed] = useState(() => at === undefined || at <= Date.now());
  useEffect(() => {
    const wait = at === undefined ? 0 : at - Date.now();
    setPassed(wait <= 0);
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setPassed(true), wait);
    return () => clearTimeout(timer);
  }, [at]);
  return passed;
}

export function TurnView({
  turn,
  onRetry,
  onFeedback,
}: {
  turn: Turn;
  onRetry: () => string | undefined;
  onFeedback: (rating: 'up' | 'down', comment?: string) => void;
}): ReactNode {
  const sourcesId = useId();
  const [retryProblem, setRetryProblem] = useState<string>();
  const canRetry = useTimePassed(turn.error?.retryAt);
  return (
    <article className={styles.turn} data-status={turn.status}>
      <p className={styles.question}>
        <span className="visually-hidden">You asked: </span>
        {turn.question}
      </p>
      <div className={styles.answer}>
        <span className="visually-hidden">Assistant: </span>
        {turn.status === 'waiting' && <p className={styles.thinking}>Looking through the docs…</p>}
        {turn.answer && <Markdown text={turn.answer} components={MARKDOWN} />}
        {turn.status === 'streaming' && <span className={styles.cursor} aria-hidden="true" />}
        {turn.sources.length > 0 && (
          <div className={styles.sources}>
            <p id={sourcesId} className={styles.sourcesTitle}>
              Sources
            </p>
            <ol aria-labelledby={sourcesId}>
              {turn.sources.map((source, i) => {
                const href = safeHref(source.url);
                return <li key={i}>{href ? <BotLink href={href}>{source.title}</BotLink> : source.title}</li>;
              })}
            </ol>
          </div>
        )}
        {turn.status === 'failed' && turn.error && (
          <div className={styles.failed} role="alert">
            <p>
              {turn.error.message}
              {!canRetry && ' You can ask again in a moment.'}
            </p>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={!canRetry}
              onClick={() => setRetryProblem(onRetry())}
            >
              Try again
            </button>
            {retryProblem && <p className={styles.problem}>{retryProblem}</p>}
          </div>
        )}
        {turn.status === 'done' && (
          <div className={styles.actions}>
            <CopyAnswer text={turn.answer} />
            <Feedback turn={turn} onSend={onFeedback} />
          </div>
        )}
      </div>
    </article>
  );
}

/** Copies the answer's Markdown, as it was written, to the clipboard. */
function CopyAnswer({ text }: { text: string }): ReactNode {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    // The clipboard API is missing on insecure origins and may be refused; say so.
    const write = navigator.clipboard?.writeText(text);
    if (!write) return setState('failed');
    write.then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <button type="button" className={styles.thumb} onClick={copy}>
        Copy answer
      </button>
      <span className={styles.copyStatus} role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy; select the text instead.' : ''}
      </span>
    </>
  );
}

function Feedback({
  turn,
  onSend,
}: {
  turn: Turn;
  onSend: (rating: 'up' | 'down', comment?: string) => void;
}): ReactNode {
  const [writing, setWriting] = useState(false);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const counterId = useId();
  if (turn.feedback === 'sent') {
    return (
      <p className={styles.feedbackSent} role="status">
        Thanks, your feedback was sent.
      </p>
    );
  }
  if (!writing) {
    // Labelled in words, with a drawn thumb: an emoji shows as a box where no emoji font is installed.
    return (
      <>
        <button
          type="button"
          className={styles.thumb}
          disabled={turn.feedback === 'sending'}
          onClick={() => onSend('up')}
        >
          <Thumb /> Helpful
        </button>
        <button type="button" className={styles.thumb} onClick={() => setWriting(true)}>
          <Thumb down /> Not helpful
        </button>
        {turn.feedbackError && (
          <p className={styles.problem} role="alert">
            {turn.feedbackError}
          </p>
        )}
      </>
    );
  }
  const chars = charCount(comment);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend('down', comment);
  };
  return (
    <form className={styles.feedback} onSubmit={submit} aria-label="Feedback on this answer">
      <label htmlFor={commentId}>What was wrong or missing? (optional)</label>
      <textarea
        id={commentId}
        rows={2}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        aria-describedby={counterId}
        aria-invalid={chars > MAX_COMMENT_CHARS}
        autoFocus
      />
      <div className={styles.formRow}>
        <span id={counterId} className={clsx(styles.counter, chars > MAX_COMMENT_CHARS && styles.counterOver)}>
          {chars} / {MAX_COMMENT_CHARS}
        </span>
        <button type="button" className="button button--link button--sm" onClick={() => setWriting(false)}>
          Cancel
        </button>
        <button type="submit" className="button button--secondary button--sm" disabled={turn.feedback === 'sending'}>
          {turn.feedback === 'sending' ? 'Sending…' : 'Send feedback'}
        </button>
      </div>
      {turn.feedbackError && (
        <p className={styles.problem} role="alert">
          {turn.feedbackError}
        </p>
      )}
    </form>
  );
}

/** A thumb drawn in the text colour (up, or turned down), so no emoji font is needed. */
function Thumb({ down = false }: { down?: boolean }): React.ReactNode {
  return (
    <svg
      className={styles.thumbIcon}
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M7 10v11H3V10zm0 0 4-8c1.7 0 3 1.3 3 3v4h5.5a2 2 0 0 1 2 2.4l-1.6 8A2 2 0 0 1 17.9 21H7"
      />
    </svg>
  );
}
