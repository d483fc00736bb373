// The row anchors' naming rule, on its own so that browser code (search hits) can use it too.

/** A URL fragment for an identifier: lower case, runs of other characters as one hyphen. */
export function anchorFor(identifier: string): string {
  return identifier
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
