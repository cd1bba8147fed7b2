import type { AppContext } from './context';

/**
 * What happened on the race day that someone may want to hear about: the day's tips were
 * published, or the cards changed (prices, morning odds, non-runners, results, corrections).
 * The writing use cases announce it after their write has committed, in one line; the member
 * alerts listen. The writers know nothing of the listeners (so no feature depends on alerts),
 * and a listener's failure is logged, never the writer's.
 */
export type RaceDayChange = 'tips-published' | 'cards-changed';
type Listener = (change: RaceDayChange) => Promise<void>;

const listeners = new WeakMap<AppContext, Listener[]>();

/** Registers a listener for this app's changes (its own ctx). */
export function onRaceDayChange(ctx: AppContext, listener: Listener) {
  listeners.set(ctx, [...(listeners.get(ctx) ?? []), listener]);
}

/** Tells this app's listeners; never throws. */
export async function raceDayChanged(ctx: AppContext, change: RaceDayChange): Promise<void> {
  for (const listener of listeners.get(ctx) ?? []) {
    try {
      await listener(change);
    } catch (err) {
      ctx.log.error({ err, change }, 'a race-day listener failed; the write it followed stands');
    }
  }
}
