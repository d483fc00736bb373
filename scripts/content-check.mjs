#!/usr/bin/env node
// The content bar for every page in the repository: MDX compiles, links resolve, front matter is
// complete (scripts/check-pages.mjs), and the shared content report finds nothing breaking the bar.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

let ok = spawnSync('node', ['scripts/check-pages.mjs'], { stdio: 'inherit' }).status === 0;
const report = '../shared/tools/content-report';
if (fs.existsSync(report)) ok = spawnSync(report, ['--strict'], { stdio: 'inherit' }).status === 0 && ok;
else
  console.warn(
    `\n*** WARNING: ${report} is missing, so the shared content report (route coverage, content bar) did NOT run. ***\n` +
      '*** Only scripts/check-pages.mjs checked the pages. Clone the workplace so ../shared sits beside this repo. ***\n',
  );
process.exit(ok ? 0 : 1);
