// Docusaurus's code block content (prism-react-renderer) with every grammar the docs use: the chunk
// that highlights code rendered in the browser. A first visit never loads it (see ./index.tsx).
import '@site/src/code-blocks/grammars';

export { default } from '@theme-original/CodeBlock/Content';
