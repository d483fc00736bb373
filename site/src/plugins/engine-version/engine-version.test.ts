import { describe, expect, it } from 'vitest';
import { compile } from '@mdx-js/mdx';
import remarkEngineVersion, { withEngineVersion } from '.';
import { ENGINE_VERSION } from '../../constants';

describe('withEngineVersion', () => {
  it('rewrites every image tag to the one release, keeping its suffix', () => {
    expect(withEngineVersion('image: hasura/graphql-engine:v2.35.1', 'v2.99.0')).toBe(
      'image: hasura/graphql-engine:v2.99.0',
    );
    expect(withEngineVersion('hasura/graphql-engine:v2.36.0.cli-migrations-v3', 'v2.99.0')).toBe(
      'hasura/graphql-engine:v2.99.0.cli-migrations-v3',
    );
    expect(withEngineVersion('a hasura/graphql-engine:v2.40.0-ce b', 'v2.99.0')).toBe(
      'a hasura/graphql-engine:v2.99.0-ce b',
    );
    expect(withEngineVersion('hasura/graphql-engine:latest and v2.35.1 alone', 'v2.99.0')).toBe(
      'hasura/graphql-engine:latest and v2.35.1 alone',
    );
  });
});

describe('remarkEngineVersion', () => {
  const compileWith = (mdx: string, frontMatter: Record<string, unknown> = {}) =>
    compile({ value: mdx, data: { frontMatter } }, { remarkPlugins: [remarkEngineVersion] }).then(String);

  it('applies to code blocks and inline code, not to prose', async () => {
    const out = await compileWith(
      'Run `hasura/graphql-engine:v2.35.1`.\n\n```yaml\nimage: hasura/graphql-engine:v2.36.0\n```\n\nSince hasura/graphql-engine:v2.30.0 prose stays.\n',
    );
    expect(out).toContain(`hasura/graphql-engine:${ENGINE_VERSION}\``.slice(0, -1));
    expect(out).not.toContain('v2.35.1');
    expect(out).not.toContain('v2.36.0');
    expect(out).toContain('hasura/graphql-engine:v2.30.0 prose stays');
  });

  it('leaves a page that pins its release alone', async () => {
    const out = await compileWith('```bash\ndocker run hasura/graphql-engine:v2.0.0\n```\n', {
      pin_engine_version: true,
    });
    expect(out).toContain('hasura/graphql-engine:v2.0.0');
  });
});
