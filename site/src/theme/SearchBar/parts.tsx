// The search icon of the navbar button and the dialog. (What only the dialog and the search page show is in
// reportMissing.tsx, so that it stays out of the bundle every page loads with the button.)
import React, { type ReactNode } from 'react';

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
