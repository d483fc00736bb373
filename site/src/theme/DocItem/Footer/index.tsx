import React from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type { WrapperProps } from '@docusaurus/types';
import Feedback from '@site/src/components/Feedback';

type Props = WrapperProps<typeof FooterType>;

/** Docusaurus's doc footer (edit link, last update), with "Was this page helpful?" above it. */
export default function FooterWrapper(props: Props): React.ReactNode {
  return (
    <>
      <Feedback />
      <Footer {...props} />
    </>
  );
}
