import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { codeColorsCss, darkCodeTheme, lightCodeTheme } from './colors';

// Writes the code block colours of both modes as a stylesheet that every page loads (see colors.ts).
export default function codeColorsPlugin(context: LoadContext): Plugin<unknown> {
  const name = 'code-colors';
  // Where actions.createData writes for this plugin (default id), so the file can be a client module.
  const stylesheet = path.join(context.generatedFilesDir, name, 'default', 'code-colors.css');
  return {
    name,
    getClientModules: () => [stylesheet],
    async contentLoaded({ actions }) {
      await actions.createData('code-colors.css', codeColorsCss(lightCodeTheme, darkCodeTheme));
    },
  };
}
