import React, { useMemo, type ReactNode } from 'react';
import Content from '@theme-original/CodeBlock/Content';
import type ContentType from '@theme/CodeBlock/Content';
import type { WrapperProps } from '@docusaurus/types';
import { CodeBlockContextProvider, useCodeBlockContext } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof ContentType>;

/**
 * Docusaurus's code block content (the highlighted lines), rendered again only when the code or its
 * line marks change. Once mounted, every code block measures whether it scrolls and stores that in
 * its word-wrap state (to show the word-wrap button); that update re-rendered every line and token
 * of every block of the page on the main thread. The content reads only the code metadata and the
 * block's ref from the code block context, so it gets a context in which these stay the same.
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
  return useMemo(
    () => (
      <CodeBlockContextProvider metadata={sameMetadata} wordWrap={sameWordWrap}>
        <Content className={className} />
      </CodeBlockContextProvider>
    ),
    [sameMetadata, sameWordWrap, className],
  );
}
