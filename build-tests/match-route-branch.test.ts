// The kept patch hunk `matchRouteBranch.js` (patches/, @docusaurus/core) finds a pathname's routes with
// string comparisons instead of react-router-config's matchRoutes. It must return exactly what matchRoutes
// returns, for every route the site builds and for the paths around them (no trailing slash, other case,
// a segment more, unknown pages): checked here on the route table of the production build.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROUTES_FILE = path.resolve(HERE, '../site/.docusaurus/routes.js');

type Route = { path?: string; exact?: boolean; routes?: Route[] };

/** The build's route table, with each route's component left out (the matching never reads it). */
function builtRoutes(): Route[] {
  if (!fs.existsSync(ROUTES_FILE)) throw new Error(`No ${ROUTES_FILE}: run "npm run build" first.`);
  const source = fs
    .readFileSync(ROUTES_FILE, 'utf8')
    .replace(/^import .*$/gm, '')
    .replace(/ComponentCreator\([^)]*\)/g, 'null')
    .replace('export default', 'return');
  return new Function(source)() as Route[];
}

describe('matchRouteBranch (patched @docusaurus/core)', () => {
  it('returns the branch react-router-config’s matchRoutes returns, for every built route and its neighbours', async () => {
    const core = createRequire(import.meta.url).resolve('@docusaurus/core/package.json');
    const requireFromCore = createRequire(core);
    const { default: matchRouteBranch } = (await import(
      path.join(path.dirname(core), 'lib/client/matchRouteBranch.js')
    )) as { default: (routes: Route[], pathname: string) => Route[] };
    const { matchRoutes } = requireFromCore('react-router-config') as {
      matchRoutes: (routes: Route[], pathname: string) => { route: Route }[];
    };
    const routes = builtRoutes();
    const paths = new Set<string>();
    const walk = (list: Route[]) =>
      list.forEach((route) => {
        if (route.path && route.path !== '*') paths.add(route.path);
        walk(route.routes ?? []);
      });
    walk(routes);
    expect(paths.size).toBeGreaterThan(600);
    const probes = [...paths].flatMap((p) => [
      p,
      p.replace(/\/$/, ''),
      p.toUpperCase(),
      `${p}extra/`,
      `${p.replace(/\/$/, '')}-more/`,
    ]);
    probes.push('/', '/docs/2.0', '/docs/2.0/no-such-page/', '/other/', '');
    const differing = probes.filter(
      (pathname) =>
        JSON.stringify(matchRouteBranch(routes, pathname).map((r) => r.path)) !==
        JSON.stringify(matchRoutes(routes, pathname).map(({ route }) => route.path)),
    );
    expect(differing).toEqual([]);
  });
});
