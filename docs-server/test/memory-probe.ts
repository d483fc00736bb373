// Preloaded into a docs-server child process by tests (node --expose-gc --import tsx --import this file):
// answers the parent's 'memory' message with the heap in use after full garbage collections.
if (process.send) {
  process.on('message', (message) => {
    if (message !== 'memory') return;
    for (let i = 0; i < 3; i++) globalThis.gc?.();
    const { heapUsed, rss, external } = process.memoryUsage();
    process.send!({ heapUsed, rss, external });
  });
  // The IPC channel must not keep the server alive after it shuts down.
  process.channel?.unref();
}
