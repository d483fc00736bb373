import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import rehypeTableAnchors, { anchorFor } from '.';

const html = async (mdx: string) =>
  String(
    await compile(mdx, {
      remarkPlugins: [remarkGfm],
      rehypePlugins: [rehypeTableAnchors],
      outputFormat: 'function-body',
    }),
  );

describe('rehypeTableAnchors', () => {
  it('gives each row whose first cell is one identifier an id and a direct link', async () => {
    const out = await html(
      '| Key | Type |\n| --- | --- |\n| `source` | String |\n| `HASURA_GRAPHQL_CORS_DOMAIN` | String |\n| plain words | x |\n| `a` and `b` | y |\n',
    );
    expect(out).toContain('id: "source"');
    expect(out).toContain('id: "hasura_graphql_cors_domain"');
    expect(out).toContain('href: "#hasura_graphql_cors_domain"');
    expect(out).toContain('"aria-label": "Direct link to HASURA_GRAPHQL_CORS_DOMAIN"');
    expect(out.match(/className: "hash-link"/g)).toHaveLength(2);
  });

  it('labels every body cell with its column', async () => {
    const out = await html('| Key | Type |\n| --- | --- |\n| plain words | x |\n');
    expect(out).toContain('"data-label": "Key"');
    expect(out).toContain('"data-label": "Type"');
  });

  it('never reuses an id already on the page or in the table', async () => {
    const out = await html(
      '<h2 id="source">Source</h2>\n\n| Key | Type |\n| --- | --- |\n| `source` | String |\n| `name` | String |\n| `name` | Int |\n',
    );
    expect(out.match(/id: "source"/g)).toHaveLength(1);
    expect(out.match(/id: "name"/g)).toHaveLength(1);
  });
});

describe('anchorFor', () => {
  it('keeps letters, digits and underscores, one hyphen for anything else', () => {
    expect(anchorFor('--server-port')).toBe('server-port');
    expect(anchorFor('pool_settings.max_connections')).toBe('pool_settings-max_connections');
    expect(anchorFor('X-Hasura-Role')).toBe('x-hasura-role');
  });
});
