import { and, asc, count, eq } from 'drizzle-orm';
import { addDays, londonDate, weekdayOf, WEEKDAYS, type Weekday } from '#shared/london-time';
import { nameKey } from '#shared/race-results';
import { rule4Of } from '#shared/proofing/rule4';
import type { RaceCard, RaceCardResult, RaceCardsByDay, RaceSummary } from '#shared/schemas/race-cards';
import type { AppContext } from '#server/context';
import { recentPrices } from '#shared/recent-prices';
import { racePriceHistories } from '#server/db/price-history';
import { runnersOfResults } from '#server/db/result-runners';
import { horses, raceResults, races } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { recordOf } from '#shared/unknown-values';
import { JsonText, cachedJsonText } from '#server/http/json';

/**
 * GET /api/vbg-race-cards-metadata (RaceCardsMetadata) as JSON from the shared cache: every
 * weekday with its races (by time, then course) is cached, with two timestamps. With the browser's
 * cache-busting number they are this request's; without one (a server render's read, or a client
 * that sends none) they are the start of the minute, so every such read within a minute answers
 * the same bytes (kept, encoded once) and a members' page rendered from them can be shared
 * (decision 0052). A hit answers without a promise (the read every member's page makes; decision
 * 0024).
 */
export function cachedRaceCardsMetadataJson(
  ctx: AppContext,
  cacheBuster: number | undefined,
): JsonText | Promise<JsonText> {
  const now = ctx.clock.now().getTime();
  if (cacheBuster !== undefined) {
    const lists = listsJson(ctx);
    return typeof lists === 'string'
      ? new JsonText(stamped(lists, now, cacheBuster))
      : lists.then((text) => new JsonText(stamped(text, now, cacheBuster)));
  }
  const minute = now - (now % 60_000);
  return cachedJsonText(ctx.cache, 'raceCards', `metadata@${minute}`, async () =>
    stamped(await listsJson(ctx), minute, minute),
  );
}

function listsJson(ctx: AppContext): string | Promise<string> {
  return (
    ctx.cache.peek<string>('raceCards', 'metadata') ??
    ctx.cache.get('raceCards', 'metadata', async () => JSON.stringify(await racesByDay(ctx)))
  );
}

const stamped = (lists: string, stamp: number, cacheBuster: number) =>
  `${lists.slice(0, -1)},"_timestamp":${stamp},"_cacheBuster":${cacheBuster}}`;

export const RACE_NOT_FOUND = 'Race not found. The cards may have been replaced: refresh the race list.';

/** GET /api/vbg-race-cards: the same lists plus which tab is yesterday, today and tomorrow (London). */
export async function raceCardsByDay(ctx: AppContext): Promise<RaceCardsByDay> {
  const today = londonDate(ctx.clock.now());
  return {
    ...(await racesByDay(ctx)),
    yesterday: weekdayOf(addDays(today, -1)),
    today: weekdayOf(today),
    tomorrow: weekdayOf(addDays(today, 1)),
  };
}

async function racesByDay(ctx: AppContext): Promise<Record<Weekday, RaceSummary[]>> {
  const rows = await ctx.db
    .select({
      id: races.id,
      weekday: races.weekday,
      raceDate: races.raceDate,
      time: races.time,
      course: races.course,
      title: races.title,
      runnerCount: count(horses.id),
    })
    .from(races)
    .leftJoin(horses, eq(horses.raceId, races.id))
    .groupBy(races.id)
    .orderBy(asc(races.time), asc(races.course), asc(races.id));
  const byDay = recordOf(WEEKDAYS, (): RaceSummary[] => []);
  for (const { weekday, ...summary } of rows)
    byDay[weekday].push({ ...summary, runnerCount: Number(summary.runnerCount) });
  return byDay;
}

/**
 * GET /api/vbg-race-cards/race/{id}: the race with its runners in workbook order and, for
 * `members` (the members' card), its result once entered — the race's and each runner's own — and
 * each runner's prices of the day. The free race never carries them, so a visitor learns nothing
 * of the day's settlement or of the price moves from it.
 */
export async function getRaceCard(ctx: AppContext, id: number, { members = false } = {}): Promise<RaceCard> {
  const [race] = await ctx.db.select().from(races).where(eq(races.id, id)).limit(1);
  if (!race) throw notFound(RACE_NOT_FOUND);
  const runners = await ctx.db
    .select()
    .from(horses)
    .where(eq(horses.raceId, id))
    .orderBy(asc(horses.position), asc(horses.id));
  const { createdAt: _c, weekday, ...fields } = race;
  const card: RaceCard = {
    ...fields,
    weekday,
    runnerCount: runners.length,
    horses: runners.map(({ raceId: _r, workbookValues: _w, ...h }) => h),
  };
  if (!members) return card;
  const [result, prices] = await Promise.all([resultOf(ctx, race), racePriceHistories(ctx.db, race)]);
  const finishOf = new Map((result?.runners ?? []).map(({ name, ...finish }) => [nameKey(name), finish]));
  return {
    ...card,
    horses: card.horses.map((h) => {
      const own = finishOf.get(nameKey(h.name));
      const history = prices.get(nameKey(h.name));
      return { ...h, ...(own ? { result: own } : {}), ...(history ? { priceHistory: recentPrices(history) } : {}) };
    }),
    ...(result ? { result } : {}),
  };
}

/** The entered result of a race (same day, time and course), winner first then the placed in order. */
async function resultOf(
  ctx: AppContext,
  race: { raceDate: string; time: string; course: string },
): Promise<RaceCardResult | null> {
  const [result] = await ctx.db
    .select({ id: raceResults.id, rule4Pence: raceResults.rule4Pence, rule4AppliesSp: raceResults.rule4AppliesSp })
    .from(raceResults)
    .where(
      and(
        eq(raceResults.raceDate, race.raceDate),
        eq(raceResults.time, race.time),
        eq(raceResults.course, race.course),
      ),
    )
    .limit(1);
  if (!result) return null;
  const rank = (position: number | null) => position ?? Number.MAX_SAFE_INTEGER;
  const runners = (await runnersOfResults(ctx.db, [result]))
    .map(({ name, finish, position, startingPrice }) => ({ name, finish, position, startingPrice }))
    .sort((a, b) => rank(a.position) - rank(b.position));
  const rule4 = rule4Of(result);
  return { runners, ...(rule4 && { rule4 }) };
}
