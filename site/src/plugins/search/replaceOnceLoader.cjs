// Rspack loader that applies sourceFixes.ts to a dependency's file. CommonJS because the bundler
// require()s loaders; the fixes live in sourceFixes.ts and arrive as options.
// Each text must occur exactly once, or the build fails naming the fix.
module.exports = function replaceOnceLoader(source) {
  const file = this.resourcePath.replace(/\\/g, '/');
  let out = source;
  for (const fix of this.getOptions().fixes) {
    if (!file.endsWith(fix.file)) continue;
    const count = out.split(fix.find).length - 1;
    if (count !== 1) {
      throw new Error(
        `Search source fix "${fix.name}" expected its text once in ${fix.file}, found it ${count} times. ` +
          'The dependency changed: update site/src/plugins/search/sourceFixes.ts.',
      );
    }
    out = out.replace(fix.find, () => fix.replace);
  }
  return out;
};
