// Pieces the search button, the search dialog and the search page share.
import React, { type ReactNode } from 'react';
import { SEARCH_TEXTS } from './texts';
import { missingResultsUrl } from '@site/src/plugins/search/client/results';

export function SearchIcon({ className, size }: { className?: string; size: number }): ReactNode {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
        stroke="currentColor"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

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
