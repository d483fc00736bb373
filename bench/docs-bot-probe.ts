// Memory probe for bench/docs-bot.ts, in two roles.
// 1. Preloaded into the docs-server child (node --expose-gc --import tsx --import this file): answers
//    the parent's 'memory' message with process.memoryUsage() after a full garbage collection.
// 2. Run with `corpus <path>`: loads the corpus the way the server does and reports the heap it
//    keeps (after garbage collection, before and after) and its load time.
import { loadCorpusFile } from 'docs-server/corpus';

export interface ProbeMemory {
  rss: number;
  heapUsed: number;
  /** Memory of C++ objects bound to JavaScript, including socket buffers. */
  external: number;
}

export interface CorpusProbe {
  sections: number;
  loadMs: number;
  heapBytes: number;
}

function measure(): ProbeMemory {
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
}

if (process.argv[2] === 'corpus' && process.argv[3]) {
  const before = measure();
  const loaded = await loadCorpusFile(process.argv[3]);
  const after = measure();
  const report: CorpusProbe = {
    sections: loaded.corpus.sections.length,
    loadMs: loaded.loadMs,
    heapBytes: after.heapUsed - before.heapUsed,
  };
  process.send?.(report);
} else if (process.send) {
  process.on('message', (message) => {
    if (message === 'memory') process.send!(measure());
  });
  // The IPC channel must not keep the server alive after it shuts down.
  process.channel?.unref();
}
