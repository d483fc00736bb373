// prismjs grammar files extend a global `Prism`. Pages import this module before their grammars
// (see index.ts), so the grammars land in the Prism instance that prism-react-renderer highlights with.
// It stays set: a later page's grammars need it too, and this module runs only once.
import { Prism } from 'prism-react-renderer';

(globalThis as { Prism?: typeof Prism }).Prism = Prism;
