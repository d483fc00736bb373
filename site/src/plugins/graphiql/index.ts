import type { Plugin } from '@docusaurus/types';

// What the bundler needs for the "Try it" editor (src/components/GraphiQLIDE). Its stylesheets come
// through cssTextLoader.cjs, named in the import itself (GraphiQLIDE/stylesheets.ts).
export default function graphiqlPlugin(): Plugin<unknown> {
  return {
    name: 'graphiql',
    configureWebpack(_config, isServer) {
      return {
        // The toolkit's fetcher imports graphql-ws for subscriptions over a websocket, which "Try it"
        // does not open (it explains why instead: GraphiQLIDE/engine.ts).
        resolve: { alias: { 'graphql-ws': false } },
        // GraphiQL and CodeMirror import their add-ons lazily, ~18 chunks that every page's runtime
        // would list (~0.3 KB gzip on each first load). The editor needs them all once open: one chunk.
        optimization: isServer
          ? {}
          : {
              splitChunks: {
                cacheGroups: {
                  graphiql: {
                    test: /[\\/]node_modules[\\/](graphiql|@graphiql|codemirror|codemirror-graphql|graphql|graphql-language-service)[\\/]/,
                    name: 'graphiql',
                    chunks: 'async',
                    enforce: true,
                    priority: 60,
                  },
                },
              },
            },
      };
    },
  };
}
