import React, { type ReactNode } from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type { WrapperProps } from '@docusaurus/types';
import DocsBot from '@site/src/components/DocsBot';

type Props = WrapperProps<typeof LayoutType>;

// The docs assistant's launcher on every page: docs, wiki, the landing, search and 404 pages all
// render inside the theme's Layout. It goes inside the layout (as its last child) because the
// panel's code blocks need the theme's providers (colour mode), which Root would be outside of.
export default function LayoutWrapper({ children, ...props }: Props): ReactNode {
  return (
    <Layout {...props}>
      {children}
      <DocsBot />
    </Layout>
  );
}
