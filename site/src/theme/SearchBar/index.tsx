// The navbar's search button and shortcuts (Ctrl/Cmd+K toggles, "/" opens). The dialog itself is a
// separate chunk, loaded when the reader first points at the button or opens search, so a page's
// first-load JavaScript does not carry it.
import React, { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SEARCH_TEXTS } from './texts';
import { SearchIcon } from './parts';
import styles from './styles.module.css';

const loadDialog = () => import('./SearchDialog');
const SearchDialog = lazy(loadDialog);

/** True when "/" should type a slash rather than open search. */
function isEditing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(el.tagName)));
}

function useIsApple(): boolean {
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(/Mac|iPhone|iPad|iPod/.test(navigator.platform)), []);
  return apple;
}

export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const apple = useIsApple();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setInitialQuery('');
        setOpen((was) => !was);
      } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditing(event.target)) {
        event.preventDefault();
        setInitialQuery('');
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A letter typed on the button opens the dialog with it, as DocSearch did.
  const onButtonKeyDown = (event: React.KeyboardEvent) => {
    if (/^[a-z0-9]$/i.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      setInitialQuery(event.key);
      setOpen(true);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-keyshortcuts={apple ? 'Meta+k' : 'Control+k'}
        aria-haspopup="dialog"
        onClick={() => {
          setInitialQuery('');
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onKeyDown={onButtonKeyDown}
      >
        <SearchIcon className={styles.icon} size={18} />
        <span className={styles.placeholder}>{SEARCH_TEXTS.button}</span>
        <span className={styles.keys}>
          <kbd className={styles.key}>{apple ? '⌘' : 'Ctrl'}</kbd>
          <kbd className={styles.key}>K</kbd>
        </span>
      </button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <SearchDialog initialQuery={initialQuery} onClose={close} returnFocus={button} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
