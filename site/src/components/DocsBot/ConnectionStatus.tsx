// The assistant's connection as the reader sees it: connecting, reconnecting, unreachable, with Retry.
import React, { type ReactNode } from 'react';
import { SEARCH_PAGE_URL } from '../../plugins/search/paths';
import type { ConnectionState } from './connection';
import { BotLink } from './Turn';
import styles from './Panel.module.css';

const STATUS_TEXT: Record<ConnectionState['kind'], string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Connection lost. Reconnecting…',
  unreachable: 'The docs assistant is unreachable.',
};

export function ConnectionStatus({ state, onRetry }: { state: ConnectionState; onRetry: () => void }): ReactNode {
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
