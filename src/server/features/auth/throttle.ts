import { eq, sql } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema';
import type { AppContext } from '../../context';

/**
 * Login throttling lives in the database so that every instance sees the same counts.
 * An account locks after ACCOUNT_LIMIT consecutive failures; an address after IP_LIMIT
 * failures within the window (many accounts tried from one place).
 */
export const ACCOUNT_LIMIT = 10;
export const IP_LIMIT = 50;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export async function isThrottled(ctx: AppContext, keys: string[]): Promise<boolean> {
  const now = ctx.clock.now().getTime();
  for (const key of keys) {
    const [row] = await ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
    if (row?.lockedUntil && row.lockedUntil.getTime() > now) return true;
  }
  return false;
}

export async function recordFailure(ctx: AppContext, key: string, limit: number) {
  const now = ctx.clock.now();
  const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  // One upsert: a new window starts when the old one has passed; the row locks at the limit.
  await ctx.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: limit <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < ${windowFloor} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < ${windowFloor} then ${now} else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${loginThrottle.windowStart} >= ${windowFloor} and ${loginThrottle.failures} + 1 >= ${limit} then ${lockUntil} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function clearFailures(ctx: AppContext, key: string) {
  await ctx.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
