// What the search filters by and offers, for both backends (the dialog's and page's texts are in
// src/theme/SearchBar/texts.ts).

/** Search tags of the two docs instances (contextual search facets), as the docs plugin names them. */
export const SEARCH_TAGS = { docs: 'docs-default-current', wiki: 'docs-wiki-current' } as const;

/** Offered under "Try searching for" when a search finds nothing: the site's most searched topics. */
export const SEARCH_SUGGESTIONS = ['permissions', 'event triggers', 'actions', 'authentication'];
