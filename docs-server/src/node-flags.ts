/**
 * The V8 flags the docs-server runs with, wherever it is started: the package scripts (`npm run serve`,
 * `npm start --workspace docs-server`), the deployment guide (deploy/README.md), and the tests and
 * benchmarks (test/helpers.ts); `node-flags.test.ts` checks that each of them passes exactly these.
 *
 * Answering allocates many short-lived objects (query terms, candidate sections, passages), and with 50
 * askers at once the default young generation (16 MB semi-spaces) was scavenged again and again while they
 * waited. With 64 MB semi-spaces, `bench/docs-bot.ts` (first chunk, 50 clients at once, p95 of 250 answers;
 * with and without in turns on the 2-core machine, 10 and 9 runs): median 106 ms (71.8–156.8) against 117.5
 * (108.7–157.6); 32 MB gave 86.6–106.6 in 4 runs. Less garbage collection, not yet the 100 ms target at every
 * run. The server's memory grows by at most the larger semi-spaces (2 × 48 MB).
 */
export const NODE_FLAGS = ['--max-semi-space-size=64'] as const;
