// Code highlighting on demand. prism-react-renderer ships a Prism with the common languages; every
// other grammar a page needs is imported by that page's own module, so a page downloads only the
// grammars its code blocks use and no grammar sits in the bundle every page loads.
// The remark plugin below finds the languages of a page's code blocks and adds the imports.
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

/** The module every page imports before its grammars: it lends them the Prism instance to extend. */
export const PRISM_GLOBAL_MODULE = '@site/src/plugins/prism-languages/prismGlobal';

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

/** The import specifiers a page with these code block languages needs, in evaluation order. */
export function importsFor(languages: Iterable<string>): string[] {
  const components = componentsFor(languages);
  return components.length ? [PRISM_GLOBAL_MODULE, ...components.map((id) => `prismjs/components/prism-${id}.js`)] : [];
}

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

/** Remark plugin: adds `import '<grammar>'` statements for the page's code languages. */
export default function remarkPrismLanguages() {
  return (tree: Node) => {
    const imports = importsFor(languagesOf(tree));
    if (imports.length === 0) return;
    tree.children ??= [];
    tree.children.unshift({
      type: 'mdxjsEsm',
      value: imports.map((s) => `import ${JSON.stringify(s)};`).join('\n'),
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: imports.map((s) => ({
            type: 'ImportDeclaration',
            specifiers: [],
            attributes: [],
            source: { type: 'Literal', value: s, raw: JSON.stringify(s) },
          })),
        },
      },
    });
  };
}
