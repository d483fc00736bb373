import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const scripts = (file: string) => (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts;
/** The flags between `node` and the entry file of every command in `text` that starts the built server. */
const flagsOfStarts = (text: string, entry: string) =>
  [...text.matchAll(new RegExp(`node((?: --[\\w-]+(?:=\\S+)?)*) ${entry.replace(/[.]/g, '\\.')}`, 'g'))].map((m) =>
    m[1]!.trim().split(/\s+/).filter(Boolean),
  );

describe('the docs-server is started with NODE_FLAGS everywhere', () => {
  it('by npm run serve and the workspace start script', () => {
    expect(flagsOfStarts(scripts('package.json').serve!, 'docs-server/dist/main.js')).toEqual([[...NODE_FLAGS]]);
    expect(flagsOfStarts(scripts('docs-server/package.json').start!, 'dist/main.js')).toEqual([[...NODE_FLAGS]]);
  });

  it('in the deployment guide and the docs-server README', () => {
    for (const file of ['deploy/README.md', 'docs-server/README.md']) {
      const starts = flagsOfStarts(read(file), 'docs-server/dist/main.js');
      expect(starts.length, file).toBeGreaterThan(0);
      for (const flags of starts) expect(flags, file).toEqual([...NODE_FLAGS]);
    }
  });

  it('by the tests and benchmarks that spawn the real server', () => {
    expect(read('docs-server/test/helpers.ts')).toMatch(/execArgv: \['--import', 'tsx', \.\.\.NODE_FLAGS/);
  });
});
