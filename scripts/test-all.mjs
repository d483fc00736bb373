#!/usr/bin/env node
// The one test command (README: `npm test`): builds the production site, runs the static checks
// (TypeScript, ESLint, Prettier, import cycles), the Vitest suites (unit, build, docs-server) and the browser
// suite (Playwright Test, e2e/ in Chromium), then prints one summary line: "N passed, N failed".
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
const SUITES = ['unit', 'build', 'docs-server'];
fs.mkdirSync('node_modules/.cache', { recursive: true });
fs.rmSync(report, { force: true });
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
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
      : file.includes('/docs-server/')
        ? 'docs-server'
        : 'unit';
  const counts = new Map(SUITES.map((suite) => [suite, 0]));
  for (const f of json.testResults)
    counts.set(suiteOf(f.name), counts.get(suiteOf(f.name)) + f.assertionResults.length);
  for (const suite of SUITES) check(`suite "${suite}" ran tests (${counts.get(suite)})`, counts.get(suite) > 0);
} else {
  check('vitest produced a report', false);
}

// The browser suite needs the build: without one it would only repeat the build failure.
// Its JSON report is where playwright.config.ts writes it.
const e2eReport = 'e2e/artifacts/report.json';
if (built) {
  fs.rmSync(e2eReport, { force: true });
  const exitStatus = runStatus('playwright (e2e)', 'npx', ['playwright', 'test']);
  if (fs.existsSync(e2eReport)) {
    const json = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
    // Every test with its outcome: expected (passed), unexpected (failed), flaky (passed on a retry), skipped.
    // The top-level suites are the files; below them, describe blocks.
    const tests = [];
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests)
          tests.push({ name: [spec.file, ...titles, spec.title].join(' > '), status: t.status });
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const file of json.suites) walk(file, []);
    const of = (status) => tests.filter((t) => t.status === status);
    results.passed += of('expected').length + of('flaky').length;
    results.failed += of('unexpected').length;
    results.skipped += of('skipped').length;
    for (const t of of('skipped')) skippedNames.push(t.name);
    // Errors outside any test (a file that did not load, a web server that did not start) fail the run.
    results.failed += (json.errors ?? []).length;
    // A failed run with no failure counted above (it stopped short): one failure, not a silent pass.
    if (exitStatus !== 0 && !of('unexpected').length && !(json.errors ?? []).length)
      check(`playwright exited with status ${exitStatus}`, false);
    check(`suite "e2e" ran tests (${tests.length})`, tests.length > 0);
  } else {
    check('playwright produced a report', false);
  }
}
if (results.skipped)
  console.log(`\n${results.skipped} skipped (their input is missing here):\n  ${skippedNames.join('\n  ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
