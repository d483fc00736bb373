import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {
  ANNOUNCEMENT,
  BASE_URL,
  CURRENT_VERSION_LABEL,
  EDIT_URL,
  NEW_ISSUE_URL,
  NEWER_VERSIONS,
  OLDER_VERSIONS,
  REPO_URL,
  SITE_TITLE,
  SITE_URL,
  SOCIAL_CARD,
  TAGLINE,
  WIKI_VERSION_LABEL,
} from './src/constants';
import { NAVBAR_LINKS } from './src/navbarLinks';
import { SEARCH_PAGE_URL } from './src/plugins/search/paths';
import { cssColoredTheme } from './src/code-blocks/colors';
import { readBuildEnv } from './src/buildEnv';
import analyticsPlugin from './src/plugins/analytics';
import docsCorpusPlugin from './src/plugins/docs-corpus';
import { parseFrontMatterKeepingQuestions } from './src/plugins/pageQuestions';
import llmsTxtPlugin from './src/plugins/llms-txt';
import searchPlugin from './src/plugins/search/build';
import buildConnectionsPlugin from './src/plugins/build-connections';
import chunkLoadingPlugin from './src/plugins/chunk-loading';
import docsGlobalDataPlugin from './src/plugins/docs-global-data';
import docsSidebarDataPlugin from './src/plugins/docs-sidebar-data';
import codeColorsPlugin from './src/code-blocks/colorsPlugin';
import remarkPrismLanguages from './src/code-blocks/languages';
import graphiqlPlugin from './src/plugins/graphiql';
import remarkTemplateAttributes from './src/plugins/template-attributes';
import rehypeTableAnchors from './src/plugins/table-anchors';
import remarkEngineVersion from './src/plugins/engine-version';
import remarkComponentImports from './src/plugins/component-imports';
import mdxPartialsPlugin from './src/plugins/mdx-partials';
import sourceMapsPlugin, { BUNDLE_ANALYSIS_ENV } from './src/plugins/source-maps';

// The build-time environment (README "Configuration at build time"); an invalid value stops the build. Search is
// hosted when ALGOLIA_* are set, the embedded index otherwise. The search dialog and page are ours
// (src/theme/SearchBar, src/theme/SearchPage); the Algolia theme is not used.
const buildEnv = readBuildEnv(process.env);

// Files ending in .wip are never built. Setting `exclude` replaces Docusaurus's default list, which
// would also drop the `_heading_*` pages, so the test/underscore defaults are restated without them.
const EXCLUDE = ['**/*.wip', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];
// Every page's code languages must be ones the browser's highlighter has grammars for (src/code-blocks).
// Multi-line template literals in JSX attributes (GraphiQLIDE's examples) keep their indentation.
// Each page imports the components it uses (Tabs, GraphiQLIDE…): authors write none of those imports.
const remarkPlugins = [remarkPrismLanguages, remarkTemplateAttributes, remarkEngineVersion, remarkComponentImports];
// Every identifier row of a reference table gets its own anchor.
const rehypePlugins = [rehypeTableAnchors];

const config: Config = {
  title: SITE_TITLE,
  tagline: TAGLINE,
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: BASE_URL,
  trailingSlash: true,

  // Build-time validation: broken links and broken markdown links abort the build; duplicate routes warn.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  // Pages' reader questions go to the search index and the assistant, not into the browser bundles.
  markdown: { hooks: { onBrokenMarkdownLinks: 'throw' }, parseFrontMatter: parseFrontMatterKeepingQuestions },

  // The v4 flags, except CSS cascade layers: with them, the layer emulation gives the theme's rules
  // extra specificity, so our own CSS (brand colours, overrides) loses to Infima's defaults.
  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: false,
      siteStorageNamespacing: true,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    faster: true,
  },
  // v4 would suffix every storage key with a hash; the spec fixes the key 'theme'.
  storage: { namespace: false },

  i18n: { defaultLocale: 'en', locales: ['en'] },

  // The docs assistant's server: DOCS_SERVER_URL at build time, else the page's own origin.
  customFields: { docsServerUrl: buildEnv.docsServerUrl },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          path: 'docs',
          sidebarPath: './sidebars.ts',
          exclude: EXCLUDE,
          lastVersion: 'current',
          versions: { current: { label: CURRENT_VERSION_LABEL } },
          editUrl: EDIT_URL,
          // "Last updated on …" under every page, from git.
          showLastUpdateTime: true,
          breadcrumbs: true,
          remarkPlugins,
          rehypePlugins,
        },
        blog: false,
        pages: { remarkPlugins },
        theme: { customCss: './src/css/custom.css' },
        // Every page, with the wiki's last-update dates; search result pages are not content.
        sitemap: { lastmod: 'date', changefreq: null, priority: null, ignorePatterns: [`${SEARCH_PAGE_URL}**`] },
      } satisfies Preset.Options,
    ],
  ],

  // Starts loading the code highlighter when a client-side navigation starts (see the module); the
  // page-loading bar's timings and template (evaluated after theme-classic's own nprogress module).
  clientModules: [
    './src/code-blocks/preloadHighlighter.ts',
    './src/plugins/sidebar-reveal/index.ts',
    './src/plugins/progress-bar/index.ts',
  ],
  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'wiki',
        path: 'wiki',
        routeBasePath: 'wiki',
        sidebarPath: './sidebarsWiki.ts',
        exclude: EXCLUDE,
        // No "Version: Next" badge: the navbar's version menu already says which engine version the site is for.
        versions: { current: { label: WIKI_VERSION_LABEL, badge: false } },
        editUrl: EDIT_URL,
        showLastUpdateAuthor: true,
        showLastUpdateTime: true,
        breadcrumbs: true,
        remarkPlugins,
        rehypePlugins,
      },
    ],
    // Partials shared by twin pages go through the same remark and rehype plugins as the pages.
    [mdxPartialsPlugin, { remarkPlugins, rehypePlugins }],
    [analyticsPlugin, buildEnv.analytics],
    [searchPlugin, buildEnv.search],
    // connections.json: what the build talks to, for the servers' Content-Security-Policy.
    [buildConnectionsPlugin, buildEnv],
    docsCorpusPlugin,
    llmsTxtPlugin,
    chunkLoadingPlugin,
    docsGlobalDataPlugin,
    docsSidebarDataPlugin,
    codeColorsPlugin,
    graphiqlPlugin,
    // Client source maps for bench/bundle.ts only: normal builds stay without them.
    ...(process.env[BUNDLE_ANALYSIS_ENV] === '1' ? [sourceMapsPlugin] : []),
  ],

  themeConfig: {
    // Docusaurus adds og:image, twitter:image and twitter:card (summary_large_image) from `image`.
    image: SOCIAL_CARD.path,
    metadata: [
      { name: 'keywords', content: 'hasura, graphql, graphql engine, postgres, docs' },
      { property: 'og:site_name', content: SITE_TITLE },
      { property: 'og:type', content: 'website' },
      { property: 'og:image:width', content: String(SOCIAL_CARD.width) },
      { property: 'og:image:height', content: String(SOCIAL_CARD.height) },
      { property: 'og:image:alt', content: SOCIAL_CARD.alt },
      { name: 'twitter:image:alt', content: SOCIAL_CARD.alt },
    ],
    announcementBar: { ...ANNOUNCEMENT, isCloseable: true },
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    docs: { sidebar: { hideable: true, autoCollapseCategories: true } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: 'Hasura',
      logo: { alt: 'Hasura logo', src: 'img/logo.svg', href: BASE_URL, target: '_self' },
      hideOnScroll: false,
      items: [
        { label: 'Cloud', to: '/hasura-cloud/overview/', position: 'left' },
        { label: 'Enterprise', to: '/enterprise/overview/', position: 'left' },
        // The links to hasura.io share one menu, so the navbar stays on one line down to 997 px.
        {
          type: 'dropdown',
          label: 'Resources',
          position: 'left',
          items: [
            { label: 'Product', href: NAVBAR_LINKS.product },
            { label: 'Blog', href: NAVBAR_LINKS.blog },
            { label: 'Tutorials', href: NAVBAR_LINKS.tutorials },
            { label: "What's New", href: NAVBAR_LINKS.whatsNew },
            { label: 'Pricing', href: NAVBAR_LINKS.pricing },
          ],
        },
        {
          type: 'docsVersionDropdown',
          position: 'right',
          // Newest first: v3.x above the current v2.x, v1.x below it.
          dropdownItemsBefore: NEWER_VERSIONS.map(({ label, href }) => ({ label, href })),
          dropdownItemsAfter: OLDER_VERSIONS.map(({ label, href }) => ({ label, href })),
          dropdownActiveClassDisabled: true,
        },
        { type: 'search', position: 'right' },
        {
          href: REPO_URL,
          position: 'right',
          className: 'header-github-link',
          'aria-label': 'Hasura GraphQL Engine on GitHub',
        },
        { label: 'Login', href: NAVBAR_LINKS.login, position: 'right', className: 'navbar-login' },
        {
          label: 'Get Started',
          href: NAVBAR_LINKS.getStarted,
          position: 'right',
          className: 'button button--primary navbar-get-started',
        },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            { label: 'Getting started', to: '/_heading_basics/' },
            { label: 'Docs map', to: '/index/' },
            { label: 'Contributors’ wiki', to: '/wiki/' },
          ],
        },
        {
          title: 'Community',
          items: [
            { label: 'Discord', href: 'https://discord.com/invite/hasura' },
            { label: 'GitHub Discussions', href: `${REPO_URL}/discussions` },
            { label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/hasura' },
          ],
        },
        {
          title: 'Company',
          items: [
            { label: 'Blog', href: NAVBAR_LINKS.blog },
            { label: 'Pricing', href: NAVBAR_LINKS.pricing },
            { label: 'Careers', href: 'https://hasura.io/careers/' },
          ],
        },
        {
          title: 'Source',
          items: [
            { label: 'GraphQL Engine on GitHub', href: REPO_URL },
            { label: 'Report a docs issue', href: NEW_ISSUE_URL },
            { label: 'Status page', href: 'https://status.hasura.io/' },
          ],
        },
      ],
      copyright: `© ${new Date().getFullYear()} Hasura Inc. Documentation written for Hasura GraphQL Engine v2.x.`,
    },
    prism: {
      // Code colours come as CSS for both modes (src/code-blocks/colors.ts, colorsPlugin.ts).
      theme: cssColoredTheme,
      darkTheme: cssColoredTheme,
      // None: the highlighter chunk loads the grammars the docs use (src/code-blocks/grammars.ts).
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
