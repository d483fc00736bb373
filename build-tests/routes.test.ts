// The route contract (site/routes.txt, our copy of ../shared/routes.txt): after the production build,
// every route of the checked sections is an HTML page, and no built page falls outside the contract.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUILD = path.resolve(HERE, '../site/build');
const CONTRACT = path.resolve(HERE, '../site/routes.txt');

export function readContract(file = CONTRACT): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current = '';
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('# ')) {
      const name = line
        .slice(2)
        .replace(/\s*\(.*\)$/, '')
        .trim();
      if (/contract|base path|providers/i.test(name) && sections.size === 0) continue;
      current = name.startsWith('special') ? 'special' : name;
      sections.set(current, []);
    } else if (line && !line.startsWith('#')) {
      sections.get(current)!.push(line.split(/\s+/)[0]!.replace(/^\/$/, ''));
    }
  }
  return sections;
}

const builtRoutes = (): string[] =>
  (fs.readdirSync(BUILD, { recursive: true }) as string[])
    .filter((f) => f === 'index.html' || f.endsWith('/index.html'))
    .map((f) => f.replace(/index\.html$/, ''));

describe('route contract', () => {
  const contract = readContract();

  // Outside the workplace there is only our copy: the comparison is then reported as skipped.
  const shared = path.resolve(HERE, '../../shared/routes.txt');
  it.skipIf(!fs.existsSync(shared))('keeps our copy of the contract equal to the shared one', () => {
    expect(fs.readFileSync(CONTRACT, 'utf8')).toBe(fs.readFileSync(shared, 'utf8'));
  });

  it('reads every section of the contract', () => {
    expect(contract.size).toBeGreaterThan(25);
    expect(contract.get('special')).toContain('_heading_basics/');
  });

  for (const section of contract.keys()) {
    it(`builds every route of "${section}"`, () => {
      const missing = (contract.get(section) ?? []).filter((r) => !fs.existsSync(path.join(BUILD, r, 'index.html')));
      expect(missing, `missing routes: ${missing.join(' ')}`).toEqual([]);
    });
  }

  it('builds no page outside the contract', () => {
    const all = new Set([...contract.values()].flat());
    const extra = builtRoutes().filter((r) => !all.has(r));
    expect(extra, `pages outside the contract: ${extra.join(' ')}`).toEqual([]);
  });
});
