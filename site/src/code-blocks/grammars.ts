// Every Prism grammar the docs use beyond the languages prism-react-renderer bundles, in load order
// (each after the grammars it extends). Only the code block's highlighter chunk imports this module
// (src/theme/CodeBlock/Content/Highlighted.tsx), so no page's first load downloads a grammar.
// The remark plugin (languages.ts) fails the build when a page needs a grammar that is not listed here.
import './prismGlobal';
import 'prismjs/components/prism-bash.js';
import 'prismjs/components/prism-csharp.js';
import 'prismjs/components/prism-diff.js';
import 'prismjs/components/prism-docker.js';
import 'prismjs/components/prism-haskell.js';
import 'prismjs/components/prism-hcl.js';
import 'prismjs/components/prism-http.js';
import 'prismjs/components/prism-ini.js';
import 'prismjs/components/prism-java.js';
import 'prismjs/components/prism-nginx.js';
import 'prismjs/components/prism-markup-templating.js';
import 'prismjs/components/prism-php.js';
import 'prismjs/components/prism-plsql.js';
import 'prismjs/components/prism-powershell.js';
import 'prismjs/components/prism-promql.js';
import 'prismjs/components/prism-rest.js';
import 'prismjs/components/prism-ruby.js';
import 'prismjs/components/prism-toml.js';
