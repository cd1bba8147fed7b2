import { asc, gte, inArray } from 'drizzle-orm';
import { londonClock, londonDate } from '#shared/london-time';
import { valueDownTo } from '#shared/odds-format';
import { cardRaceAt } from '#shared/pasted-race-lines';
import { nameKey } from '#shared/race-results';
import { raceIsOff } from '#shared/race-times';
import type { WatchedRun } from '#shared/schemas/watchlist';
import { isNonRunner, valueField } from '#shared/value-field';
import { nextRun } from '#shared/watchlist';
import type { AppContext } from '#server/context';
import { resultsOfDay } from '#server/db/result-runners';
import { horses, races } from '#server/db/schema';

type CardRun = Omit<WatchedRun, 'off'> & { raceDate: string };

/**
 * Every runner on the cards from this London day on, by nameKey, with the race card's figures
 * (price, VB rating, value down to: the same value model, market correction on) and today's
 * results. Read once and kept with the race cards, so any card, price or result write drops it.
 */
async function runsFrom(ctx: AppContext, today: string): Promise<Map<string, CardRun[]>> {
  const cards = await ctx.db
    .select()
    .from(races)
    .where(gte(races.raceDate, today))
    .orderBy(asc(races.raceDate), asc(races.time), asc(races.id));
  const byKey = new Map<string, CardRun[]>();
  if (cards.length === 0) return byKey;
  const [runners, results] = await Promise.all([
    ctx.db
      .select({
        raceId: horses.raceId,
        name: horses.name,
        vbRating: horses.vbRating,
        bookieOdds: horses.bookieOdds,
        bookieOddsText: horses.bookieOddsText,
        potentialNonRunner: horses.potentialNonRunner,
      })
      .from(horses)
      .where(
        inArray(
          horses.raceId,
          cards.map((r) => r.id),
        ),
      )
      .orderBy(asc(horses.position), asc(horses.id)),
    resultsOfDay(ctx.db, today),
  ]);
  for (const card of cards) {
    const result = card.raceDate === today ? cardRaceAt(results, card.time, card.course) : undefined;
    const field = runners
      .filter((h) => h.raceId === card.id)
      .map((h) => ({ ...h, result: result?.runners.find((r) => nameKey(r.name) === nameKey(h.name)) ?? null }));
    const model = valueField(field);
    field.forEach((h, i) => {
      const finish = h.result;
      const run: CardRun = {
        raceId: card.id,
        raceDate: card.raceDate,
        date: card.raceDate,
        time: card.time,
        course: card.course,
        title: card.title,
        horseName: h.name,
        vbRating: h.vbRating,
        price: h.bookieOdds,
        priceText: h.bookieOddsText,
        valueDownTo: valueDownTo(model, i),
        nonRunner: isNonRunner(h),
        result: finish
          ? { finish: finish.finish, position: finish.position, startingPrice: finish.startingPrice }
          : null,
      };
      const key = nameKey(h.name);
      byKey.set(key, [...(byKey.get(key) ?? []), run]);
    });
  }
  return byKey;
}

/** A lookup of each horse's next run (by nameKey) as of the clock's now. */
export async function nextRunsNow(ctx: AppContext): Promise<(horseKey: string) => WatchedRun | null> {
  const now = ctx.clock.now();
  const today = londonDate(now);
  const clock = londonClock(now);
  const index = await ctx.cache.get('raceCards', `watchlist-runs:${today}`, () => runsFrom(ctx, today));
  return (horseKey) => {
    const run = nextRun(index.get(horseKey) ?? [], today, clock);
    if (!run) return null;
    const { raceDate, ...shown } = run;
    return { ...shown, off: raceIsOff({ raceDate, time: run.time }, today, clock) };
  };
}
