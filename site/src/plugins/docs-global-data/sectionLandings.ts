/** A doc as the docs plugin loaded it: its id (its file's path under the docs folder) and its URL. */
export type LandingCandidate = { id: string; permalink: string };

/** Preferred landing docs of a folder, in order. */
const LANDING_IDS = ['overview', 'index'];

/**
 * The landing page of every folder of docs (a section or a subsection, e.g. "queries", "getting-started/how-it-works"):
 * its overview, else its index, else its first page by id.
 */
export function sectionLandings(docs: readonly LandingCandidate[]): Record<string, string> {
  const byFolder = new Map<string, LandingCandidate[]>();
  for (const doc of docs) {
    const parts = doc.id.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const inFolder = byFolder.get(folder);
      if (inFolder) inFolder.push(doc);
      else byFolder.set(folder, [doc]);
    }
  }
  const landings: Record<string, string> = {};
  for (const [folder, inFolder] of byFolder) {
    const preferred = LANDING_IDS.map((id) => inFolder.find((d) => d.id === `${folder}/${id}`)).find(Boolean);
    landings[folder] = (preferred ?? [...inFolder].sort((a, b) => a.id.localeCompare(b.id))[0]!).permalink;
  }
  return landings;
}
