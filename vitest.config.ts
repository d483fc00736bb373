import { defineConfig } from 'vitest/config';

// Three suites: unit (components, plugins, deploy; in-process only), build (production builds of fixture
// sites, and `*.build.test.ts` beside the code: tests that run Pagefind's indexer, a process of its own),
// docs-server. The build suite runs one file at a time: the machine has two cores and each file builds a site.
// The browser tests (e2e/*.spec.ts) are Playwright Test's: playwright.config.ts.
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
          name: 'docs-server',
          include: ['docs-server/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
