import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unverifiedPages, verificationProblems } from './check-pages.mjs';

describe('the verification record', () => {
  it('accepts a release line and the files read', () => {
    expect(
      verificationProblems({
        engine: 'v2.48',
        sources: [
          'server/src-lib/Hasura/Server/Init/Arg.hs',
          'CHANGELOG.md',
          'hasura/kriti-lang:src/Kriti/Parser/Grammar.y',
          'https://hasura.io/docs/2.0/deployment/',
        ],
      }),
    ).toEqual([]);
    expect(verificationProblems(undefined)).toEqual([]);
  });

  it('names what is wrong in a malformed record', () => {
    expect(verificationProblems(true)).toEqual(['front matter "verified" must be a map with "engine" and "sources"']);
    expect(verificationProblems({ engine: '2.48', sources: [] })).toEqual([
      '"verified.engine" must be a release line such as v2.48, not "2.48"',
      '"verified.sources" must list the files or pages read',
    ]);
    expect(verificationProblems({ engine: 'v2.48', sources: ['the code'], by: 'me' })).toEqual([
      '"verified" has unknown fields: by',
      '"verified.sources" entry must be a repository path or an https URL: "the code"',
    ]);
  });

  it('is required on every page of a section marked verified, and only there', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verified-'));
    const page = (rel: string, fm: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, 'docs', rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'docs', rel), `---\ntitle: T\n${fm}---\n\nText.\n`);
    };
    const record = 'verified:\n  engine: v2.48\n  sources: [cli/commands/deploy.go]\n';
    page('auth/jwt.mdx', record);
    page('auth/webhook.mdx', '');
    page('auth-extra/index.mdx', '');
    page('deployment/index.mdx', '');
    page('_heading_auth.mdx', '');
    fs.writeFileSync(path.join(dir, 'sections.txt'), '# comment\nauth/\n');
    const { sections, missing } = unverifiedPages(path.join(dir, 'docs'), path.join(dir, 'sections.txt'));
    expect(sections).toEqual(['auth']);
    expect(missing).toEqual([
      { page: 'auth/webhook.mdx', section: 'auth' },
      { page: 'auth-extra/index.mdx', section: undefined },
      { page: 'deployment/index.mdx', section: undefined },
    ]);
  });
});
