import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { raceResultRunners, raceResults } from './schema';

/**
 * The runners of these race results, in the order they were entered: the one read that settling
 * tips, settling members' bets and the value calibration all make after finding their results.
 */
export async function runnersOfResults(db: DbOrTx, results: ReadonlyArray<{ id: number }>) {
  if (results.length === 0) return [];
  return db
    .select()
    .from(raceResultRunners)
    .where(
      inArray(
        raceResultRunners.resultId,
        results.map((r) => r.id),
      ),
    )
    .orderBy(asc(raceResultRunners.id));
}

/** A London day's results, each race (time and course as its card wrote them) with its runners as entered. */
export async function resultsOfDay(db: DbOrTx, date: string) {
  const results = await db
    .select({ id: raceResults.id, time: raceResults.time, course: raceResults.course })
    .from(raceResults)
    .where(eq(raceResults.raceDate, date));
  const runners = await runnersOfResults(db, results);
  return results.map((r) => ({ ...r, runners: runners.filter((h) => h.resultId === r.id) }));
}
