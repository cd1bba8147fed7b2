import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { horses, races } from './schema';

/**
 * The races of a London day on the cards (by time), each with its runners in card order and the
 * figures the value model reads: entering results and prices, checking tips against their value
 * price, and the value board.
 */
export async function cardsOfDay(db: DbOrTx, date: string) {
  const dayRaces = await db
    .select()
    .from(races)
    .where(eq(races.raceDate, date))
    .orderBy(asc(races.time), asc(races.id));
  if (dayRaces.length === 0) return [];
  const runners = await db
    .select({
      id: horses.id,
      raceId: horses.raceId,
      name: horses.name,
      number: horses.number,
      vbRating: horses.vbRating,
      bookieOdds: horses.bookieOdds,
      bookieOddsText: horses.bookieOddsText,
      potentialNonRunner: horses.potentialNonRunner,
    })
    .from(horses)
    .where(
      inArray(
        horses.raceId,
        dayRaces.map((r) => r.id),
      ),
    )
    .orderBy(asc(horses.position), asc(horses.id));
  return dayRaces.map((race) => ({ ...race, runners: runners.filter((h) => h.raceId === race.id) }));
}
