// Exact-text fixes applied at build time to DocSearch 4.7.0 (bundled, minified) and to
// theme-search-algolia 3.10.2 by replaceOnceLoader.cjs. Each `find` must occur exactly once
// in its file, so an upgrade that moves the code fails the build with the fix's name instead of
// silently shipping the old behaviour. `npm test` checks every fix against the installed files.

export interface SourceFix {
  /** What the fix is for, shown when it no longer applies. */
  name: string;
  /** Path suffix of the file in node_modules, with forward slashes. */
  file: string;
  find: string;
  replace: string;
}

const MODAL = '@docsearch/react/dist/esm/DocSearchModal.js';
const BUTTON = '@docsearch/react/dist/esm/DocSearchButton.js';
const SEARCH_BAR = '@docusaurus/theme-search-algolia/lib/theme/SearchBar/index.js';

export const DOCSEARCH_FIXES: SourceFix[] = [
  {
    // The button shows "Search" and the key hints "Ctrl K" but was named "Search (Control+k)": the
    // name left out words the reader sees (WCAG 2.5.3, axe label-content-name-mismatch). Without the
    // aria-label the name is the visible text, "Search Ctrl K"; aria-keyshortcuts still states the shortcut.
    name: 'search button named by its visible text',
    file: BUTTON,
    find: '"aria-label":A?"".concat(E," (").concat(L,")"):E,',
    replace: '',
  },
  {
    // The modal's backdrop was a focusable role=button, with the combobox attributes of autocomplete's
    // root element, around the whole modal: a control with controls inside (axe nested-interactive).
    // The input already is the combobox; the container becomes the modal dialog, named like the input.
    // A click on the backdrop still closes it (mouse only; Escape and the Cancel button do the same).
    name: 'search modal container is a dialog',
    file: MODAL,
    find: 'ot({"aria-expanded":!0}),{className:["DocSearch","DocSearch-Container","stalled"===ce.status&&"DocSearch-Container--Stalled","error"===ce.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"button",tabIndex:0,',
    replace:
      '{"aria-labelledby":ot()["aria-labelledby"]},{className:["DocSearch","DocSearch-Container","stalled"===ce.status&&"DocSearch-Container--Stalled","error"===ce.status&&"DocSearch-Container--Errored"].filter(Boolean).join(" "),role:"dialog","aria-modal":"true",tabIndex:-1,',
  },
  {
    // Each option (<li role=option>) held a link to the hit: an option's content is presentational,
    // so the link was a control inside a control (axe nested-interactive). The link itself becomes the
    // option (id, aria-selected and the pointer handlers move onto it) and the <li> steps aside.
    // Our SearchBar wrapper's hit component passes these props on to its link.
    name: 'each hit link is the option',
    file: MODAL,
    find: 'return e.createElement("li",F({className:["DocSearch-Hit",n.__docsearch_parent&&"DocSearch-Hit--Child"].filter(Boolean).join(" ")},i({item:n,source:s.source,onClick:function(e){o(n,e)}})),e.createElement(c,{hit:n},',
    replace:
      'return e.createElement("li",{className:["DocSearch-Hit",n.__docsearch_parent&&"DocSearch-Hit--Child"].filter(Boolean).join(" "),role:"none"},e.createElement(c,F({hit:n},i({item:n,source:s.source,onClick:function(e){o(n,e)}})),',
  },
  {
    // Upstream keeps lvl0 names of *earlier* queries as suggestions (and stores them as an object,
    // so they never render) and adds each query's nbHits to the previous query's count. We set the
    // count of this query and, when it has no hits, the suggestions our search client returns.
    name: 'count and suggestions of the current query',
    file: MODAL,
    find: 'r.context.searchSuggestions.length<Object.keys(o).length&&u({searchSuggestions:k(k({},null!==(t=r.context.searchSuggestions)&&void 0!==t?t:[]),Object.keys(o))});if(i){var s=r.context.nbHits;u({nbHits:(null!=s?s:0)+i})}',
    replace:
      'u({searchError:!1,nbHits:i,searchSuggestions:i?Object.keys(o):Array.isArray(n.suggestions)?n.suggestions:[]});',
  },
  {
    // Upstream sets status "error" only for Algolia's RetryError and rethrows; autocomplete then
    // resets the status to "idle", so the error screen never shows. We remember which query failed
    // in the context (which autocomplete does not reset) and return no sources.
    name: 'remember the failed query',
    file: MODAL,
    find: 'case 3:throw e.p=3,"RetryError"===(g=e.v).name&&a("error"),g;',
    replace: 'case 3:return e.p=3,g=e.v,u({searchError:n,nbHits:0}),a("error"),e.a(2,[]);',
  },
  {
    name: 'show the error screen for the failed query',
    file: MODAL,
    find: '"error"===(null===(n=a.state)||void 0===n?void 0:n.status)?e.createElement(Ou,',
    replace:
      '"error"===(null===(n=a.state)||void 0===n?void 0:n.status)||a.state.query&&a.state.context.searchError===a.state.query?e.createElement(Ou,',
  },
];

/** Only with the embedded index: no preconnect to a hosted-search host that will never be used. */
export const EMBEDDED_FIXES: SourceFix[] = [
  {
    name: 'no preconnect to the hosted service',
    file: SEARCH_BAR,
    find: `<link
          rel="preconnect"
          href={\`https://\${props.appId}-dsn.algolia.net\`}
          crossOrigin="anonymous"
        />`,
    replace: '',
  },
];
