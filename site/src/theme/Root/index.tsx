import React, { type ReactNode } from 'react';
import DocsBot from '@site/src/components/DocsBot';

// The docs assistant's launcher on every page: docs, wiki, the landing, search and 404 pages.
// Root wraps the whole app and never unmounts, so an open panel and its connection survive
// navigation. The launcher is a small button; the panel is a chunk loaded on first use.
export default function Root({ children }: { children: ReactNode }): ReactNode {
  return (
    <>
      {children}
      <DocsBot />
    </>
  );
}
