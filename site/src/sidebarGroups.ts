// The groups of the docs sidebar: each `_heading_*` doc and the section folders under it.
// Shared by sidebars.ts and the tests that check the sidebar's shape.

export type Section = { dir: string; label: string };
/** `heading` is the group's `_heading_*` doc (its own page); `label` is the group's heading in the sidebar. */
export type Group = { heading: string; label: string; sections: Section[] };

export const SIDEBAR_GROUPS: Group[] = [
  {
    heading: '_heading_basics',
    label: 'Basics',
    sections: [{ dir: 'getting-started', label: 'Getting Started' }],
  },
  {
    heading: '_heading_data_api',
    label: 'Data API',
    sections: [
      { dir: 'queries', label: 'Queries' },
      { dir: 'mutations', label: 'Mutations' },
      { dir: 'subscriptions', label: 'Subscriptions' },
      { dir: 'restified', label: 'RESTified Endpoints' },
      { dir: 'actions', label: 'Actions' },
      { dir: 'remote-schemas', label: 'Remote Schemas' },
      { dir: 'data-federation', label: 'Data Federation' },
    ],
  },
  {
    heading: '_heading_data_sources',
    label: 'Data Sources',
    sections: [
      { dir: 'databases', label: 'Databases' },
      { dir: 'schema', label: 'Schema' },
    ],
  },
  {
    heading: '_heading_products',
    label: 'Products',
    sections: [
      { dir: 'hasura-cloud', label: 'Hasura Cloud' },
      { dir: 'enterprise', label: 'Enterprise Edition' },
    ],
  },
  {
    heading: '_heading_auth',
    label: 'Auth',
    sections: [
      { dir: 'auth', label: 'Authentication and Authorization' },
      { dir: 'security', label: 'Security' },
    ],
  },
  {
    heading: '_heading_trigger_based_logic',
    label: 'Trigger-based logic',
    sections: [
      { dir: 'event-triggers', label: 'Event Triggers' },
      { dir: 'scheduled-triggers', label: 'Scheduled Triggers' },
    ],
  },
  {
    heading: '_heading_perf_and_monitoring',
    label: 'Performance and Monitoring',
    sections: [
      { dir: 'caching', label: 'Caching' },
      { dir: 'observability', label: 'Observability' },
    ],
  },
  {
    heading: '_heading_ci_cd',
    label: 'CI/CD',
    sections: [
      { dir: 'migrations-metadata-seeds', label: 'Migrations, Metadata and Seeds' },
      { dir: 'hasura-cli', label: 'Hasura CLI' },
      { dir: 'cloud-ci-cd', label: 'Cloud CI/CD' },
    ],
  },
  {
    heading: '_heading_deployment',
    label: 'Deployment',
    sections: [{ dir: 'deployment', label: 'Deployment' }],
  },
  {
    heading: '_heading_ai',
    label: 'AI',
    sections: [{ dir: 'ai', label: 'AI' }],
  },
  {
    heading: '_heading_materials',
    label: 'Materials',
    sections: [
      { dir: 'api-reference', label: 'API Reference' },
      { dir: 'resources', label: 'Resources' },
      { dir: 'glossary', label: 'Glossary' },
      { dir: 'faq', label: 'FAQ' },
      { dir: 'troubleshooting', label: 'Troubleshooting' },
      { dir: 'get-support', label: 'Get Support' },
      { dir: 'policies', label: 'Policies' },
    ],
  },
];
