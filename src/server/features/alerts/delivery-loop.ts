import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context';
import { createPushSender, type PushSender } from '#server/providers/push';
import { decideNonRunnerAlerts, decideTipsAlerts, decideValueAlerts } from './decide';
import { deliverAlerts } from './deliver';
import { pruneAlerts } from './prune';
import { RaceDayAlertListener, type AlertTrigger } from './race-day-listener';

/** How often each instance looks again: alerts whose quiet hours ended, pushes to retry, digests due. */
const ALERT_SWEEP_EVERY_MS = 60_000;
/** How often a sweep also deletes old alerts. */
const PRUNE_EVERY_MS = 3600_000;

const ALERT_OUTCOMES = ['pushed', 'emailed', 'failed', 'dropped'] as const;
/** Alerts sent by push or e-mail, failed (push kept failing until their day ended) and dropped, counted since start. */
type AlertTotals = Record<(typeof ALERT_OUTCOMES)[number], number>;

/**
 * One delivery pass at a time per instance: a pass asked for while one runs makes it run once more
 * when done (so nothing decided meanwhile waits for the sweep).
 */
class AlertLoop {
  private running: Promise<void> | null = null;
  private again = false;
  /** What this instance's passes have delivered and given up on since it started. */
  readonly totals: AlertTotals = { pushed: 0, emailed: 0, failed: 0, dropped: 0 };

  constructor(
    private readonly ctx: AppContext,
    readonly sender: PushSender | null,
  ) {}

  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          const counts = await deliverAlerts(this.ctx, this.sender);
          if (counts) for (const k of ALERT_OUTCOMES) this.totals[k] += counts[k];
          if (counts && Object.values(counts).some(Boolean)) this.ctx.log.info(counts, 'alerts delivered');
        } catch (err) {
          this.ctx.log.error({ err }, 'alerts: delivery pass failed; the sweep tries again');
        }
      } while (this.again);
    })().finally(() => (this.running = null));
    return this.running;
  }

  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}

const loops = new WeakMap<AppContext, AlertLoop>();
const listeners = new WeakMap<AppContext, RaceDayAlertListener>();
/** When each app's sweeps last pruned (absent: not yet, so its first sweep does). */
const prunedAt = new WeakMap<AppContext, number>();

/**
 * What race-day changes may newly make true: the tips alert when the tips are out, the value alert
 * when cards or prices changed, a tip's non-runner either way. Each decision records an alert
 * once, so asking again is harmless. Returns how many alerts were recorded.
 */
async function decide(ctx: AppContext, triggers: ReadonlySet<AlertTrigger>): Promise<number> {
  let recorded = 0;
  if (triggers.has('tips')) recorded += await decideTipsAlerts(ctx);
  if (triggers.has('cards')) recorded += await decideValueAlerts(ctx);
  return recorded + (await decideNonRunnerAlerts(ctx));
}

/**
 * Member alerts for this app: decided when it hears a race-day event (the race-card notice every
 * instance hears, so every instance decides at once; the write that announced it stands whatever
 * happens here), delivered at once in the background, and swept every `everyMs` (0: never, for
 * tests that run it themselves).
 */
export async function startAlerts(app: FastifyInstance, ctx: AppContext, everyMs = ALERT_SWEEP_EVERY_MS) {
  const loop = new AlertLoop(ctx, createPushSender(ctx.config));
  loops.set(ctx, loop);
  const listener = new RaceDayAlertListener(
    ctx,
    (triggers) => decide(ctx, triggers),
    () => void loop.kick(),
  );
  listeners.set(ctx, listener);
  await listener.start();
  let timer: NodeJS.Timeout | undefined;
  if (everyMs > 0) {
    timer = setInterval(() => void runAlertSweep(ctx), everyMs);
    timer.unref();
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await listener.stop();
    await loop.idle();
  });
}

/**
 * One sweep: alerts past their keeping time deleted (once an hour), today's value and non-runner
 * alerts decided again (a price or a card may have changed on another instance, or before a
 * member starred the horse), then a delivery pass. Resolves when the pass is over.
 */
export async function runAlertSweep(ctx: AppContext): Promise<void> {
  try {
    const now = ctx.clock.now().getTime();
    if (now - (prunedAt.get(ctx) ?? -Infinity) >= PRUNE_EVERY_MS) {
      prunedAt.set(ctx, now);
      const pruned = await pruneAlerts(ctx);
      if (pruned) ctx.log.info({ pruned }, 'alerts: deleted alerts older than their keeping time');
    }
    await decide(ctx, new Set<AlertTrigger>(['cards']));
  } catch (err) {
    ctx.log.error({ err }, 'alerts: the sweep could not decide; delivering what is pending');
  }
  await loops.get(ctx)?.kick();
}

/** This app's alert outcomes since it started (the metrics read them at each scrape); none before startAlerts. */
export function alertTotals(ctx: AppContext): AlertTotals {
  return { ...(loops.get(ctx)?.totals ?? { pushed: 0, emailed: 0, failed: 0, dropped: 0 }) };
}

/**
 * Waits until this app has heard and decided the newest race-day event, and the delivery pass under
 * way (if any) is over, and the one it asked for.
 */
export async function alertsIdle(ctx: AppContext): Promise<void> {
  await listeners.get(ctx)?.caughtUp();
  await loops.get(ctx)?.idle();
}
