/**
 * The V8 flags the docs-server runs with, wherever it is started: the package scripts (`npm run serve`,
 * `npm start --workspace docs-server`), the deployment guide (deploy/README.md), and the tests and
 * benchmarks (test/helpers.ts); `node-flags.test.ts` checks that each of them passes exactly these.
 *
 * Answering allocates many short-lived objects (query terms, candidate sections, passages), and with 50
 * askers at once the default young generation (16 MB semi-spaces) was scavenged again and again while they
 * waited. With 64 MB semi-spaces, `bench/docs-bot.ts` (first chunk, 50 clients at once, p95 of 250 answers;
 * builds in turns, 4–6 runs each on the 2-core machine): 94.7, 94.7, 122.3, 99.2 ms (median 97), against
 * 113.7, 157.6, 120.8, 112.6, 108.7, 130.7 ms (median 117) without. The server's memory grows by at most the
 * larger semi-spaces (2 × 48 MB).
 */
export const NODE_FLAGS = ['--max-semi-space-size=64'] as const;
