import React from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import DocSidebar from '@theme-original/DocSidebar';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type DocSidebarType from '@theme/DocSidebar';
import type { WrapperProps } from '@docusaurus/types';
import DesktopOnly from '@site/src/components/DesktopOnly';

type Props = WrapperProps<typeof DocSidebarType>;

/** Docusaurus's sidebar, whose desktop part is not hydrated on a narrow screen (`DesktopOnly`). */
export default function DocSidebarWrapper(props: Props): React.ReactNode {
  // On a narrow screen, the mobile part directly: Docusaurus's component would render the desktop part
  // once more before its own window size is known.
  if (useWindowSize() === 'mobile') return <DocSidebarMobile {...props} />;
  return (
    <DesktopOnly>
      <DocSidebar {...props} />
    </DesktopOnly>
  );
}
