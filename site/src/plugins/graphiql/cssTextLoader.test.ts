import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const loader = require('./cssTextLoader.cjs') as ((source: string) => string) & {
  stripFontFaces: (css: string) => string;
};

describe('cssTextLoader', () => {
  it('leaves the inlined fonts out of the installed GraphiQL stylesheet, and nothing else', () => {
    const css = fs.readFileSync(require.resolve('graphiql/style.css'), 'utf8');
    expect(css).toContain('@font-face');
    const stripped = loader.stripFontFaces(css);
    expect(stripped).not.toContain('@font-face');
    expect(stripped).not.toContain('data:font/');
    // The rules the editor needs are all still there; the fonts were most of the file.
    expect(stripped).toContain('.graphiql-container .graphiql-sessions');
    expect(stripped.length).toBeLessThan(css.length / 5);
  });

  it('makes a module whose default export is the stylesheet', () => {
    expect(loader('.a { color: red; }')).toBe('export default ".a { color: red; }";');
  });
});
