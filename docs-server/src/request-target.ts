/**
 * The path and query of an HTTP request, parsed so that no request-target can throw.
 *
 * `new URL(req.url, base)` is not safe: a target such as `//` or `/\` is read as a scheme-relative URL with
 * an empty host, and `http://[/` (absolute form) is no URL at all; both throw. Here the server's own
 * origin is put in front of an origin-form target instead, so what follows can only be a path and a query.
 * Runs of slashes are merged and the WHATWG parser resolves dot segments, as nginx normalises the path it
 * matches locations against (merge_slashes), so the docs-server and the proxy agree on which path a
 * request names: nginx forwards the raw target, such as `//a:b/../docs-services/docs-server/health`.
 */
export interface RequestTarget {
  /** Percent-encoded, dot segments resolved, always starting with "/". */
  pathname: string;
  /** "" or "?…". */
  search: string;
  searchParams: URLSearchParams;
}

const ORIGIN = 'http://docs-server.invalid';

/** undefined when the target names no path of this server (malformed, `*`, authority form). */
export function parseRequestTarget(raw: string | undefined): RequestTarget | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    if (raw.startsWith('/')) {
      const query = raw.indexOf('?');
      const path = query < 0 ? raw : raw.slice(0, query);
      url = new URL(`${ORIGIN}${path.replace(/\/{2,}/g, '/')}${query < 0 ? '' : raw.slice(query)}`);
    }
    // Absolute form (`GET http://host/path`): only http(s) names a path here.
    else if (/^https?:\/\//i.test(raw)) url = new URL(raw);
    else return undefined;
  } catch {
    return undefined;
  }
  return { pathname: url.pathname, search: url.search, searchParams: url.searchParams };
}
