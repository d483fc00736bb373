// prismjs grammar files extend a global `Prism`. grammars.ts imports this module before the grammars,
// so they land in the Prism instance that prism-react-renderer highlights with.
import { Prism } from 'prism-react-renderer';

(globalThis as { Prism?: typeof Prism }).Prism = Prism;
