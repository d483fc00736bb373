// The search backend is chosen when the site config loads: a half-configured hosted search must stop
// the build at once, naming the missing variables (no site is built, so this takes seconds).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('a build with only some ALGOLIA_* variables fails, naming the missing ones', () => {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ALGOLIA_APP_ID: 'APP123' };
  delete env.ALGOLIA_SEARCH_API_KEY;
  delete env.ALGOLIA_INDEX_NAME;
  const res = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', 'build-never'],
    { cwd: path.join(ROOT, 'site'), env, encoding: 'utf8', timeout: 120_000 },
  );
  expect(res.status).not.toBe(0);
  expect(`${res.stdout}${res.stderr}`).toContain(
    'Hosted search is half configured: ALGOLIA_SEARCH_API_KEY, ALGOLIA_INDEX_NAME are not set.',
  );
});
