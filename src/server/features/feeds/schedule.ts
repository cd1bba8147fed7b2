import { and, eq, sql } from 'drizzle-orm';
import { addDays, londonDate, londonInstant } from '#shared/london-time';
import type { FeedProvider } from '#shared/racing-feeds';
import type { AppContext } from '#server/context';
import { priceSnapshots, raceResults, races } from '#server/db/schema';

/** Betfair publishes a day's BSP files some time after its last race; not asked for before this. */
const BSP_AFTER_LAST_RACE_MS = 30 * 60_000;

export type Plan = { dates: string[] } | { dates: []; idle: string };

async function raceTimes(ctx: AppContext, date: string) {
  return ctx.db.select({ time: races.time, course: races.course }).from(races).where(eq(races.raceDate, date));
}

async function hasBsp(ctx: AppContext, date: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`1` })
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.raceDate, date), eq(priceSnapshots.source, 'bsp')))
    .limit(1);
  return row !== undefined;
}

/**
 * The London days a feed has something to do for, now. The Racing API: today, while today's cards
 * have a race without its result (its prices move until the off; its results come after). BSP
 * files: yesterday's, and today's from half an hour after the last race on the cards, until a
 * day has its BSPs. `force` (the admin's Run now): the latest day with cards, whatever is done.
 */
export async function planPoll(ctx: AppContext, provider: FeedProvider, now: Date, force: boolean): Promise<Plan> {
  const today = londonDate(now);
  const yesterday = addDays(today, -1);
  const todays = await raceTimes(ctx, today);
  if (provider === 'racing-api') {
    if (todays.length === 0) return { dates: [], idle: `No race cards for ${today}: nothing to match.` };
    if (!force) {
      const resulted = await ctx.db
        .select({ time: raceResults.time, course: raceResults.course })
        .from(raceResults)
        .where(eq(raceResults.raceDate, today));
      const open = todays.filter((r) => !resulted.some((x) => x.time === r.time && x.course === r.course));
      if (open.length === 0) return { dates: [], idle: `Every race on the cards of ${today} has its result.` };
    }
    return { dates: [today] };
  }
  if (force) {
    if (todays.length) return { dates: [today] };
    return (await raceTimes(ctx, yesterday)).length
      ? { dates: [yesterday] }
      : { dates: [], idle: `No race cards for ${yesterday} or ${today}.` };
  }
  const dates: string[] = [];
  if ((await raceTimes(ctx, yesterday)).length && !(await hasBsp(ctx, yesterday))) dates.push(yesterday);
  const last = todays
    .map((r) => r.time)
    .sort()
    .at(-1);
  if (
    last &&
    now.getTime() >= londonInstant(today, last).getTime() + BSP_AFTER_LAST_RACE_MS &&
    !(await hasBsp(ctx, today))
  )
    dates.push(today);
  if (dates.length) return { dates };
  return {
    dates: [],
    idle: last
      ? `Waiting for racing on ${today} to finish (last race ${last}), or BSPs already read.`
      : `No race cards without BSPs for ${yesterday} or ${today}.`,
  };
}
