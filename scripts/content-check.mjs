#!/usr/bin/env node
// The content bar for every page in the repository: MDX compiles, links resolve, front matter is
// complete (scripts/check-pages.mjs), and the shared content report finds nothing breaking the bar.
// Without the report (../shared beside the repository) the check fails in CI; elsewhere it exits 3,
// which the test command reports as skipped, never as passed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const SKIPPED_EXIT = 3;

let ok = spawnSync('node', ['scripts/check-pages.mjs'], { stdio: 'inherit' }).status === 0;
const report = '../shared/tools/content-report';
if (fs.existsSync(report)) {
  ok = spawnSync(report, ['--strict'], { stdio: 'inherit' }).status === 0 && ok;
  process.exit(ok ? 0 : 1);
}
console.error(`\n${report} is missing: the shared content report (route coverage, content bar) did not run.`);
if (process.env.CI) {
  console.error('CI needs it: clone the workplace so ../shared sits beside this repository.');
  process.exit(1);
}
process.exit(ok ? SKIPPED_EXIT : 1);
