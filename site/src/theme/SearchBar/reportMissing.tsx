// "Let us know." under no results, in the search dialog and on the search page.
import React, { type ReactNode } from 'react';
import { SEARCH_TEXTS } from './texts';
import { missingResultsUrl } from '@site/src/plugins/search/client/results';

/** "Believe this query should return results? Let us know.", the link opening an issue with the query. */
export function ReportMissing({ query, className }: { query: string; className?: string }): ReactNode {
  return (
    <p className={className}>
      {SEARCH_TEXTS.reportMissing}{' '}
      <a href={missingResultsUrl(query)} target="_blank" rel="noopener noreferrer">
        {SEARCH_TEXTS.reportMissingLink}
      </a>
    </p>
  );
}
