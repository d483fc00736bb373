// The search dialog: a modal with a WAI-ARIA combobox whose listbox holds the hits, grouped by
// section as DocSearch grouped them, each titled page › heading with a highlighted snippet. The
// last option (the first when the query reads as a question and the assistant answers from this page)
// hands the query to the docs assistant.
import React, { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import { DOCS_BOT_ASK_EVENT } from '@site/src/components/DocsBot/settings';
import { assistantReachable, probeUrl } from '@site/src/components/DocsBot/reachability';
import { useConfiguredServerUrl } from '@site/src/components/DocsBot/useConfiguredServerUrl';
import { SEARCH_TEXTS } from './texts';
import { contextualFilters } from '@site/src/plugins/search/backend';
import { useBackendConfig, useSearch } from '@site/src/plugins/search/client/useSearch';
import { groupHits, readsAsQuestion, type ResultItem } from '@site/src/plugins/search/client/results';
import { SearchIcon } from './parts';
import { ReportMissing } from './reportMissing';
import styles from './styles.module.css';

interface Props {
  initialQuery: string;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}

type Option = { kind: 'hit'; item: ResultItem } | { kind: 'ask' };

/** Hits the dialog asks for: enough for a screenful of grouped results. */
const HITS_PER_QUERY = 12;

/** Whether the docs assistant answers from this page: false until its probe says it does. */
function useAssistantAnswers(): boolean {
  const configured = useConfiguredServerUrl();
  const [reachable, setReachable] = useState(false);
  useEffect(() => {
    let current = true;
    void assistantReachable(probeUrl(configured, window.location)).then((answer) => current && setReachable(answer));
    return () => {
      current = false;
    };
  }, [configured]);
  return reachable;
}

/** Elements Tab may move to inside the dialog. */
const FOCUSABLE = 'a[href], button:not([disabled]), input, [tabindex]:not([tabindex="-1"])';

export default function SearchDialog({ initialQuery, onClose, returnFocus }: Props): ReactNode {
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const { locale, tags } = useContextualSearchFilters();
  const request = useMemo(
    () => ({ hitsPerPage: HITS_PER_QUERY, facetFilters: contextualFilters(locale, tags), sectionsPerPage: 3 }),
    [locale, tags],
  );
  const state = useSearch(query, request);
  const hosted = useBackendConfig().mode === 'hosted';
  const history = useHistory();
  const searchPage = useBaseUrl('search');
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const shown = state.status === 'done' || state.status === 'loading' ? state.shown : undefined;
  const response = shown?.response;
  const groups = useMemo(() => groupHits(response?.hits ?? []), [response]);
  const trimmed = query.trim();
  const assistantAnswers = useAssistantAnswers();
  const options: Option[] = useMemo(() => {
    const hits: Option[] = groups.flatMap((g) => g.items.map((item) => ({ kind: 'hit' as const, item })));
    if (!trimmed) return [];
    return assistantAnswers && readsAsQuestion(trimmed) ? [{ kind: 'ask' }, ...hits] : [...hits, { kind: 'ask' }];
  }, [groups, trimmed, assistantAnswers]);

  useEffect(() => setActive(0), [options]);

  // Focus the input on open; give focus back to where it was on close.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const fallback = returnFocus.current;
    input.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      (previous && previous !== document.body ? previous : fallback)?.focus({ preventScroll: true });
    };
  }, [returnFocus]);

  // Keep the active option in view.
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const ask = () => {
    window.dispatchEvent(new CustomEvent(DOCS_BOT_ASK_EVENT, { detail: { question: trimmed } }));
    onClose();
  };
  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === 'ask') return ask();
    history.push(option.item.path);
    onClose();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      // Focus stays inside the dialog.
      const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    } else if (event.target === input.current && options.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + options.length) % options.length);
      } else if (event.key === 'Enter') {
        event.preventDefault();
        choose(options[active]);
      }
    }
  };

  const count = response?.nbHits ?? 0;
  const noResults = state.status === 'done' && state.shown.response.hits.length === 0;
  const announce =
    state.status === 'done'
      ? noResults
        ? `${SEARCH_TEXTS.noResults} "${state.query}"`
        : `${count} results`
      : state.status === 'error'
        ? SEARCH_TEXTS.errorTitle
        : '';

  let index = 0;
  const next = () => index++;
  const renderOption = (option: Option, i: number): ReactNode => {
    const selected = i === active;
    const common = {
      id: optionId(i),
      role: 'option',
      'aria-selected': selected,
      className: styles.option,
      onMouseMove: () => setActive(i),
    } as const;
    if (option.kind === 'ask') {
      return (
        <div key="ask" {...common} onClick={ask} data-kind="ask">
          <span className={styles.optionIcon} aria-hidden="true">
            ✦
          </span>
          <span className={styles.optionText}>
            <span className={styles.optionTitle}>{SEARCH_TEXTS.askAssistant}</span>
            <span className={styles.snippet}>{trimmed}</span>
          </span>
        </div>
      );
    }
    const { item } = option;
    return (
      <Link key={item.key} {...common} to={item.path} onClick={onClose}>
        <span className={styles.optionIcon} aria-hidden="true">
          {item.heading ? '#' : '▤'}
        </span>
        <span className={styles.optionText}>
          <span className={styles.optionTitle}>
            <span data-part="page" dangerouslySetInnerHTML={{ __html: item.pageHtml }} />
            {item.headingHtml && (
              <>
                <span className={styles.separator} aria-hidden="true">
                  {' › '}
                </span>
                <span className="visually-hidden">, </span>
                <span data-part="heading" dangerouslySetInnerHTML={{ __html: item.headingHtml }} />
              </>
            )}
          </span>
          {item.snippetHtml && (
            <span
              className={styles.snippet}
              data-part="snippet"
              dangerouslySetInnerHTML={{ __html: item.snippetHtml }}
            />
          )}
        </span>
      </Link>
    );
  };

  const askFirst = options[0]?.kind === 'ask';
  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={onKeyDown}
    >
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-label={SEARCH_TEXTS.button}>
        <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <SearchIcon className={styles.icon} size={20} />
          <input
            ref={input}
            className={styles.input}
            type="search"
            role="combobox"
            aria-label="Search the docs"
            aria-autocomplete="list"
            aria-expanded={options.length > 0}
            aria-controls={listboxId}
            aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={512}
            placeholder="Search docs"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {state.status === 'loading' && <span className={styles.spinner} aria-hidden="true" />}
          <button type="button" className={styles.cancel} onClick={onClose}>
            Cancel
          </button>
        </form>
        <div className={styles.body}>
          <div role="status" className="visually-hidden">
            {announce}
          </div>
          {state.status === 'error' && (
            <div className={styles.screen} data-screen="error">
              <p className={styles.screenTitle}>{SEARCH_TEXTS.errorTitle}</p>
              <p className={styles.help}>{SEARCH_TEXTS.errorHelp}</p>
            </div>
          )}
          {noResults && (
            <div className={styles.screen} data-screen="no-results">
              <p className={styles.screenTitle}>
                {SEARCH_TEXTS.noResults} &quot;<strong>{state.query}</strong>&quot;
              </p>
              {state.shown.response.suggestions && state.shown.response.suggestions.length > 0 && (
                <>
                  <p className={styles.help}>{SEARCH_TEXTS.trySearching}:</p>
                  <ul className={styles.suggestions}>
                    {state.shown.response.suggestions.slice(0, 3).map((suggestion) => (
                      <li key={suggestion}>
                        <button
                          type="button"
                          className={styles.suggestion}
                          onClick={() => {
                            setQuery(`${suggestion} `);
                            input.current?.focus();
                          }}
                        >
                          {suggestion}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <ReportMissing className={styles.help} query={state.query} />
            </div>
          )}
          {options.length > 0 && state.status !== 'error' && (
            <div id={listboxId} role="listbox" aria-label="Search results" className={styles.listbox}>
              {askFirst && renderOption(options[0]!, next())}
              {groups.map((group, g) => (
                <div key={group.title} role="group" aria-labelledby={`${id}-group-${g}`}>
                  <div id={`${id}-group-${g}`} className={styles.groupTitle} role="presentation">
                    {group.title}
                  </div>
                  {group.items.map((item) => renderOption({ kind: 'hit', item }, next()))}
                </div>
              ))}
              {!askFirst && renderOption(options[options.length - 1]!, next())}
            </div>
          )}
          {response && response.hits.length > 0 && state.status !== 'error' && (
            <p className={styles.seeAll}>
              <Link to={`${searchPage}?q=${encodeURIComponent(shown!.query)}`} onClick={onClose}>
                {SEARCH_TEXTS.seeAll.replace('{count}', String(count))}
              </Link>
            </p>
          )}
        </div>
        <footer className={styles.footer}>
          <span className={styles.hints} aria-hidden="true">
            <kbd className={styles.key}>↵</kbd> to select <kbd className={styles.key}>↑</kbd>
            <kbd className={styles.key}>↓</kbd> to navigate <kbd className={styles.key}>esc</kbd> to close
          </span>
          {hosted && <span className={styles.credit}>Search by Algolia</span>}
        </footer>
      </div>
    </div>
  );
}
