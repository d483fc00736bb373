import { describe, expect, it } from 'vitest';
import { closestPages, parsePages } from './closestPages';

const LLMS = `# Docs

- [Authentication with JWT](https://hasura.io/docs/2.0/auth/authentication/jwt.md): JWT mode.
- [Multiple JWT secrets](https://hasura.io/docs/2.0/auth/authentication/multiple-jwt-secrets.md): Several issuers.
- [Webhook mode](https://hasura.io/docs/2.0/auth/authentication/webhook.md): Auth webhooks.
- [Postgres: filter query results](https://hasura.io/docs/2.0/queries/postgres/filters/index.md): Filters.
- [Event triggers overview](https://hasura.io/docs/2.0/event-triggers/overview.md): Events.
`;

describe('closestPages', () => {
  const pages = parsePages(LLMS);

  it("reads the pages' own paths from their Markdown links", () => {
    expect(pages.map((p) => p.path)).toContain('/docs/2.0/queries/postgres/filters/index/');
    expect(pages[0]).toEqual({ title: 'Authentication with JWT', path: '/docs/2.0/auth/authentication/jwt/' });
  });

  it('reads every page of llms.txt with its path', () => {
    expect(pages).toHaveLength(5);
    expect(pages[0]).toEqual({ title: 'Authentication with JWT', path: '/docs/2.0/auth/authentication/jwt/' });
  });

  it('puts the page named by the last segment first, whatever the section path says', () => {
    expect(closestPages('/docs/2.0/auth/jwt/', pages)[0]?.path).toBe('/docs/2.0/auth/authentication/jwt/');
    expect(closestPages('/docs/2.0/security/webhook', pages)[0]?.path).toBe('/docs/2.0/auth/authentication/webhook/');
  });

  it('forgives a typo', () => {
    expect(closestPages('/docs/2.0/event-trigers/', pages)[0]?.path).toBe('/docs/2.0/event-triggers/overview/');
  });

  it('suggests nothing for a path that shares no word with any page', () => {
    expect(closestPages('/docs/2.0/zzzz/', pages)).toEqual([]);
    expect(closestPages('/docs/2.0/', pages)).toEqual([]);
  });
});
