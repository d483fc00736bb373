import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

/** The docs-server's URL from the build (DOCS_SERVER_URL, through customFields), or '' for the page's own origin. */
export function useConfiguredServerUrl(): string {
  return String(useDocusaurusContext().siteConfig.customFields?.docsServerUrl ?? '');
}
