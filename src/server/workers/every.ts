import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` soon after start (within 10 s) and then every `everyMs`, until the app closes, which
 * waits for the pass under way. `pass` reports its own failures: the next one simply tries again.
 * The timers never keep the process alive. 0 or less: never (tests run their passes themselves).
 */
export function runEvery(app: FastifyInstance, everyMs: number, pass: () => Promise<unknown>) {
  if (everyMs <= 0) return;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = pass();
  };
  const first = setTimeout(run, Math.min(everyMs, 10_000));
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
