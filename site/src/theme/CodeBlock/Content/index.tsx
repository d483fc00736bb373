import React, { lazy, Suspense, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import type ContentType from '@theme/CodeBlock/Content';
import type { WrapperProps } from '@docusaurus/types';
import { CodeBlockContextProvider, useCodeBlockContext } from '@docusaurus/theme-common/internal';
// The same module Docusaurus's content imports, so the class names are the same.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

type Props = WrapperProps<typeof ContentType>;

/** Docusaurus's content with Prism and the docs' grammars: loaded only to render code in the browser. */
const loadHighlighted = () => import('./Highlighted');
/** The highlighter, once its module has loaded: rendered directly from then on, with no fallback. */
let Highlighter: ComponentType<Props> | undefined;
const keep = (module: { default: ComponentType<Props> }) => ((Highlighter = module.default), module);
const LazyHighlighter = lazy(() => loadHighlighted().then(keep));
// The server renders every page with the highlighter, so it loads it when this module first runs (the
// server bundle has it at once, long before a page renders).
if (!ExecutionEnvironment.canUseDOM) void loadHighlighted().then(keep);

type ShellProps = {
  className?: string;
  children?: ReactNode;
  /** Keep the lines the server rendered; `onNoServerLines` is called if there are none. */
  keepServerLines?: boolean;
  onNoServerLines?: () => void;
};

/**
 * The `<pre><code>` Docusaurus renders around the lines, with its classes and the block's ref (the
 * word-wrap button measures and styles it). The lines are the children, or, when `keepServerLines`,
 * whatever the server rendered: React leaves the inner HTML of a hydrated element as it is.
 */
function Shell({ className, children, keepServerLines = false, onNoServerLines }: ShellProps): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const { language, lineNumbersStart } = metadata;
  // The first render in the browser is not always a hydration of the server's lines: the dev server
  // renders into an empty page, and React renders from scratch after a hydration error.
  const codeRef = useRef<HTMLElement>(null);
  useIsomorphicLayoutEffect(() => {
    if (keepServerLines && !codeRef.current?.hasChildNodes()) onNoServerLines?.();
  }, [keepServerLines, onNoServerLines]);
  const lines = keepServerLines
    ? { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true }
    : { children };
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      <code
        ref={codeRef}
        className={clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering)}
        style={lineNumbersStart === undefined ? undefined : { counterReset: `line-count ${lineNumbersStart - 1}` }}
        {...lines}
      />
    </pre>
  );
}

/**
 * Docusaurus's code block content (the highlighted lines), without the highlighter on a first visit.
 *
 * - On the server, Docusaurus's content highlights the code.
 * - While the page hydrates, the server's lines are kept as they are: no highlighter download and no
 *   re-render of every token of every block on the main thread.
 * - Code rendered in the browser later (a client-side navigation, the docs assistant) loads the
 *   highlighter chunk and shows plain lines until it is there.
 *
 * It renders again only when the code or its line marks change: every block updates its word-wrap
 * state once mounted (does it scroll sideways?), and the lines read only the code metadata and the
 * block's ref from the context, so they get a context in which these stay the same.
 */
export default function ContentWrapper({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const { code, language, lineNumbersStart } = metadata;
  const lineMarks = JSON.stringify(metadata.lineClassNames);
  const { codeBlockRef } = wordWrap;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same code and marks: the same metadata
  const sameMetadata = useMemo(() => metadata, [code, language, lineNumbersStart, lineMarks]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content uses the ref only
  const sameWordWrap = useMemo(() => wordWrap, [codeBlockRef]);
  // During hydration useIsBrowser() is still false in the browser: the metadata the server rendered.
  const isBrowser = useIsBrowser();
  const [serverMetadata, setServerMetadata] = useState(() =>
    ExecutionEnvironment.canUseDOM && !isBrowser ? sameMetadata : undefined,
  );
  const keepServerLines = sameMetadata === serverMetadata;
  return useMemo(
    () => (
      <CodeBlockContextProvider metadata={sameMetadata} wordWrap={sameWordWrap}>
        {/* No Suspense boundary on the server or while hydrating: React would stream a boundary's
            lines after a fallback, not in place. */}
        {keepServerLines ? (
          <Shell className={className} keepServerLines onNoServerLines={() => setServerMetadata(undefined)} />
        ) : Highlighter ? (
          <Highlighter className={className} />
        ) : (
          <Suspense fallback={<Shell className={className}>{sameMetadata.code}</Shell>}>
            <LazyHighlighter className={className} />
          </Suspense>
        )}
      </CodeBlockContextProvider>
    ),
    [sameMetadata, sameWordWrap, className, keepServerLines],
  );
}
