// The groups of the docs sidebar: each `_heading_*` doc and the section folders under it.
// Shared by sidebars.ts and the tests that check the sidebar's shape.

export type Section = { dir: string; label: string };
export type Group = { heading: string; sections: Section[] };

export const SIDEBAR_GROUPS: Group[] = [
  {
    heading: '_heading_basics',
    sections: [{ dir: 'getting-started', label: 'Getting Started' }],
  },
  {
    heading: '_heading_data_api',
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
    sections: [
      { dir: 'databases', label: 'Databases' },
      { dir: 'schema', label: 'Schema' },
    ],
  },
  {
    heading: '_heading_products',
    sections: [
      { dir: 'hasura-cloud', label: 'Hasura Cloud' },
      { dir: 'enterprise', label: 'Enterprise Edition' },
    ],
  },
  {
    heading: '_heading_auth',
    sections: [
      { dir: 'auth', label: 'Authentication and Authorization' },
      { dir: 'security', label: 'Security' },
    ],
  },
  {
    heading: '_heading_trigger_based_logic',
    sections: [
      { dir: 'event-triggers', label: 'Event Triggers' },
      { dir: 'scheduled-triggers', label: 'Scheduled Triggers' },
    ],
  },
  {
    heading: '_heading_perf_and_monitoring',
    sections: [
      { dir: 'caching', label: 'Caching' },
      { dir: 'observability', label: 'Observability' },
    ],
  },
  {
    heading: '_heading_ci_cd',
    sections: [
      { dir: 'migrations-metadata-seeds', label: 'Migrations, Metadata and Seeds' },
      { dir: 'hasura-cli', label: 'Hasura CLI' },
      { dir: 'cloud-ci-cd', label: 'Cloud CI/CD' },
    ],
  },
  {
    heading: '_heading_deployment',
    sections: [{ dir: 'deployment', label: 'Deployment' }],
  },
  {
    heading: '_heading_ai',
    sections: [{ dir: 'ai', label: 'AI' }],
  },
  {
    heading: '_heading_materials',
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
