// The browser storage keys the spec fixes that Docusaurus's theme owns: theme-common hard-codes them, and the
// site config's `storage: { namespace: false }` keeps them without a suffix. The tests check that the running
// site uses these; the site's own keys are read from the code that uses them (DocsBot, GraphiQLIDE).
export const DOCUSAURUS_STORAGE_KEYS = {
  colorMode: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  tabGroupPrefix: 'docusaurus.tab.',
} as const;
