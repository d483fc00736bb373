// Wraps the DocSearch search bar: the modal's requests go to our search client (embedded index or
// hosted service, see plugins/search), "Let us know." opens a new issue with the query filled in, and
// each hit is a link that is also the listbox option (see "each hit link is the option" in sourceFixes.ts),
// and there are no recent or favorite searches.
import React, { useCallback, type ComponentProps, type ReactNode } from 'react';
import SearchBar from '@theme-original/SearchBar';
import Link from '@docusaurus/Link';
import type SearchBarType from '@theme/SearchBar';
import type { WrapperProps } from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { translate } from '@docusaurus/Translate';
import translations from '@theme/SearchTranslations';
import { NEW_ISSUE_URL } from '@site/src/constants';
import { modalSearchClient, type DocSearchClient } from '@site/src/plugins/search/searchClient';

import './styles.css';

type Props = WrapperProps<typeof SearchBarType>;

// DocSearch says "No results found for"; the site's wording is "No results for".
const modalTranslations = {
  ...translations.modal,
  noResultsScreen: {
    ...translations.modal?.noResultsScreen,
    noResultsText: translate({ id: 'theme.SearchModal.noResultsScreen.noResultsText', message: 'No results for' }),
  },
};

export function missingResultsUrl({ query }: { query: string }): string {
  const url = new URL(NEW_ISSUE_URL);
  url.searchParams.set('title', `Docs search: no results for "${query}"`);
  url.searchParams.set('body', `Searching the v2.x docs for "${query}" returned nothing. I expected to find: `);
  url.searchParams.set('labels', 'docs');
  return url.toString();
}

type HitProps = ComponentProps<'a'> & { hit: { url: string }; children: ReactNode };

/** A hit of the modal: a link to the result that carries the option's id, role, state and handlers. */
function Hit({ hit, children, ...optionProps }: HitProps): React.JSX.Element {
  return (
    <Link to={hit.url} {...optionProps}>
      {children}
    </Link>
  );
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { appId } = siteConfig.themeConfig.algolia as { appId: string };
  const transformSearchClient = useCallback((client: DocSearchClient) => modalSearchClient(appId, client), [appId]);
  return (
    <SearchBar
      {...props}
      transformSearchClient={transformSearchClient}
      getMissingResultsUrl={missingResultsUrl}
      hitComponent={Hit}
      // No "Recent" and "Favorite" lists: DocSearch puts their Save and Remove buttons inside each
      // result option, controls inside a control that keyboard and screen reader users cannot reach
      // (axe nested-interactive).
      disableUserPersonalization
      translations={{ ...translations, modal: modalTranslations }}
    />
  );
}
