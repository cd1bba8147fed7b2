import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nameKey } from '#shared/race-results';
import { MARKET_PRICE_SOURCES } from '#shared/current-price';
import type { PriceSource } from '#shared/schemas/prices';
import type { DbOrTx, Tx } from './client';
import { horses, priceSnapshots, races } from './schema';

/** Where a price came from. */
export type { PriceSource };
/** The market's sources (not the Betfair starting price): their newest price is the card's current price. */
const CURRENT_PRICE_SOURCES = MARKET_PRICE_SOURCES;

export interface RunnerPrice {
  time: string; // HH:MM, as on the card
  course: string; // as on the card
  horseName: string; // as on the card
  price: number; // decimal odds
  priceText: string; // as given, normalised ("9/2", "5.5")
}

export interface PriceSnapshot {
  source: PriceSource;
  price: number;
  priceText: string;
  observedAt: Date;
}

/** How a runner's prices are found: the race by time and course, the horse by name (results' rules). */
export const runnerPriceKey = (time: string, course: string, horseName: string) =>
  `${time}|${nameKey(course)}|${nameKey(horseName)}`;

/**
 * Keeps each price as a dated snapshot and makes the newest market price of every runner it names
 * the card's current price (horses.bookie_odds). Callers match names to the cards first; a price
 * for a runner no longer on the cards is still kept.
 */
export async function recordPrices(
  tx: Tx,
  input: {
    date: string;
    source: PriceSource;
    observedAt: Date;
    recordedBy: number | null;
    prices: readonly RunnerPrice[];
  },
): Promise<void> {
  if (input.prices.length === 0) return;
  await tx.insert(priceSnapshots).values(
    input.prices.map((p) => ({
      raceDate: input.date,
      time: p.time,
      course: p.course,
      horseName: p.horseName,
      horseKey: nameKey(p.horseName),
      source: input.source,
      price: p.price,
      priceText: p.priceText,
      observedAt: input.observedAt,
      recordedBy: input.recordedBy,
    })),
  );
  if (!CURRENT_PRICE_SOURCES.includes(input.source)) return;
  await refreshCurrentPrices(
    tx,
    input.date,
    input.prices.map((p) => runnerPriceKey(p.time, p.course, p.horseName)),
  );
}

/** Sets each named runner's card price to its newest market snapshot (an older one arriving late changes nothing). */
async function refreshCurrentPrices(tx: Tx, date: string, keys: string[]) {
  const wanted = new Set(keys);
  const runners = await tx
    .select({ id: horses.id, name: horses.name, time: races.time, course: races.course })
    .from(horses)
    .innerJoin(races, eq(races.id, horses.raceId))
    .where(eq(races.raceDate, date));
  const latest = await latestMarketPrices(tx, date);
  const updates = runners.flatMap((r) => {
    const key = runnerPriceKey(r.time, r.course, r.name);
    const snap = wanted.has(key) ? latest.get(key) : undefined;
    return snap ? [sql`(${r.id}::int, ${snap.price}::numeric, ${snap.priceText}::text)`] : [];
  });
  if (updates.length === 0) return;
  await tx.execute(sql`update ${horses} set bookie_odds = v.price, bookie_odds_text = v.price_text
    from (values ${sql.join(updates, sql`, `)}) as v(id, price, price_text)
    where ${horses.id} = v.id`);
}

/** Every runner's snapshots of a London day, oldest first, by runnerPriceKey. */
export async function priceHistories(
  db: DbOrTx,
  date: string,
  sources?: readonly PriceSource[],
): Promise<Map<string, PriceSnapshot[]>> {
  const rows = await db
    .select()
    .from(priceSnapshots)
    .where(
      sources
        ? and(eq(priceSnapshots.raceDate, date), inArray(priceSnapshots.source, [...sources]))
        : eq(priceSnapshots.raceDate, date),
    )
    .orderBy(asc(priceSnapshots.observedAt), asc(priceSnapshots.id));
  const byRunner = new Map<string, PriceSnapshot[]>();
  for (const row of rows) {
    const key = `${row.time}|${nameKey(row.course)}|${row.horseKey}`;
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

/** Each runner's newest market price of a London day (not the Betfair starting price), by runnerPriceKey. */
async function latestMarketPrices(db: DbOrTx, date: string): Promise<Map<string, PriceSnapshot>> {
  const histories = await priceHistories(db, date, CURRENT_PRICE_SOURCES);
  return new Map([...histories].map(([key, list]) => [key, list[list.length - 1]]));
}
