// "Copy page": copies the page as Markdown (its route + ".md", written by the docs-corpus plugin) for
// readers who paste the docs into their own AI tools, with a link to the Markdown itself.
import React, { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { recordEvent } from '@site/src/plugins/analytics/client';
import { markdownRoute } from '@site/src/plugins/docs-corpus/pageMarkdown';
import styles from './styles.module.css';

type State = 'idle' | 'copied' | 'failed';

const LABELS: Record<State, string> = { idle: 'Copy page', copied: 'Copied', failed: 'Copy failed' };
/** How long "Copied" or "Copy failed" stays before the button reads "Copy page" again. */
const RESET_MS = 2000;

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/**
 * Writes the Markdown to the clipboard. Where the browser takes a promised clipboard item, the write
 * starts within the click (Safari refuses a write that starts after the fetch); elsewhere, after it.
 */
async function copyMarkdown(url: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const text = fetchMarkdown(url).then((markdown) => new Blob([markdown], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text })]);
    return;
  }
  await navigator.clipboard.writeText(await fetchMarkdown(url));
}

export default function CopyPage(): ReactNode {
  const { pathname } = useLocation();
  const [state, setState] = useState<State>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const url = markdownRoute(pathname);
  const copy = async () => {
    let result: State = 'copied';
    try {
      await copyMarkdown(url);
    } catch {
      result = 'failed';
    }
    setState(result);
    recordEvent({ event: 'copy_page', page: pathname, result });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), RESET_MS);
  };
  return (
    <div className={styles.copyPage}>
      <button type="button" className={styles.button} onClick={copy} data-state={state}>
        <span aria-live="polite">{LABELS[state]}</span>
      </button>
      <a className={styles.link} href={url} target="_blank" rel="noreferrer" title="This page as Markdown">
        Markdown
      </a>
    </div>
  );
}
