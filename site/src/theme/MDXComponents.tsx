import React, { type ComponentProps } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import GraphiQLIDE from '@site/src/components/GraphiQLIDE';

// A wide Markdown table scrolls sideways (Infima makes it a scroll container); like a code block it
// takes keyboard focus, so keyboard users can scroll it too (WCAG 2.1.1).
function Table(props: ComponentProps<'table'>): React.ReactNode {
  return <table tabIndex={0} {...props} />;
}

// Identifier rows of reference tables carry anchors (src/plugins/table-anchors). Registered as
// Docusaurus's headings register theirs, so the build's broken-anchor check knows links to them.
function TableRow(props: ComponentProps<'tr'>): React.ReactNode {
  const brokenLinks = useBrokenLinks();
  if (props.id) brokenLinks.collectAnchor(props.id);
  return <tr {...props} />;
}

// Every page's elements, and GraphiQLIDE. Our other components that pages use without an import are not
// registered here: each page imports the ones it uses (src/plugins/component-imports), so a page loads only those.
export default {
  ...MDXComponents,
  table: Table,
  tr: TableRow,
  GraphiQLIDE,
};
