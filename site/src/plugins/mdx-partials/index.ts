// MDX partials (src/partials/*.mdx, text shared by twin pages) are compiled with the same remark and
// rehype plugins as the pages that import them. Without this they would go through Docusaurus's
// fallback MDX loader, which runs none of ours: a GraphQL example in a partial lost its indentation
// and its image tags kept whatever version they were written with. Docusaurus's fallback rule leaves
// alone the files another MDX rule includes, so this rule takes the partials over.
import path from 'node:path';
import { createMDXLoaderItem } from '@docusaurus/mdx-loader';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Options as MDXLoaderOptions } from '@docusaurus/mdx-loader/lib/options';

export const PARTIALS_DIR = 'src/partials';

type Options = Pick<MDXLoaderOptions, 'remarkPlugins' | 'rehypePlugins'>;

export default async function mdxPartialsPlugin(
  context: LoadContext,
  pluginOptions: unknown,
): Promise<Plugin<unknown>> {
  const options = pluginOptions as Options;
  const { siteDir, siteConfig } = context;
  const loader = await createMDXLoaderItem({
    admonitions: true,
    siteDir,
    staticDirs: siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir)),
    markdownConfig: siteConfig.markdown,
    isMDXPartial: () => true,
    isMDXPartialFrontMatterWarningDisabled: true,
    remarkPlugins: options.remarkPlugins,
    rehypePlugins: options.rehypePlugins,
  });
  return {
    name: 'mdx-partials',
    configureWebpack: () => ({
      module: { rules: [{ test: /\.mdx?$/i, include: [path.join(siteDir, PARTIALS_DIR)], use: [loader] }] },
    }),
  };
}
