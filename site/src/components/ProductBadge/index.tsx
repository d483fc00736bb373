import React from 'react';
import styles from './styles.module.css';

export type ProductBadgeProps = {
  /** Self-hosted Community Edition. */
  ce?: boolean;
  /** Self-hosted Enterprise Edition. */
  ee?: boolean;
  /** Hasura Cloud, Free plan. */
  free?: boolean;
  /** Hasura Cloud, Professional plan (pay as you go). */
  pro?: boolean;
  /** Hasura Cloud, Enterprise plan. */
  cloudEnterprise?: boolean;
  /** Shorthand for every Cloud plan: the same as `free pro cloudEnterprise`. */
  cloud?: boolean;
  /** The feature is in beta. */
  beta?: boolean;
};

/** Every edition and Cloud plan a badge can name, in the order they are shown. */
export const EDITION_LABELS = {
  ce: 'Self-hosted CE',
  ee: 'Self-hosted EE',
  free: 'Cloud Free',
  pro: 'Cloud Professional',
  cloudEnterprise: 'Cloud Enterprise',
} as const;

type Edition = keyof typeof EDITION_LABELS;

/** The editions and plans a set of props stands for, in display order (`cloud` expands to the three Cloud plans). */
export function editionsOf({ ce, ee, free, pro, cloudEnterprise, cloud }: ProductBadgeProps): Edition[] {
  const given: Record<Edition, boolean> = {
    ce: !!ce,
    ee: !!ee,
    free: !!(free || cloud),
    pro: !!(pro || cloud),
    cloudEnterprise: !!(cloudEnterprise || cloud),
  };
  return (Object.keys(EDITION_LABELS) as Edition[]).filter((key) => given[key]);
}

const CLOUD_PLANS: readonly Edition[] = ['free', 'pro', 'cloudEnterprise'];

/** States which self-hosted editions and Cloud plans a feature is available in, right under a page's title. */
export default function ProductBadge(props: ProductBadgeProps): React.ReactNode {
  const editions = editionsOf(props);
  if (editions.length === 0 && !props.beta) {
    throw new Error('ProductBadge needs at least one of the props ce, ee, free, pro, cloudEnterprise, cloud or beta.');
  }
  // The hidden separators make the badges read as a sentence wherever their text is taken as a
  // whole (screen readers, the search index, the assistant's corpus): "Available on: A, B. Beta."
  const separator = (text: string) => <span className="visually-hidden">{text}</span>;
  return (
    <div className={styles.badges} aria-label="Availability">
      {editions.length > 0 && <span className={styles.lead}>Available on:</span>}
      {editions.length > 0 && separator(' ')}
      {editions.map((key, i) => (
        <React.Fragment key={key}>
          {i > 0 && separator(', ')}
          <span className={`${styles.badge} ${CLOUD_PLANS.includes(key) ? styles.cloud : styles[key]}`}>
            {EDITION_LABELS[key]}
          </span>
        </React.Fragment>
      ))}
      {editions.length > 0 && separator(props.beta ? '. ' : '.')}
      {props.beta && <span className={`${styles.badge} ${styles.beta}`}>Beta</span>}
      {props.beta && separator('.')}
    </div>
  );
}
