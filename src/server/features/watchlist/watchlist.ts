import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { nameKey } from '#shared/name-key';
import {
  WATCHLIST_CAP,
  type StarHorseResponse,
  type WatchlistResponse,
  type starHorseBody,
} from '#shared/schemas/watchlist';
import type { AppContext } from '#server/context';
import { watchlist } from '#server/db/schema';
import { HttpError, notFound } from '#server/http/errors';
import { nextRunsNow } from './next-runs';

type Row = typeof watchlist.$inferSelect;
const shown = (row: Row) => ({ id: row.id, horseName: row.horseName, createdAt: row.createdAt.toISOString() });

export const WATCHED_NOT_FOUND = 'That horse is not on your watch list.';
const WATCHLIST_FULL = `Your watch list is full (${WATCHLIST_CAP} horses). Remove a horse to star another.`;

/** GET /api/watchlist: the member's starred horses, newest first, each with its next run on the cards. */
export async function listWatchlist(ctx: AppContext, userId: number): Promise<WatchlistResponse> {
  const [rows, runOf] = await Promise.all([
    ctx.db
      .select()
      .from(watchlist)
      .where(eq(watchlist.userId, userId))
      .orderBy(desc(watchlist.createdAt), desc(watchlist.id)),
    nextRunsNow(ctx),
  ]);
  return { horses: rows.map((row) => ({ ...shown(row), nextRun: runOf(row.horseKey) })), cap: WATCHLIST_CAP };
}

/**
 * POST /api/watchlist: stars a horse by name, declared or not. Starring one already watched (by
 * nameKey) changes nothing and answers the row; a new star past the cap is refused.
 */
export async function starHorse(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof starHorseBody>,
): Promise<StarHorseResponse> {
  const horseKey = nameKey(body.horseName);
  const mine = and(eq(watchlist.userId, userId), eq(watchlist.horseKey, horseKey));
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(watchlist).where(mine).limit(1);
    if (existing)
      return {
        horse: shown(existing),
        created: false,
        message: `${existing.horseName} is already on your watch list.`,
      };
    const [{ n }] = await tx.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, userId));
    if (n >= WATCHLIST_CAP) throw new HttpError(422, WATCHLIST_FULL);
    const [row] = await tx
      .insert(watchlist)
      .values({ userId, horseName: body.horseName, horseKey, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning();
    // Another request of the same member starred it in between: that row is the answer.
    const horse = row ?? (await tx.select().from(watchlist).where(mine).limit(1))[0];
    return { horse: shown(horse), created: row !== undefined, message: `${horse.horseName} added to your watch list.` };
  });
}

/** DELETE /api/watchlist/{id}: only the member's own; another member's row is "not found", never shown. */
export async function unstarHorse(ctx: AppContext, userId: number, id: number): Promise<string> {
  const [deleted] = await ctx.db
    .delete(watchlist)
    .where(and(eq(watchlist.id, id), eq(watchlist.userId, userId)))
    .returning({ horseName: watchlist.horseName });
  if (!deleted) throw notFound(WATCHED_NOT_FOUND);
  return `${deleted.horseName} removed from your watch list.`;
}
