// The pre-build page check (scripts/check-pages.mjs) must know exactly the components that pages may
// use without an import: ours (imported for each page by src/plugins/component-imports, or registered in
// MDXComponents.tsx) and Docusaurus's own capitalised ones.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOBAL_COMPONENTS } from '../../../scripts/check-pages.mjs';
import { COMPONENT_MODULES } from '../plugins/component-imports';

const here = path.dirname(new URL(import.meta.url).pathname);
const objectKeys = (source: string, start: RegExp) => {
  const body = source.slice(source.search(start));
  const literal = body.slice(body.indexOf('{') + 1, body.indexOf('};'));
  return [...literal.matchAll(/^\s*([A-Za-z]\w*)\s*[:,]/gm)].map((m) => m[1]!).filter((k) => /^[A-Z]/.test(k));
};

describe('components pages may use without an import', () => {
  it('are the same in the page check as in component-imports, MDXComponents.tsx and Docusaurus’s own', () => {
    const ours = objectKeys(fs.readFileSync(path.join(here, 'MDXComponents.tsx'), 'utf8'), /export default \{/);
    const docusaurus = objectKeys(
      fs.readFileSync(require.resolve('@docusaurus/theme-classic/lib/theme/MDXComponents/index.js'), 'utf8'),
      /const MDXComponents = \{/,
    ).filter((name) => name !== 'Head');
    const imported = Object.keys(COMPONENT_MODULES);
    expect(imported.length).toBeGreaterThan(5);
    expect([...(GLOBAL_COMPONENTS as string[])].sort()).toEqual(
      [...new Set([...imported, ...ours, ...docusaurus])].sort(),
    );
  });
});
