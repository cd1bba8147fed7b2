import { and, asc, eq } from 'drizzle-orm';
import { nameKey } from '#shared/race-results';
import type { PricePoint, PriceSource } from '#shared/schemas/prices';
import type { DbOrTx } from './client';
import type { PriceSnapshot } from './price-snapshots';
import { priceSnapshots } from './schema';

/** A snapshot as the pages receive it (the instant as ISO text). */
export const toPricePoint = (s: PriceSnapshot): PricePoint => ({ price: s.price, priceText: s.priceText, source: s.source, observedAt: s.observedAt.toISOString() });

/**
 * One race's prices of its day, every source, oldest first, by the runner's name as results
 * compare names (nameKey): the members' race card draws them. Reads that race's snapshots only.
 */
export async function racePriceHistories(db: DbOrTx, race: { raceDate: string; time: string; course: string }): Promise<Map<string, PricePoint[]>> {
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
    list.push(toPricePoint({ source: row.source as PriceSource, price: row.price, priceText: row.priceText, observedAt: row.observedAt }));
    byRunner.set(row.horseKey, list);
  }
  return byRunner;
}
