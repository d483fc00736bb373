// Remark plugin: every example runs the same engine release. Image tags in code blocks and inline code
// (hasura/graphql-engine:v2.x.y, with any suffix such as .cli-migrations-v3 or -ce) are rewritten to
// ENGINE_VERSION, so pages written at different times never disagree. A page that is about a particular
// release (an upgrade or downgrade guide) keeps its tags with `pin_engine_version: true` in front matter.
import type { Code, InlineCode, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ENGINE_VERSION } from '../../constants';

const IMAGE_TAG = /(hasura\/graphql-engine:)v2\.\d+\.\d+(?=[.\-\w]*)/g;

export function withEngineVersion(text: string, version = ENGINE_VERSION): string {
  return text.replace(IMAGE_TAG, `$1${version}`);
}

export default function remarkEngineVersion() {
  return (tree: Root, file: VFile): void => {
    const frontMatter = (file.data as { frontMatter?: Record<string, unknown> }).frontMatter;
    if (frontMatter?.pin_engine_version === true) return;
    visit(tree, ['code', 'inlineCode'], (node) => {
      const code = node as Code | InlineCode;
      code.value = withEngineVersion(code.value);
    });
  };
}
