import React from 'react';
import styles from './styles.module.css';

/** Marks the engine version that introduced a feature, e.g. "Introduced in v2.10.0". */
export default function ReleaseTag({ version }: { version: string }): React.ReactNode {
  if (!/^v\d+\.\d+(\.\d+)?(-[\w.]+)?$/.test(version)) {
    throw new Error(`ReleaseTag: "${version}" is not a version such as v2.10.0`);
  }
  return (
    <span className={styles.tag} title={`This feature is available from Hasura GraphQL Engine ${version}`}>
      Introduced in {version}
    </span>
  );
}
