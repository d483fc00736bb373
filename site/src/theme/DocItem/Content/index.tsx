import React from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyPage from '@site/src/components/CopyPage';

type Props = WrapperProps<typeof ContentType>;

/** Docusaurus's doc content (title and body), with "Copy page" (the page as Markdown) beside the title. */
export default function ContentWrapper(props: Props): React.ReactNode {
  return (
    <>
      <CopyPage />
      <Content {...props} />
    </>
  );
}
