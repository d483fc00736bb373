import React, { type ReactNode } from 'react';
import Layout from '@theme-original/DocRoot/Layout';
import type LayoutType from '@theme/DocRoot/Layout';
import type { WrapperProps } from '@docusaurus/types';
import DocsBot from '@site/src/components/DocsBot';

type Props = WrapperProps<typeof LayoutType>;

// Every page of both docs instances (docs and wiki) renders inside DocRoot/Layout, so the
// assistant's launcher is added here once, next to the theme's own layout.
export default function LayoutWrapper(props: Props): ReactNode {
  return (
    <>
      <Layout {...props} />
      <DocsBot />
    </>
  );
}
