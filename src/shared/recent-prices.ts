import type { PricePoint } from './schemas/prices';

/** How many of a runner's prices a card or the board carries: enough for a line, small to send. */
export const HISTORY_POINTS = 12;

/** The latest prices of a history (oldest first), at most HISTORY_POINTS. */
export function recentPrices(history: readonly PricePoint[]): PricePoint[] {
  return history.slice(-HISTORY_POINTS);
}
