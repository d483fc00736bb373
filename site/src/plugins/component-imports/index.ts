// Remark plugin: authors use our components (<Tabs>, <ProductBadge>, <Thumbnail>…) without imports, and
// each page imports only the ones it uses. Registered in MDXComponents instead, every one of them was in
// the JavaScript of every page's first load, whether the page used it or not. (GraphiQLIDE stays registered
// there: it renders code blocks, whose code is in the chunk every doc page loads; imported by a page's
// content, it would bring a copy of the code block with it.)
import { parse } from 'acorn';
import type { Root, RootContent } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';

/** The components pages may use without an import, and the module each comes from. */
export const COMPONENT_MODULES = {
  Tabs: '@theme/Tabs',
  TabItem: '@theme/TabItem',
  Thumbnail: '@site/src/components/Thumbnail',
  ProductBadge: '@site/src/components/ProductBadge',
  ReleaseTag: '@site/src/components/ReleaseTag',
  ListTable: '@site/src/components/ListTable',
  SectionCards: '@site/src/components/SectionCards',
  SearchShortcut: '@site/src/components/SearchShortcut',
} as const satisfies Record<string, string>;

/**
 * The components whose code one chunk, `mdx`, holds for every page that uses any of them (chunk-loading
 * configures it): otherwise each page's content chunk would carry its own copy. SearchShortcut and
 * SectionCards stay out: the landing page imports them too, and would then load all of these.
 */
export const CONTENT_CHUNK_COMPONENTS = [
  'Tabs',
  'TabItem',
  'Thumbnail',
  'ProductBadge',
  'ReleaseTag',
  'ListTable',
] as const satisfies readonly (keyof typeof COMPONENT_MODULES)[];

/** Names the document's own imports and exports already bind (an author's explicit import wins). */
function declaredNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of (node as MdxjsEsm).data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration') statement.specifiers.forEach((s) => names.add(s.local.name));
      if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration') {
        for (const d of statement.declaration.declarations) if (d.id.type === 'Identifier') names.add(d.id.name);
      }
    }
  }
  return names;
}

function importNode(name: string, from: string): MdxjsEsm {
  const value = `import ${name} from ${JSON.stringify(from)};`;
  // MDX compiles ESM from its ESTree; acorn's Program is the shape it expects.
  const estree = parse(value, { ecmaVersion: 'latest', sourceType: 'module' });
  return { type: 'mdxjsEsm', value, data: { estree: estree as never } };
}

export default function remarkComponentImports() {
  return (tree: Root): void => {
    const used = new Set<string>();
    visit(tree, ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node) => {
      const name = (node as { name?: string | null }).name;
      if (name && Object.hasOwn(COMPONENT_MODULES, name)) used.add(name);
    });
    const declared = declaredNames(tree);
    const imports = [...used]
      .filter((name) => !declared.has(name))
      .sort()
      .map((name) => importNode(name, COMPONENT_MODULES[name as keyof typeof COMPONENT_MODULES]));
    tree.children.unshift(...(imports as RootContent[]));
  };
}
