import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import GraphiQLIDE from '@site/src/components/GraphiQLIDE';
import Thumbnail from '@site/src/components/Thumbnail';
import ProductBadge from '@site/src/components/ProductBadge';
import ReleaseTag from '@site/src/components/ReleaseTag';
import ListTable from '@site/src/components/ListTable';
import SectionCards from '@site/src/components/SectionCards';

// Components every page may use without an import (keep in sync with scripts/check-pages.mjs).
export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  GraphiQLIDE,
  Thumbnail,
  ProductBadge,
  ReleaseTag,
  ListTable,
  SectionCards,
};
