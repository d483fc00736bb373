/** The texts of the search dialog and page that the spec fixes; `{count}` and `{query}` are filled in. */
export const SEARCH_TEXTS = {
  button: 'Search',
  seeAll: 'See all {count} results',
  noResults: 'No results for',
  trySearching: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
  askAssistant: 'Ask the docs assistant',
} as const;
