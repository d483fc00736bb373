// Rspack loader: a stylesheet as a string module, for the "Try it" editor to insert when it opens
// (GraphiQLIDE/stylesheets.ts). Used inline with "!!", so Docusaurus's CSS loaders stay out of it:
// they would put the CSS in the stylesheet every page loads, or in a CSS chunk whose loading code
// every page's runtime would then carry.
// @font-face rules are dropped: graphiql's inline Roboto and Fira Code as base64 (~235 KB of its
// ~270 KB gzip), and the editor uses the site's fonts. CommonJS because the bundler require()s loaders.
module.exports = function cssTextLoader(source) {
  return `export default ${JSON.stringify(stripFontFaces(source))};`;
};

function stripFontFaces(css) {
  return css.replace(/@font-face\s*\{[^}]*\}\s*/g, '');
}
module.exports.stripFontFaces = stripFontFaces;
