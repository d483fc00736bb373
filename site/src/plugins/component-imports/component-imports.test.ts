import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import remarkComponentImports from '.';

const compiled = async (mdx: string) =>
  String(await compile(mdx, { remarkPlugins: [remarkComponentImports], jsx: true }));
const importLines = (code: string) => code.split('\n').filter((line) => line.startsWith('import '));

describe('component imports', () => {
  it('imports each component a page uses, once, and none it does not use', async () => {
    const code = await compiled(
      [
        '# Page',
        '',
        '<Tabs>',
        '  <TabItem value="a">One <ProductBadge ee /></TabItem>',
        '  <TabItem value="b">Two</TabItem>',
        '</Tabs>',
      ].join('\n'),
    );
    expect(importLines(code)).toEqual([
      'import ProductBadge from "@site/src/components/ProductBadge";',
      'import TabItem from "@theme/TabItem";',
      'import Tabs from "@theme/Tabs";',
    ]);
    // The page renders the imported components, not ones looked up in the MDX provider.
    expect(code).toMatch(/<Tabs>/);
    expect(code).not.toMatch(/_components\.Tabs|Tabs\s*=\s*_components/);
  });

  it('adds nothing to a page without components, and keeps an import the author wrote', async () => {
    expect(importLines(await compiled('# Plain page\n\nText and `code`.'))).toEqual([]);
    const code = await compiled(
      'import Tabs from \'./MyTabs\';\n\n<Tabs>x</Tabs>\n\n<Thumbnail src="/a.png" alt="A" />',
    );
    expect(importLines(code)).toEqual([
      'import Thumbnail from "@site/src/components/Thumbnail";',
      "import Tabs from './MyTabs';",
    ]);
  });
});
