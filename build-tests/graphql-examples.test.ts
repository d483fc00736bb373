// Every GraphQL example (GraphiQLIDE) of the production build shows exactly what its MDX source says:
// the query, variables and response in the built HTML equal the template literals of the page's
// source, whitespace included. MDX alone drops indentation from such literals
// (site/src/plugins/template-attributes), so this reads the source independently of that plugin.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseExpressionAt } from 'acorn';
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../site');
const BUILD = path.join(SITE, 'build');
/** Where the docs plugins record each page's source file and permalink during the build. */
const DOC_METADATA = ['default', 'wiki'].map((id) => path.join(SITE, '.docusaurus/docusaurus-plugin-content-docs', id));
const PANES = ['query', 'variables', 'response'] as const;

type Example = { page: string; panes: string[] };

/** The examples of one MDX file, in order: each as the texts of its panes, trimmed as the component shows them. */
export function examplesInSource(mdx: string): string[][] {
  const examples: string[][] = [];
  // Examples shown as code (the authoring guide's) are not rendered: look only outside code fences.
  const prose = mdx.replace(/^([ \t]*)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, (fence) =>
    fence.replace(/[^\n]/g, ' '),
  );
  for (const element of prose.matchAll(/<GraphiQLIDE\b/g)) {
    const end = prose.indexOf('/>', element.index);
    const props: Partial<Record<(typeof PANES)[number], string>> = {};
    for (const name of PANES) {
      const at = prose.slice(element.index, end).search(new RegExp(`\\b${name}=\\{\``));
      if (at < 0) continue;
      const start = element.index + at + name.length + 2;
      const literal = parseExpressionAt(mdx, start, { ecmaVersion: 'latest' });
      if (literal.type !== 'TemplateLiteral') throw new Error(`${name} is not a template literal`);
      props[name] = literal.quasis.map((q) => q.value.cooked).join('');
    }
    examples.push(PANES.flatMap((name) => (props[name] === undefined ? [] : [props[name]!.trim()])));
  }
  return examples;
}

/** The page's source with each partial it imports from src/partials written in where the page renders it. */
export function withPartials(
  mdx: string,
  read = (file: string) => fs.readFileSync(path.join(SITE, file), 'utf8'),
): string {
  let out = mdx;
  for (const [, name, file] of mdx.matchAll(/^import (\w+) from '@site\/(src\/partials\/[^']+\.mdx)';$/gm))
    out = out.replace(new RegExp(`<${name}\\b[^>]*/>`, 'g'), () => read(file!));
  return out;
}

/** The examples of a built page: the text of every code block inside each GraphiQLIDE figure. */
function examplesInHtml(html: string): string[][] {
  const $ = cheerio.load(html);
  return $('[data-testid="graphiql-ide"]')
    .map((_, figure) => [
      $(figure)
        .find('pre code')
        .map((_, code) =>
          $(code)
            .find('.token-line')
            .map((_, line) => $(line).text())
            .get()
            .join('\n'),
        )
        .get(),
    ])
    .get() as string[][];
}

let pages: { page: string; source: Example['panes'][]; built: Example['panes'][] }[] = [];
beforeAll(() => {
  if (!fs.existsSync(path.join(BUILD, 'index.html')))
    throw new Error('No production build: run "npm run build" first.');
  pages = DOC_METADATA.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.startsWith('site-') && f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { source: string; permalink: string })
      .map(({ source, permalink }) => {
        const mdx = withPartials(fs.readFileSync(path.join(SITE, source.replace(/^@site\//, '')), 'utf8'));
        const html = path.join(BUILD, permalink.replace(/^\/docs\/2\.0\//, ''), 'index.html');
        return { page: permalink, mdx, html };
      })
      .filter(({ mdx }) => mdx.includes('<GraphiQLIDE'))
      .map(({ page, mdx, html }) => ({
        page,
        source: examplesInSource(mdx),
        built: examplesInHtml(fs.readFileSync(html, 'utf8')),
      })),
  );
});

describe('GraphQL examples in the built pages', () => {
  it('are found on the pages that have them', () => {
    expect(pages.length).toBeGreaterThan(200);
    expect(pages.reduce((n, p) => n + p.source.length, 0)).toBeGreaterThan(500);
  });

  it('render every query, variables and response exactly as the MDX source writes them', () => {
    const wrong = pages.filter((p) => JSON.stringify(p.source) !== JSON.stringify(p.built));
    const first = wrong[0];
    const detail = first && { page: first.page, source: first.source[0], built: first.built[0] };
    expect({ wrongPages: wrong.map((p) => p.page).slice(0, 20), count: wrong.length, detail }).toEqual({
      wrongPages: [],
      count: 0,
      detail: undefined,
    });
  });
});

describe('withPartials', () => {
  it('writes an imported partial in where the page renders it', () => {
    const page = 'import Check from \'@site/src/partials/check.mdx\';\n\nBefore\n\n<Check db="x" />\n\nAfter\n';
    expect(withPartials(page, () => 'PARTIAL')).toBe(
      "import Check from '@site/src/partials/check.mdx';\n\nBefore\n\nPARTIAL\n\nAfter\n",
    );
  });
});

describe('examplesInSource', () => {
  it('reads each pane in the order the component shows them, with escapes cooked', () => {
    const mdx =
      '<GraphiQLIDE\n  response={`{\n  "a": "\\`x\\`"\n}`}\n  query={`query {\n  a\n}`}\n/>\n\n<GraphiQLIDE query={`{ b }`} />\n\n```mdx\n<GraphiQLIDE query={`{ c }`} />\n```\n';
    expect(examplesInSource(mdx)).toEqual([['query {\n  a\n}', '{\n  "a": "`x`"\n}'], ['{ b }']]);
  });
});
