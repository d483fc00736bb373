import React, { Suspense, use, type ReactNode } from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import { DESKTOP_BREAKPOINT_PX } from '@site/src/constants';

// Docusaurus renders the desktop sidebar and table of contents on the server and while the page hydrates
// (the window size is unknown until then), and removes them right after on a narrow screen. Suspending
// while hydrating on a narrow screen leaves their server HTML (hidden there by CSS) untouched instead of
// hydrating hundreds of elements that are about to be removed.
const NEVER: Promise<never> = new Promise(() => {});

function SkipWhileNarrow({ children }: { children: ReactNode }): ReactNode {
  const windowSize = useWindowSize();
  if (windowSize === 'ssr' && typeof window !== 'undefined' && window.innerWidth <= DESKTOP_BREAKPOINT_PX) use(NEVER);
  return children;
}

/**
 * Its children are hydrated (or first rendered) only on a wide screen; on a narrow one they stay as the
 * server wrote them until their parent removes them, once the window size is known.
 */
export default function DesktopOnly({ children }: { children: ReactNode }): ReactNode {
  return (
    <Suspense fallback={null}>
      <SkipWhileNarrow>{children}</SkipWhileNarrow>
    </Suspense>
  );
}
