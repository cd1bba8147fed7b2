import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { loginThrottle } from '#server/db/schema';
import { deleteInBatches } from '#server/db/batched-delete';
import type { AppContext } from '#server/context';

/**
 * Throttling lives in the database so that every instance sees the same counts. Each row counts
 * attempts for one key ('acct:<email>', 'ip:<address>', …) in a 15-minute window.
 *
 * Sign-in: an account locks after ACCOUNT_LIMIT consecutive failures; an address after IP_LIMIT
 * failures within the window (many accounts tried from one place). An attempt is *taken* (counted)
 * atomically before the password is checked, so attempts still in flight count too: 40 parallel
 * wrong passwords for one account get at most ACCOUNT_LIMIT password checks, not 40 (decision 0019).
 * A success gives its attempt back (or clears the account's count); a failure at the limit locks.
 */
export const ACCOUNT_LIMIT = 10;
export const IP_LIMIT = 50;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
export { LOGIN_THROTTLED_MESSAGE as THROTTLED_MESSAGE } from '#shared/form-errors';

/**
 * Counts one attempt against `key` unless the key is locked or already has `limit` attempts in its
 * window; false means refused (and nothing was counted). One statement: the row lock taken by
 * INSERT … ON CONFLICT DO UPDATE makes concurrent callers (on any instance) queue, and the
 * condition is checked against the row as the previous caller left it.
 */
export async function takeAttempt(ctx: Pick<AppContext, 'db' | 'clock'>, key: string, limit: number): Promise<boolean> {
  const now = ctx.clock.now();
  const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  // The old window has passed, or its lock has run out: the count starts again.
  const fresh = or(
    sql`${loginThrottle.windowStart} < ${windowFloor}`,
    and(sql`${loginThrottle.lockedUntil} is not null`, lte(loginThrottle.lockedUntil, now)),
  )!;
  const taken = await ctx.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${fresh} then ${now} else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${fresh} then null else ${loginThrottle.lockedUntil} end`,
      },
      setWhere: or(fresh, and(isNull(loginThrottle.lockedUntil), sql`${loginThrottle.failures} < ${limit}`)),
    })
    .returning({ failures: loginThrottle.failures });
  return taken.length > 0;
}

/** A failed attempt (already counted by takeAttempt): at the limit the key locks for LOCK_MS. */
export async function failAttempt(ctx: Pick<AppContext, 'db' | 'clock'>, key: string, limit: number) {
  const now = ctx.clock.now();
  await ctx.db
    .update(loginThrottle)
    .set({ lockedUntil: new Date(now.getTime() + LOCK_MS) })
    .where(and(eq(loginThrottle.key, key), gte(loginThrottle.failures, limit), isNull(loginThrottle.lockedUntil)));
}

/** A successful attempt leaves the count as it was before it was taken. */
export async function giveBackAttempt(ctx: Pick<AppContext, 'db'>, key: string) {
  await ctx.db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

export async function clearFailures(ctx: Pick<AppContext, 'db'>, key: string) {
  await ctx.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * Housekeeping: deletes counts whose window is over and that hold no running lock (the next attempt
 * would start afresh anyway), so an address or e-mail is kept no longer than it counts; returns how many.
 */
export async function purgeStaleThrottles(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const windowFloor = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  return deleteInBatches(
    ctx.db,
    'login_throttle',
    'key',
    sql`${loginThrottle.windowStart} < ${windowFloor} and (${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${now})`,
  );
}
