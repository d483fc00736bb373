// Builds a small copy of the site (the real config, theme and frame pages, plus the files a test adds)
// so build-time validation can be tested in isolation. Fixtures live in build-tests/.fixture-*/ (ignored by git).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SITE = path.resolve(HERE, '../site');
/** Pages the frame links to (navbar Cloud and Enterprise), as minimal stand-ins. */
const FRAME_DOCS = ['hasura-cloud/overview.mdx', 'enterprise/overview.mdx'];

export type FixtureBuild = { ok: boolean; output: string; siteDir: string; buildDir: string };

export function buildFixtureSite(name: string, files: Record<string, string>): FixtureBuild {
  const siteDir = path.join(HERE, `.fixture-${name}`, 'site');
  fs.rmSync(path.dirname(siteDir), { recursive: true, force: true });
  fs.mkdirSync(siteDir, { recursive: true });
  // The site imports the docs bot's wire protocol from ../docs-server: keep that path valid.
  fs.symlinkSync(path.resolve(SITE, '../docs-server'), path.join(path.dirname(siteDir), 'docs-server'));
  for (const entry of fs.readdirSync(SITE)) {
    if (['docs', 'wiki', 'build', '.docusaurus', 'node_modules'].includes(entry)) continue;
    fs.cpSync(path.join(SITE, entry), path.join(siteDir, entry), { recursive: true });
  }
  for (const f of fs.readdirSync(path.join(SITE, 'docs'))) {
    if (f.endsWith('.mdx')) fs.cpSync(path.join(SITE, 'docs', f), path.join(siteDir, 'docs', f));
  }
  const all: Record<string, string> = {
    ...Object.fromEntries(FRAME_DOCS.map((f) => [`docs/${f}`, page('Overview', 'A frame page of the fixture.')])),
    'wiki/index.mdx':
      '---\ntitle: Wiki\ndescription: Fixture wiki home.\nslug: /\nsidebar_label: Introduction\n---\n\nThe fixture wiki.\n',
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(siteDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, rel), text);
  }
  const res = spawnSync(
    process.execPath,
    [path.resolve(HERE, '../node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'],
    {
      cwd: siteDir,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      timeout: 240_000,
    },
  );
  return {
    ok: res.status === 0,
    output: `${res.stdout}\n${res.stderr}`,
    siteDir,
    buildDir: path.join(siteDir, 'build'),
  };
}

export function page(title: string, body: string, extra = ''): string {
  return `---\ntitle: ${title}\ndescription: A page of a build-test fixture.\n${extra}---\n\n${body}\n`;
}
