import React from 'react';
import TOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import DesktopOnly from '@site/src/components/DesktopOnly';

/** Docusaurus's desktop table of contents, not hydrated on a narrow screen (`DesktopOnly`). */
export default function TOCDesktopWrapper(): React.ReactNode {
  return (
    <DesktopOnly>
      <TOCDesktop />
    </DesktopOnly>
  );
}
