import React from 'react';
import styles from './styles.module.css';

export type ProductBadgeProps = {
  /** Self-hosted Community Edition. */
  ce?: boolean;
  /** Self-hosted Enterprise Edition. */
  ee?: boolean;
  /** Hasura Cloud. */
  cloud?: boolean;
  /** The feature is in beta. */
  beta?: boolean;
};

export const EDITION_LABELS = {
  ce: 'Self-hosted CE',
  ee: 'Self-hosted EE',
  cloud: 'Cloud',
} as const;

/** States which editions a feature is available in, right under a page's title. */
export default function ProductBadge({ ce, ee, cloud, beta }: ProductBadgeProps): React.ReactNode {
  const editions = (Object.keys(EDITION_LABELS) as (keyof typeof EDITION_LABELS)[]).filter(
    (key) => ({ ce, ee, cloud })[key],
  );
  if (editions.length === 0 && !beta) {
    throw new Error('ProductBadge needs at least one of the props ce, ee, cloud or beta.');
  }
  return (
    <div className={styles.badges} aria-label="Availability">
      {editions.length > 0 && <span className={styles.lead}>Available on:</span>}
      {editions.map((key) => (
        <span key={key} className={`${styles.badge} ${styles[key]}`}>
          {EDITION_LABELS[key]}
        </span>
      ))}
      {beta && <span className={`${styles.badge} ${styles.beta}`}>Beta</span>}
    </div>
  );
}
