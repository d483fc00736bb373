// The editor's stylesheets as text, inserted in the page when it first opens. They travel in the
// editor's chunk: no CSS of GraphiQL in the stylesheet every page loads (see plugins/graphiql).
import graphiqlCss from '!!../../plugins/graphiql/cssTextLoader.cjs!graphiql/style.css';
import editorCss from '!!../../plugins/graphiql/cssTextLoader.cjs!./LiveEditor.css';

let inserted = false;

/** Adds GraphiQL's CSS, then ours over it, once per page load. */
export function insertStylesheets(): void {
  if (inserted || typeof document === 'undefined') return;
  inserted = true;
  for (const [name, css] of [
    ['graphiql', graphiqlCss],
    ['graphiql-ide', editorCss],
  ] as const) {
    const style = document.createElement('style');
    style.dataset.stylesheet = name;
    style.textContent = css;
    document.head.appendChild(style);
  }
}
