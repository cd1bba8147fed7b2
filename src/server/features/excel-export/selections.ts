import { asc, eq, inArray } from 'drizzle-orm';
import { londonDate, weekdayOf } from '#shared/london-time';
import { valueField } from '#shared/value-field';
import { calculateValue } from '#shared/value-model';
import type { AppContext } from '#server/context';
import { horses, races } from '#server/db/schema';

/** One runner of today's cards with its model figures (market correction on). */
export interface ExportSelection {
  raceDate: string;
  time: string;
  course: string;
  race: string;
  horse: string;
  vbRating: number;
  adjustedRating: number;
  marketCorrection: number;
  tissueOdds: number;
  marketOdds: number;
  value: number;
  valueScore: number;
}

export interface TodaysSelections {
  /** The London day of the export. */
  day: string;
  raceCount: number;
  selections: ExportSelection[];
}

/**
 * Every race of today's weekday tab (London), each through the value model with market correction
 * from its VB ratings and morning (bookie) odds. Runners the model leaves out (no rating, no odds,
 * potential non-runners) are not listed. Races by time then course; runners by value, best first.
 */
export async function todaysSelections(ctx: AppContext): Promise<TodaysSelections> {
  const day = londonDate(ctx.clock.now());
  const dayRaces = await ctx.db
    .select({ id: races.id, raceDate: races.raceDate, time: races.time, course: races.course, title: races.title })
    .from(races)
    .where(eq(races.weekday, weekdayOf(day)))
    .orderBy(asc(races.time), asc(races.course), asc(races.id));
  if (dayRaces.length === 0) return { day, raceCount: 0, selections: [] };

  const runners = await ctx.db
    .select({
      raceId: horses.raceId,
      name: horses.name,
      vbRating: horses.vbRating,
      bookieOdds: horses.bookieOdds,
      potentialNonRunner: horses.potentialNonRunner,
    })
    .from(horses)
    .where(
      inArray(
        horses.raceId,
        dayRaces.map((r) => r.id),
      ),
    )
    .orderBy(asc(horses.raceId), asc(horses.position), asc(horses.id));
  const byRace = new Map<number, typeof runners>();
  for (const h of runners) {
    const list = byRace.get(h.raceId);
    if (list) list.push(h);
    else byRace.set(h.raceId, [h]);
  }

  const selections: ExportSelection[] = [];
  for (const race of dayRaces) {
    const field = byRace.get(race.id) ?? [];
    const results = calculateValue(valueField(field), { marketCorrection: true });
    const rows: ExportSelection[] = [];
    for (const r of results) {
      if (!r.included) continue;
      rows.push({
        raceDate: race.raceDate,
        time: race.time,
        course: race.course,
        race: race.title,
        horse: r.name,
        vbRating: r.rating,
        adjustedRating: r.adjustedRating!,
        marketCorrection: r.marketCorrection!,
        tissueOdds: r.tissueOdds!,
        marketOdds: r.marketOdds,
        value: r.value!,
        valueScore: r.valueScore!,
      });
    }
    rows.sort((a, b) => b.value - a.value);
    selections.push(...rows);
  }
  return { day, raceCount: dayRaces.length, selections };
}
