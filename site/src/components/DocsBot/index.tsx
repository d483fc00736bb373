import React, { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DOCS_BOT_ASK_EVENT } from './settings';
import type { PanelProps } from './Panel';
import styles from './styles.module.css';

/**
 * The docs assistant's launcher, on every page (through the Root wrapper). It is only a button:
 * the chat panel, its Markdown renderer and the websocket client are a separate chunk, fetched
 * the first time the button is used, or when another part of the site hands it a question.
 */

const PANEL_ID = 'docsbot-panel';

// Other parts of the site ask the assistant a question with DOCS_BOT_ASK_EVENT ("docsbot:ask"),
// e.g. the search dialog's "Ask the docs assistant":
// `window.dispatchEvent(new CustomEvent(DOCS_BOT_ASK_EVENT, { detail: { question } }))`.

function loadPanel(retry: () => void) {
  return lazy(() =>
    import(/* webpackChunkName: "docsbot-panel" */ './Panel').catch(() => ({
      // The chunk did not arrive (offline, or a deploy replaced it): say so and offer another try.
      default: function PanelLoadFailed({ onClose }: PanelProps): ReactNode {
        return (
          <div className={styles.loadFailed} role="alert">
            The docs assistant could not be loaded. Check your connection and{' '}
            <button type="button" className="button button--link button--sm" onClick={retry}>
              try again
            </button>{' '}
            <button type="button" className="button button--link button--sm" onClick={onClose}>
              Close
            </button>
          </div>
        );
      },
    })),
  );
}

export default function DocsBot(): ReactNode {
  const [open, setOpen] = useState(false);
  // 0 until first used; each failed load of the panel's chunk can be retried with a new attempt.
  const [attempt, setAttempt] = useState(0);
  const launcher = useRef<HTMLButtonElement>(null);
  const Panel = useMemo(() => (attempt > 0 ? loadPanel(() => setAttempt((n) => n + 1)) : undefined), [attempt]);
  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);
  // A question handed over by another part of the site, until the panel has asked it.
  const [pending, setPending] = useState<string>();
  const asked = useCallback(() => setPending(undefined), []);

  // On a phone the launcher would sit on the text being read: it steps aside while the reader scrolls
  // down and comes back when they scroll up (styles.module.css applies this below the desktop width).
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 8) return;
      setTucked(y > last && y > 80);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const onAsk = (event: Event) => {
      const question = (event as CustomEvent<{ question?: unknown }>).detail?.question;
      if (typeof question !== 'string' || question.trim() === '') return;
      setPending(question.trim());
      setAttempt((n) => n || 1);
      setOpen(true);
    };
    window.addEventListener(DOCS_BOT_ASK_EVENT, onAsk);
    return () => window.removeEventListener(DOCS_BOT_ASK_EVENT, onAsk);
  }, []);

  return (
    <>
      <button
        ref={launcher}
        type="button"
        className={styles.launcher}
        data-tucked={tucked && !open ? 'true' : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={Panel ? PANEL_ID : undefined}
        onClick={() => {
          setAttempt((n) => n || 1);
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6v2h2V9H7zm4 0v2h2V9h-2zm4 0v2h2V9h-2z"
          />
        </svg>
        Ask the docs
      </button>
      {Panel && (
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Loading the assistant…
            </p>
          }
        >
          <Panel id={PANEL_ID} open={open} onClose={close} pending={pending} onPendingAsked={asked} />
        </Suspense>
      )}
    </>
  );
}
