// Loaded into a benched server with `--import` (BENCH_NODE_ARGS): writes a line to stderr whenever
// the server's own thread was held longer than 20 ms, with the wall-clock time it ended, so that a
// bench can tell the server's pauses from its own client's (both share the machine's two cores).
const TICK_MS = 2;
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const held = now - last - TICK_MS;
  if (held > 20) process.stderr.write(`event-loop-held ${held.toFixed(1)} ms until ${Date.now()}\n`);
  last = now;
}, TICK_MS).unref();
