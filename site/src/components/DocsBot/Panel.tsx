import React, {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useLocation } from '@docusaurus/router';
import { useActivePluginAndVersion } from '@docusaurus/plugin-content-docs/client';
import CodeBlock from '@theme/CodeBlock';
import { BASE_URL, CURRENT_VERSION_LABEL, DESKTOP_BREAKPOINT_PX } from '../../constants';
import { SEARCH_PAGE_URL } from '../../plugins/search/paths';
import { botSocketUrl, type ConnectionState } from './connection';
import Markdown, { safeHref, type MarkdownComponents } from './markdown';
import { charCount, MAX_COMMENT_CHARS, MAX_QUESTION_CHARS } from './protocol';
import { browserStorage, readerId, type Turn } from './thread';
import { startersFor } from './starters';
import { isOpen, questionProblem, useDocsBot } from './useDocsBot';
import styles from './Panel.module.css';

/** The chat panel, loaded on first use of the launcher (see index.tsx). */

export interface PanelProps {
  id: string;
  open: boolean;
  /** Closes the panel and gives focus back to the launcher. */
  onClose: () => void;
  /** A question handed over from elsewhere (the search dialog), asked once the bot is connected. */
  pending?: string;
  /** Called when the pending question has been asked. */
  onPendingAsked?: () => void;
}

/** Site pages navigate inside the app; other addresses are ordinary links, external ones in a new tab. */
function BotLink({ href, children }: { href: string; children: ReactNode }): ReactNode {
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

export default function Panel({ id, open, onClose, pending, onPendingAsked }: PanelProps): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  // The panel is on every page; off the docs (landing, search, 404) the thread is the current version's.
  const version = useActivePluginAndVersion()?.activeVersion?.label ?? CURRENT_VERSION_LABEL;
  const { pathname } = useLocation();
  const configured = String(siteConfig.customFields?.docsServerUrl ?? '');
  const url = useMemo(
    () => botSocketUrl(configured, window.location, { version, userId: readerId(browserStorage()) }),
    [configured, version],
  );
  const bot = useDocsBot(version, url);
  const { thread, connection, notice } = bot.state;
  const titleId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const followLog = useRef(true);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // A question from the search dialog is asked as soon as the connection allows.
  useEffect(() => {
    if (pending === undefined || connection.kind !== 'connected') return;
    if (!bot.ask(pending)) onPendingAsked?.();
  }, [pending, connection.kind, bot, onPendingAsked]);

  // Keep the newest text in view while it streams, unless the reader scrolled up to read.
  useEffect(() => {
    if (followLog.current && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [thread.turns]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  // On narrow screens the panel covers the page, so following a link to a page closes it.
  const onLogClick = (event: MouseEvent) => {
    const anchor = (event.target as Element).closest('a');
    if (anchor && !anchor.target && window.matchMedia(`(max-width: ${DESKTOP_BREAKPOINT_PX}px)`).matches) onClose();
  };

  const busy = thread.turns.some(isOpen);

  return (
    <section
      id={id}
      className={styles.panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Docs assistant
        </h2>
        <button
          type="button"
          className={styles.headerButton}
          onClick={() => {
            bot.clear();
            input.current?.focus();
          }}
          disabled={thread.turns.length === 0}
        >
          Clear conversation
        </button>
        <button type="button" className={styles.close} aria-label="Close the docs assistant" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <ConnectionStatus state={connection} onRetry={bot.reconnectNow} />

      <div
        ref={log}
        className={styles.log}
        role="log"
        aria-label="Conversation"
        aria-busy={busy}
        tabIndex={0}
        onClick={onLogClick}
        onScroll={(event) => {
          const el = event.currentTarget;
          followLog.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        {thread.turns.length === 0 ? (
          <>
            <p className={styles.intro}>
              Ask a question about Hasura GraphQL Engine v2.x. Answers are drawn from these docs and link to the pages
              they come from.
            </p>
            <Starters questions={startersFor(pathname)} onAsk={bot.ask} />
          </>
        ) : (
          thread.turns.map((turn, index) => (
            <TurnView
              key={index}
              turn={turn}
              onRetry={() => bot.retry(index)}
              onFeedback={(rating, comment) => bot.sendFeedback(turn.id, rating, comment)}
            />
          ))
        )}
        {notice && (
          <p className={styles.problem} role="alert">
            {notice}
          </p>
        )}
      </div>

      <QuestionForm inputRef={input} onAsk={bot.ask} />
    </section>
  );
}

/** Questions to start with, fitting the page the reader is on. */
function Starters({
  questions,
  onAsk,
}: {
  questions: string[];
  onAsk: (question: string) => string | undefined;
}): ReactNode {
  const titleId = useId();
  const [problem, setProblem] = useState<string>();
  return (
    <div className={styles.starters}>
      <p id={titleId} className={styles.startersTitle}>
        Try asking
      </p>
      <ul aria-labelledby={titleId}>
        {questions.map((question) => (
          <li key={question}>
            <button type="button" className={styles.starter} onClick={() => setProblem(onAsk(question))}>
              {question}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<ConnectionState['kind'], string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Connection lost. Reconnecting…',
  unreachable: 'The docs assistant is unreachable.',
};

function ConnectionStatus({ state, onRetry }: { state: ConnectionState; onRetry: () => void }): ReactNode {
  return (
    <div className={styles.status} role="status" data-state={state.kind}>
      <span className={styles.statusDot} aria-hidden="true" />
      <span>
        {STATUS_TEXT[state.kind]}
        {state.kind === 'unreachable' && (
          <>
            {' '}
            It keeps trying to reconnect; meanwhile you can <BotLink href={SEARCH_PAGE_URL}>search the docs</BotLink>.
          </>
        )}
      </span>
      {state.kind === 'unreachable' && (
        <button type="button" className={styles.linkButton} onClick={onRetry}>
          Try again now
        </button>
      )}
    </div>
  );
}

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

function TurnView({
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

function QuestionForm({
  inputRef,
  onAsk,
}: {
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  onAsk: (question: string) => string | undefined;
}): ReactNode {
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const counterId = useId();
  const problemId = useId();
  const chars = charCount(question);
  const over = chars > MAX_QUESTION_CHARS;
  // Too long is said at once; other problems only when the reader tries to send.
  const shown = over ? questionProblem(question) : problem;

  const send = () => {
    const refused = onAsk(question);
    setProblem(refused);
    if (!refused) setQuestion('');
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Your question
      </label>
      <textarea
        id={inputId}
        ref={inputRef}
        className={styles.input}
        rows={2}
        value={question}
        placeholder="Ask about Hasura GraphQL Engine v2.x"
        aria-describedby={shown ? `${counterId} ${problemId}` : counterId}
        aria-invalid={over}
        onChange={(event) => {
          setQuestion(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className={styles.formRow}>
        <span id={counterId} className={clsx(styles.counter, over && styles.counterOver)}>
          {chars} / {MAX_QUESTION_CHARS}
          <span className="visually-hidden"> characters</span>
        </span>
        <button type="submit" className={styles.send}>
          Send
        </button>
      </div>
      {shown && (
        <p id={problemId} className={styles.problem} role="alert">
          {shown}
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
