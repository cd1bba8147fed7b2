// Loaded into a benched server with `--expose-gc --import` (bench/sse-fanout.ts): on SIGUSR2 it
// collects garbage in full and logs one line with what is left, so that memory per open stream is
// read from live objects, not from wherever the collector happened to be.
process.on('SIGUSR2', () => {
  globalThis.gc();
  const m = process.memoryUsage();
  process.stdout.write(`gc-done rss=${m.rss} heapUsed=${m.heapUsed} external=${m.external}\n`);
});
