import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { AnalyticsOptions } from '../../buildEnv';

// Page-view analytics: a client module sends a page view 50 ms after every route change (see
// pageView.ts) and, when a container id is configured, the tag manager is loaded on every page.
export default function analyticsPlugin(_context: LoadContext, options: unknown): Plugin<unknown> {
  const { gtmContainerId } = options as AnalyticsOptions;
  return {
    name: 'docs-analytics',
    async contentLoaded({ actions }) {
      actions.setGlobalData(options as AnalyticsOptions);
    },
    getClientModules() {
      return [path.resolve(__dirname, './client')];
    },
    injectHtmlTags() {
      if (!gtmContainerId) return {};
      const id = gtmContainerId;
      return {
        headTags: [
          { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.googletagmanager.com' } },
          {
            tagName: 'script',
            attributes: { async: true, src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}` },
          },
          {
            tagName: 'script',
            innerHTML: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`,
          },
        ],
      };
    },
  };
}
