#!/usr/bin/env node
// The one test command (README: `npm test`): builds the production site, runs the static checks
// (TypeScript, ESLint, Prettier, import cycles) and every Vitest suite (unit, build, docs-server, e2e in Chromium),
// then prints one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = { passed: 0, failed: 0, skipped: 0 };
const skippedNames = [];
const runStatus = (label, cmd, args, opts = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status;
};
const run = (label, cmd, args, opts = {}) => runStatus(label, cmd, args, opts) === 0;
const check = (label, ok) => {
  results[ok ? 'passed' : 'failed']++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${label}`);
};
const skip = (label) => {
  results.skipped++;
  skippedNames.push(label);
  console.log(`SKIP ${label}`);
};

const built = run('site build', 'npm', ['run', 'build']);
check('production build of the site', built);
check('typecheck (site)', run('typecheck', 'npx', ['tsc', '-p', 'site', '--noEmit']));
if (fs.existsSync('docs-server/tsconfig.json'))
  check('typecheck (docs-server)', run('typecheck', 'npx', ['tsc', '-p', 'docs-server', '--noEmit']));
check('eslint', run('eslint', 'npx', ['eslint', '.']));
check('prettier', run('prettier', 'npx', ['prettier', '--check', '.']));
check('no import cycles (madge)', run('import cycles', 'npm', ['run', 'cycles', '--silent']));
// Exit 3: the shared content report is not beside the repository (outside CI): skipped, not passed.
const content = runStatus('content', 'node', ['scripts/content-check.mjs']);
if (content === 3) skip('content bar (content-report --strict): ../shared/tools/content-report is missing');
else check('content bar (content-report --strict)', content === 0);

const report = 'node_modules/.cache/vitest-report.json';
const SUITES = ['unit', 'build', 'e2e', 'docs-server'];
fs.mkdirSync('node_modules/.cache', { recursive: true });
fs.rmSync(report, { force: true });
// Without a build, the suites that need it (e2e, route contract) would only repeat the build failure.
const projects = built ? [] : ['--project', 'unit', '--project', 'build', '--project', 'docs-server'];
run('vitest', 'npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  results.passed += json.numPassedTests;
  results.skipped += json.numPendingTests + json.numTodoTests;
  for (const f of json.testResults)
    for (const a of f.assertionResults)
      if (a.status === 'pending' || a.status === 'skipped' || a.status === 'todo') skippedNames.push(a.fullName);
  // Failed tests, plus files that failed without a failing test (they did not load or a hook threw).
  const brokenFiles = json.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  );
  results.failed += json.numFailedTests + brokenFiles.length;
  // A suite that collected no test proves nothing: count it as a failure, by name.
  const suiteOf = (file) =>
    file.includes('/build-tests/') || file.endsWith('.build.test.ts')
      ? 'build'
      : file.includes('/e2e/')
        ? 'e2e'
        : file.includes('/docs-server/')
          ? 'docs-server'
          : 'unit';
  const counts = new Map(SUITES.map((suite) => [suite, 0]));
  for (const f of json.testResults)
    counts.set(suiteOf(f.name), counts.get(suiteOf(f.name)) + f.assertionResults.length);
  for (const suite of built ? SUITES : SUITES.filter((name) => name !== 'e2e'))
    check(`suite "${suite}" ran tests (${counts.get(suite)})`, counts.get(suite) > 0);
} else {
  check('vitest produced a report', false);
}
if (results.skipped)
  console.log(`\n${results.skipped} skipped (their input is missing here):\n  ${skippedNames.join('\n  ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
