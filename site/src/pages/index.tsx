import React from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import SectionCards, { type Card } from '@site/src/components/SectionCards';
import { TAGLINE } from '@site/src/constants';
import styles from './index.module.css';

export const ENTRY_CARDS: Card[] = [
  {
    dir: 'getting-started',
    title: 'Getting started',
    description: 'Run the engine on Hasura Cloud or with Docker and make your first query in minutes.',
  },
  {
    dir: 'databases',
    title: 'Databases',
    description: 'Connect Postgres, SQL Server, BigQuery, Snowflake, MongoDB and more.',
  },
  {
    dir: 'schema',
    title: 'Schema',
    description: 'Track tables and views, add relationships, computed fields and native queries.',
  },
  {
    dir: 'queries',
    title: 'Queries',
    description: 'Filter, sort, paginate and aggregate with the generated GraphQL API.',
  },
  {
    dir: 'mutations',
    title: 'Mutations',
    description: 'Insert, upsert, update and delete rows, with nested inserts and transactions.',
  },
  {
    dir: 'subscriptions',
    title: 'Subscriptions',
    description: 'Live queries and streaming subscriptions over websockets.',
  },
  {
    dir: 'auth',
    title: 'Auth',
    description: 'Authenticate with JWT or webhooks and write row- and column-level permissions.',
  },
  {
    dir: 'actions',
    title: 'Actions',
    description: 'Extend the API with your own business logic behind a GraphQL type.',
  },
  {
    dir: 'event-triggers',
    title: 'Event triggers',
    description: 'Call webhooks when rows change, with retries and delivery logs.',
  },
  {
    dir: 'deployment',
    title: 'Deployment',
    description: 'Run the engine in production: flags, health checks, scaling and hardening.',
  },
  {
    dir: 'hasura-cli',
    title: 'Hasura CLI',
    description: 'Manage migrations, metadata and seeds from your terminal and CI.',
  },
  {
    dir: 'api-reference',
    title: 'API reference',
    description: 'Every endpoint of the engine: GraphQL, metadata, schema, health and config.',
  },
];

/** The landing page at /docs/2.0/: the tagline and the ways into the docs. */
export default function Home(): React.ReactNode {
  return (
    <Layout
      title="Hasura GraphQL Engine v2.x documentation"
      description={`${TAGLINE}: documentation for Hasura GraphQL Engine v2.x.`}
    >
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.tagline}>
            {TAGLINE}
          </Heading>
          <p className={styles.lead}>
            Hasura GraphQL Engine gives you a real-time GraphQL API over your databases, with fine-grained permissions,
            business logic and event triggers, in minutes.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/_heading_basics/">
              Get started
            </Link>
            <Link className="button button--secondary button--lg" to="/index/">
              Browse all docs
            </Link>
          </div>
        </div>
      </header>
      <main className={`container ${styles.sections}`}>
        <Heading as="h2">Explore the docs</Heading>
        <SectionCards cards={ENTRY_CARDS} />
      </main>
    </Layout>
  );
}
