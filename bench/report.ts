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
