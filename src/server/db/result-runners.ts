import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { raceResultRunners } from './schema';

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
