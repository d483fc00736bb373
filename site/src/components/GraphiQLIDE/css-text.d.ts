// Stylesheets imported as text through site/src/plugins/graphiql/cssTextLoader.cjs.
declare module '!!*' {
  const css: string;
  export default css;
}
