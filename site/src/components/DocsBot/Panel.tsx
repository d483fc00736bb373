import React, {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation } from '@docusaurus/router';
import { useActivePluginAndVersion } from '@docusaurus/plugin-content-docs/client';
import { CURRENT_VERSION_LABEL, DESKTOP_BREAKPOINT_PX } from '../../constants';
import { botSocketUrl } from './connection';
import { useConfiguredServerUrl } from './useConfiguredServerUrl';
import { browserStorage, readerId } from './thread';
import { startersFor } from './starters';
import { isOpen, useDocsBot } from './useDocsBot';
import styles from './Panel.module.css';
import { ConnectionStatus } from './ConnectionStatus';
import { QuestionForm } from './QuestionForm';
import { TurnView } from './Turn';

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

export default function Panel({ id, open, onClose, pending, onPendingAsked }: PanelProps): ReactNode {
  // The panel is on every page; off the docs (landing, search, 404) the thread is the current version's.
  const version = useActivePluginAndVersion()?.activeVersion?.label ?? CURRENT_VERSION_LABEL;
  const { pathname } = useLocation();
  const configured = useConfiguredServerUrl();
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
