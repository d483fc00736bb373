import { defineConfig } from 'vitest/config';

// Four suites: unit (components, plugins, deploy; in-process only), build (production builds of fixture
// sites, and `*.build.test.ts` beside the code: tests that run Pagefind's indexer, a process of its own),
// e2e (Chromium against the production build), docs-server. Build and browser suites run one file at a time:
// the machine has two cores and each file builds a site or drives a browser.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['site/src/**/*.test.{ts,tsx}', 'deploy/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.build.test.ts', '**/node_modules/**'],
          environment: 'jsdom',
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        test: {
          name: 'build',
          include: ['build-tests/*.test.ts', 'site/src/**/*.build.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'docs-server',
          include: ['docs-server/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
