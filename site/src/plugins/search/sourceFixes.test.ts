// @vitest-environment node
// The build-time fixes of DocSearch and theme-search-algolia, run through the real loader against
// the installed files: each must apply exactly once, and a fix whose text is gone must fail loudly.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { findInstalled } from './index';
import { DOCSEARCH_FIXES, EMBEDDED_FIXES, type SourceFix } from './sourceFixes';

const require = createRequire(import.meta.url);
const loader = require('./replaceOnceLoader.cjs') as (this: unknown, source: string) => string;

function runLoader(file: string, source: string, fixes: SourceFix[]): string {
  return loader.call({ resourcePath: file, getOptions: () => ({ fixes }) }, source);
}

describe.each([...DOCSEARCH_FIXES, ...EMBEDDED_FIXES])('$name', (fix) => {
  test('applies exactly once to the installed file', async () => {
    const file = fs.realpathSync(await findInstalled(fix.file));
    const source = fs.readFileSync(file, 'utf8');
    const fixed = runLoader(file, source, [fix]);
    expect(fixed).not.toBe(source);
    expect(fixed.split(fix.replace).length - 1).toBeGreaterThanOrEqual(1);
    expect(fixed).not.toContain(fix.find);
  });
});

test('a fix whose text is not in the file fails the build, naming the fix', () => {
  const fix = DOCSEARCH_FIXES[0]!;
  expect(() => runLoader(`/x/node_modules/${fix.file}`, 'unrelated source', [fix])).toThrow(
    `Search source fix "${fix.name}" expected its text once in ${fix.file}, found it 0 times`,
  );
});

test('files that no fix targets pass through unchanged', () => {
  expect(runLoader('/x/node_modules/other/index.js', 'const a = 1;', DOCSEARCH_FIXES)).toBe('const a = 1;');
});
