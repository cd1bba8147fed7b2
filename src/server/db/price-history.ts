import { and, asc, eq, inArray } from 'drizzle-orm';
import { nameKey } from '#shared/race-results';
import type { PricePoint } from '#shared/schemas/prices';
import type { DbOrTx } from './client';
import { runnerPriceKey, type PriceSnapshot } from './price-snapshots';
import { priceSnapshots } from './schema';

/** A snapshot as the pages receive it (the instant as ISO text). */
export const toPricePoint = (s: PriceSnapshot): PricePoint => ({
  price: s.price,
  priceText: s.priceText,
  source: s.source,
  observedAt: s.observedAt.toISOString(),
});

/**
 * One race's prices of its day, every source, oldest first, by the runner's name as results
 * compare names (nameKey): the members' race card draws them. Reads that race's snapshots only.
 */
export async function racePriceHistories(
  db: DbOrTx,
  race: { raceDate: string; time: string; course: string },
): Promise<Map<string, PricePoint[]>> {
  const rows = await db
    .select()
    .from(priceSnapshots)
    .where(and(eq(priceSnapshots.raceDate, race.raceDate), eq(priceSnapshots.time, race.time)))
    .orderBy(asc(priceSnapshots.observedAt), asc(priceSnapshots.id));
  const course = nameKey(race.course);
  const byRunner = new Map<string, PricePoint[]>();
  for (const row of rows) {
    if (nameKey(row.course) !== course) continue;
    const list = byRunner.get(row.horseKey) ?? [];
    list.push(
      toPricePoint({
        source: row.source,
        price: row.price,
        priceText: row.priceText,
        observedAt: row.observedAt,
      }),
    );
    byRunner.set(row.horseKey, list);
  }
  return byRunner;
}

/** A runner on its day, as a tip record or a result names it. */
export interface RunnerOfDay {
  date: string;
  time: string;
  course: string;
  horseName: string;
}

/** How priceHistoriesOf keys a runner: its day and runnerPriceKey. */
export const runnerOfDayKey = (r: RunnerOfDay) => `${r.date}|${runnerPriceKey(r.time, r.course, r.horseName)}`;

/**
 * The snapshots of the given runners on their days, oldest first, by `runnerOfDayKey`: one read for
 * the whole proofed record.
 */
export async function priceHistoriesOf(
  db: DbOrTx,
  runners: readonly RunnerOfDay[],
): Promise<Map<string, PriceSnapshot[]>> {
  const byRunner = new Map<string, PriceSnapshot[]>();
  if (runners.length === 0) return byRunner;
  const wanted = new Set(runners.map(runnerOfDayKey));
  const rows = await db
    .select()
    .from(priceSnapshots)
    .where(
      and(
        inArray(priceSnapshots.raceDate, [...new Set(runners.map((r) => r.date))]),
        inArray(priceSnapshots.horseKey, [...new Set(runners.map((r) => nameKey(r.horseName)))]),
      ),
    )
    .orderBy(asc(priceSnapshots.observedAt), asc(priceSnapshots.id));
  for (const row of rows) {
    const key = runnerOfDayKey({ date: row.raceDate, time: row.time, course: row.course, horseName: row.horseName });
    if (!wanted.has(key)) continue;
    const list = byRunner.get(key) ?? [];
    list.push({
      source: row.source,
      price: row.price,
      priceText: row.priceText,
      observedAt: row.observedAt,
    });
    byRunner.set(key, list);
  }
  return byRunner;
}
