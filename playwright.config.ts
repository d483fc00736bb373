// The browser suite (e2e/*.spec.ts): Playwright Test driving Debian's Chromium against the production build in
// site/build (run `npm run build` first). The docs-server serves the build as `npm run serve` does (site and docs
// bot on one origin), on a free port; suites that need servers with settings of their own (the docs bot's
// reconnection, nginx in front of two docs-servers) start them in worker-scoped fixtures.
// `scripts/test-all.mjs` reads the JSON report.
import { execFileSync } from 'node:child_process';
import { register } from 'node:module';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/browser';

// Before anything imports site/ (here, and in the test files each worker loads after this config): see the hook.
register('./e2e/typescript-esm.mjs', import.meta.url);
const { BASE_URL } = await import('./site/src/constants');
const { BUILD_DIR, corpusForTests, DOCS_SERVER_MAIN, DOCS_SERVER_TEST_ENV } = await import('./e2e/servers');

/** A free port on loopback, chosen once by the runner; its workers read it from the environment they inherit. */
const port = (process.env.E2E_SITE_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
])
  .toString()
  .trim());
const origin = `http://127.0.0.1:${port}`;

// scripts/test-all.mjs reads it from there.
const REPORT_FILE = 'e2e/artifacts/report.json';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'e2e/artifacts/results',
  timeout: 60_000,
  // Waiting assertions give the page 10 s (Playwright's default is 5 s): the two cores are shared, and a page that
  // loads a chunk on demand can take that long on a busy machine.
  expect: { timeout: 10_000 },
  retries: 0,
  // Two cores, two workers; any test may run beside any other (each opens its own pages, and the servers a file
  // starts are per worker).
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: REPORT_FILE }]],
  use: {
    baseURL: `${origin}${BASE_URL}`,
    // A trace of every test, kept when it fails (DOM snapshots and network; no screencast, which slows every test).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node --import tsx ${DOCS_SERVER_MAIN}`,
    url: `${origin}/docs-services/docs-server/health`,
    env: {
      ...DOCS_SERVER_TEST_ENV,
      HOST: '127.0.0.1',
      PORT: port,
      STATIC_DIR: BUILD_DIR,
      CORPUS_PATH: corpusForTests(),
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
