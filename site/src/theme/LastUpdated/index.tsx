import React from 'react';
import { ThemeClassNames } from '@docusaurus/theme-common';
import type { Props } from '@theme/LastUpdated';
import { formatLastUpdated } from './formatDate';

// Docusaurus's LastUpdated, with the date formatted without Intl.DateTimeFormat: creating the first
// formatter sets up the browser's ICU date data, the largest single cost of a doc page's hydration
// under a 4x CPU slowdown (about 30 ms). The site is English only: the sentence is the one Docusaurus's
// English default writes, without its translation wrappers.
export default function LastUpdated({ lastUpdatedAt, lastUpdatedBy }: Props): React.ReactNode {
  const atDate = lastUpdatedAt ? new Date(lastUpdatedAt) : undefined;
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      Last updated
      {atDate && (
        <>
          {' on '}
          <b>
            <time dateTime={atDate.toISOString()} itemProp="dateModified">
              {formatLastUpdated(atDate)}
            </time>
          </b>
        </>
      )}
      {lastUpdatedBy && (
        <>
          {' by '}
          <b>{lastUpdatedBy}</b>
        </>
      )}
    </span>
  );
}
