import React, { type ComponentProps } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import GraphiQLIDE from '@site/src/components/GraphiQLIDE';
import Thumbnail from '@site/src/components/Thumbnail';
import ProductBadge from '@site/src/components/ProductBadge';
import ReleaseTag from '@site/src/components/ReleaseTag';
import ListTable from '@site/src/components/ListTable';
import SectionCards from '@site/src/components/SectionCards';
import SearchShortcut from '@site/src/components/SearchShortcut';

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

// Components every page may use without an import (MDXComponents.test.ts checks scripts/check-pages.mjs agrees).
export default {
  ...MDXComponents,
  table: Table,
  tr: TableRow,
  Tabs,
  TabItem,
  GraphiQLIDE,
  Thumbnail,
  ProductBadge,
  ReleaseTag,
  ListTable,
  SectionCards,
  SearchShortcut,
};
