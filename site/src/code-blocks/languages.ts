// Code highlighting. The server renders every code block highlighted; in the browser a first visit
// keeps those lines (src/theme/CodeBlock/Content), and only code rendered in the browser (after a
// client-side navigation, in the docs assistant) loads the highlighter chunk: prism-react-renderer's
// Prism with the grammars of grammars.ts. The remark plugin below checks that every page's code
// languages are among them. How code blocks fit together: README.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Prism } from 'prism-react-renderer';

const require = createRequire(import.meta.url);

type ComponentInfo = { alias?: string | string[]; require?: string | string[] };
const COMPONENTS = (
  JSON.parse(fs.readFileSync(require.resolve('prismjs/components.json'), 'utf8')) as {
    languages: Record<string, ComponentInfo>;
  }
).languages;

const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** prismjs component id of every language name and alias (e.g. sh → bash, dockerfile → docker). */
const COMPONENT_OF = new Map<string, string>();
for (const [id, info] of Object.entries(COMPONENTS)) {
  if (id === 'meta') continue;
  COMPONENT_OF.set(id, id);
  for (const alias of asList(info.alias)) COMPONENT_OF.set(alias, id);
}

/** Languages (and aliases) the bundled Prism of prism-react-renderer already knows. */
export const BUILT_IN_LANGUAGES: ReadonlySet<string> = new Set(
  Object.entries(Prism.languages)
    .filter(([, grammar]) => typeof grammar === 'object')
    .map(([name]) => name),
);

/** True when code in this language gets highlighted tokens (plain text aliases such as `text` do not). */
export function isHighlightable(lang: string): boolean {
  const name = lang.toLowerCase();
  if (BUILT_IN_LANGUAGES.has(name)) return Object.keys(Prism.languages[name] ?? {}).length > 0;
  return COMPONENT_OF.has(name);
}

/**
 * The prismjs components to load for these code block languages, each after the components it
 * requires. Built-in languages and names Prism does not know (text, mdx, ...) need nothing.
 */
export function componentsFor(languages: Iterable<string>): string[] {
  const ordered: string[] = [];
  const add = (id: string) => {
    if (ordered.includes(id) || BUILT_IN_LANGUAGES.has(id)) return;
    for (const dep of asList(COMPONENTS[id]?.require)) add(dep);
    ordered.push(id);
  };
  for (const lang of languages) {
    const name = lang.toLowerCase();
    const id = COMPONENT_OF.get(name);
    if (id && !BUILT_IN_LANGUAGES.has(name)) add(id);
  }
  return ordered;
}

/** The grammars the browser's highlighter loads: the prismjs components grammars.ts imports, in its order. */
export const LOADED_GRAMMARS: readonly string[] = [
  ...fs
    .readFileSync(require.resolve('./grammars.ts'), 'utf8')
    .matchAll(/^import 'prismjs\/components\/prism-([\w-]+)\.js';$/gm),
].map((m) => m[1]!);

// The few mdast/MDX node fields this plugin reads or writes.
type Node = {
  type: string;
  lang?: string | null;
  /** MDX JSX attributes (an array); directives keep a plain object here. */
  attributes?: unknown;
  children?: Node[];
  value?: string;
  data?: unknown;
};

/** Languages of the page's code: fenced blocks, and JSX elements with a literal `language` attribute (<CodeBlock>). */
export function languagesOf(tree: Node): Set<string> {
  const found = new Set<string>();
  const visit = (node: Node) => {
    if (node.type === 'code' && node.lang) found.add(node.lang);
    if (Array.isArray(node.attributes)) {
      for (const attr of node.attributes as { type: string; name?: string; value?: unknown }[]) {
        if (attr.type === 'mdxJsxAttribute' && attr.name === 'language' && typeof attr.value === 'string') {
          found.add(attr.value);
        }
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return found;
}

/** The grammars these languages need that grammars.ts does not import. */
export function missingGrammars(languages: Iterable<string>): string[] {
  return componentsFor(languages).filter((id) => !LOADED_GRAMMARS.includes(id));
}

/**
 * Remark plugin: code is highlighted on the server, and in the browser only by the highlighter chunk
 * with the grammars of grammars.ts. A page with code in a language that chunk cannot highlight would
 * show plain code after a client-side navigation, so the build stops and names the page and grammar.
 */
export default function remarkPrismLanguages() {
  return (tree: Node, file: { path?: string }) => {
    const missing = missingGrammars(languagesOf(tree));
    if (missing.length === 0) return;
    throw new Error(
      `${file.path ?? 'A page'} has code in a language whose Prism grammar is not loaded: ${missing.join(', ')}. ` +
        'Import it in site/src/code-blocks/grammars.ts.',
    );
  };
}
