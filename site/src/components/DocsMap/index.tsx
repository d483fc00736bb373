import React from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { useDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import type { PropSidebarItem } from '@docusaurus/plugin-content-docs';
import { SIDEBAR_GROUPS } from '@site/src/sidebarGroups';
import styles from './styles.module.css';

type Entry = { label: string; href?: string; pages?: number };
type MapSection = { dir: string; label: string; href?: string; entries: Entry[] };

/** The first page a sidebar item leads to: its own link, else the first page inside it. */
function firstHref(item: PropSidebarItem): string | undefined {
  if (item.type === 'link') return item.href;
  if (item.type === 'category') return item.href ?? item.items.map(firstHref).find(Boolean);
  return undefined;
}

function pageCount(item: PropSidebarItem): number {
  if (item.type === 'link') return 1;
  if (item.type === 'category') return (item.href ? 1 : 0) + item.items.reduce((n, i) => n + pageCount(i), 0);
  return 0;
}

function entriesOf(items: PropSidebarItem[]): Entry[] {
  return items.flatMap((item): Entry[] => {
    if (item.type === 'link') return [{ label: item.label, href: item.href }];
    if (item.type === 'category') return [{ label: item.label, href: firstHref(item), pages: pageCount(item) }];
    return [];
  });
}

/**
 * The sections of one sidebar group, read from the docs sidebar itself (so the map never drifts from
 * it): the items under the group's heading, one category per section, or the section's pages directly
 * when the group has a single section (see sidebars.ts).
 */
function sectionsOf(sidebar: PropSidebarItem[], heading: string): MapSection[] {
  const group = SIDEBAR_GROUPS.find((g) => g.heading === heading);
  if (!group) throw new Error(`DocsMap: no sidebar group "${heading}" in src/sidebarGroups.ts`);
  const start = sidebar.findIndex((i) => i.type === 'html' && i.value === group.label);
  if (start < 0) return [];
  const end = sidebar.findIndex((i, n) => n > start && i.type === 'html');
  const items = sidebar.slice(start + 1, end < 0 ? undefined : end);
  if (group.sections.length === 1) {
    const [{ dir, label }] = group.sections as [(typeof group.sections)[0]];
    return [{ dir, label, href: items.map(firstHref).find(Boolean), entries: entriesOf(items) }];
  }
  const categories = items.filter((i) => i.type === 'category');
  return group.sections.map(({ dir, label }, n) => {
    const category = categories[n];
    return {
      dir,
      label: category?.label ?? label,
      href: category && firstHref(category),
      entries: category ? entriesOf(category.items) : [],
    };
  });
}

/**
 * The map of one group of the docs (e.g. group="_heading_auth"): each of its sections with the pages and
 * sub-sections at its top level, so the docs home shows every section at once.
 */
export default function DocsMap({ group }: { group: string }): React.ReactNode {
  const sidebar = useDocsSidebar();
  const sections = sectionsOf(sidebar?.items ?? [], group);
  return (
    <div className={styles.map}>
      {sections.map(({ dir, label, href, entries }) => (
        <section key={dir} className={styles.section} data-section={dir}>
          <Heading as="h3" id={`map-${dir}`} className={styles.title}>
            {href ? <Link to={href}>{label}</Link> : label}
          </Heading>
          <ul className={styles.pages}>
            {entries.map((entry) => (
              <li key={`${entry.label} ${entry.href}`}>
                {entry.href ? <Link to={entry.href}>{entry.label}</Link> : entry.label}
                {entry.pages !== undefined && entry.pages > 1 && (
                  <span className={styles.count}> · {entry.pages} pages</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
