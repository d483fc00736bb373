import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The shape every benchmark returns, so `npm run bench` can gather them into one Markdown table.
// A benchmark file exports `run(): Promise<BenchReport>` and, when run directly, prints `toMarkdown(report)`.
export interface BenchRow {
  metric: string;
  value: string;
  /** The target from the issue, e.g. "≤ 150 KB", when there is one. */
  target?: string;
}

export interface BenchReport {
  title: string;
  rows: BenchRow[];
}

export function toMarkdown({ title, rows }: BenchReport): string {
  const lines = [`### ${title}`, '', '| metric | value | target |', '| --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.metric} | ${r.value} | ${r.target ?? ''} |`);
  return lines.join('\n') + '\n';
}

/** True when the module at `moduleUrl` is the script node was started with (run directly, not imported). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}

/** Several reports as one table, each row led by its benchmark's title. */
export function toTable(reports: BenchReport[]): string {
  const lines = ['| benchmark | metric | value | target |', '| --- | --- | --- | --- |'];
  for (const { title, rows } of reports) {
    for (const r of rows) lines.push(`| ${title} | ${r.metric} | ${r.value} | ${r.target ?? ''} |`);
  }
  return lines.join('\n') + '\n';
}

/** The section of bench/results/latest.md that reference-compare.ts writes and `npm run bench` keeps. */
export const REFERENCE_SECTION = 'Against the reference build';

/**
 * A `## heading` section of a Markdown file: from its heading line to the next `## ` heading or the end,
 * or undefined when the file has none.
 */
export function getSection(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return undefined;
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines
    .slice(start, next < 0 ? undefined : next)
    .join('\n')
    .trimEnd();
}

/** The Markdown with its `## heading` section replaced by `section` (which starts with that heading), or added at the end. */
export function setSection(markdown: string, heading: string, section: string): string {
  const old = getSection(markdown, heading);
  const body = section.trimEnd();
  if (old !== undefined) return markdown.replace(old, () => body);
  return `${markdown.trimEnd()}\n\n${body}\n`;
}
