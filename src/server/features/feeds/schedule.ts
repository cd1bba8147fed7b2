import { and, eq, sql } from 'drizzle-orm';
import { addDays, londonDate, londonInstant } from '#shared/london-time';
import type { FeedProvider } from '#shared/racing-feeds';
import type { AppContext } from '#server/context';
import { priceSnapshots, raceResults, races } from '#server/db/schema';

/** Betfair publishes a day's BSP files some time after its last race; not asked for before this. */
const BSP_AFTER_LAST_RACE_MS = 30 * 60_000;
/**
 * A day's BSP files are published by the next morning (in the file named for that next day). A day
 * with results and still no BSPs at this London time the day after is overdue: the feed is failing.
 */
const BSP_DUE_NEXT_DAY_AT = '12:00';
/** Days before today whose missing BSPs are still asked for. */
const BSP_LOOKBACK_DAYS = 3;

/** The days to poll; `overdue`: those among them whose BSPs are past due. */
export type Plan = { dates: string[]; overdue?: string[] } | { dates: []; idle: string };

/** When a day's BSPs are overdue: noon (London) of the next day. */
const bspDueBy = (date: string) => londonInstant(addDays(date, 1), BSP_DUE_NEXT_DAY_AT);

/** What the feed's status says of overdue days. */
export const overdueMessage = (days: readonly string[]) =>
  `No BSPs yet for ${days.join(', ')}, which ${days.length === 1 ? 'has' : 'have'} results: Betfair's files are due by ${BSP_DUE_NEXT_DAY_AT} the next day (upload them by hand if they never come).`;

async function raceTimes(ctx: AppContext, date: string) {
  return ctx.db.select({ time: races.time, course: races.course }).from(races).where(eq(races.raceDate, date));
}

async function hasResults(ctx: AppContext, date: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`1` })
    .from(raceResults)
    .where(eq(raceResults.raceDate, date))
    .limit(1);
  return row !== undefined;
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
 * files: each of the last BSP_LOOKBACK_DAYS days with cards, and today from half an hour after the
 * last race on the cards, until the day has its BSPs; a day with results still without BSPs after
 * bspDueBy is overdue. `force` (the admin's Run now): the latest day with cards, whatever is done.
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
  /** A day with results and no BSPs after bspDueBy. */
  const overdue = async (day: string) =>
    now >= bspDueBy(day) && (await hasResults(ctx, day)) && !(await hasBsp(ctx, day));
  if (force) {
    if (todays.length) return { dates: [today] };
    return (await raceTimes(ctx, yesterday)).length
      ? { dates: [yesterday], overdue: (await overdue(yesterday)) ? [yesterday] : [] }
      : { dates: [], idle: `No race cards for ${yesterday} or ${today}.` };
  }
  const dates: string[] = [];
  const late: string[] = [];
  for (let back = BSP_LOOKBACK_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    if ((await raceTimes(ctx, day)).length === 0 || (await hasBsp(ctx, day))) continue;
    dates.push(day);
    if (await overdue(day)) late.push(day);
  }
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
  if (dates.length) return { dates, overdue: late };
  return {
    dates: [],
    idle: last
      ? `Waiting for racing on ${today} to finish (last race ${last}), or BSPs already read.`
      : `No race cards without BSPs from ${addDays(today, -BSP_LOOKBACK_DAYS)} to ${today}.`,
  };
}
