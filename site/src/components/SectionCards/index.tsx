import React from 'react';
import Link from '@docusaurus/Link';
import { usePluginData } from '@docusaurus/useGlobalData';
import type { DocsGlobalData } from '@site/src/plugins/docs-global-data';
import styles from './styles.module.css';

export type Card = {
  /** Section folder under site/docs, e.g. "queries". */
  dir: string;
  title: string;
  description: string;
};

/** The landing page of a section folder (its overview, else its index, else its first page), if it has pages. */
export function useSectionLanding(): (dir: string) => string | undefined {
  const { sectionLandings } = usePluginData('docs-global-data') as DocsGlobalData;
  return (dir: string) => sectionLandings[dir];
}

/**
 * Entry cards into sections. A card links to its section's landing page (its overview, else its
 * index, else its first page) once the section has pages; until then it shows the description alone,
 * so a landing page never carries a broken link.
 */
export default function SectionCards({ cards }: { cards: Card[] }): React.ReactNode {
  const landingOf = useSectionLanding();
  return (
    <div className={styles.grid}>
      {cards.map(({ dir, title, description }) => {
        const to = landingOf(dir);
        const body = (
          <>
            <h3 className={styles.title}>{title}</h3>
            <p className={styles.description}>{description}</p>
          </>
        );
        return to ? (
          <Link key={title} to={to} className={`${styles.card} ${styles.linked}`}>
            {body}
          </Link>
        ) : (
          <div key={title} className={styles.card}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
