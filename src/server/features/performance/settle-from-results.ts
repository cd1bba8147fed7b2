import { and, eq } from 'drizzle-orm';
import { rule4Of } from '#shared/proofing/rule4';
import { nameKey, TIP_RESULT_OF_FINISH, tipRace } from '#shared/race-results';
import { settlingOdds } from '#shared/schemas/performance';
import type { SettledFromResults } from '#shared/schemas/race-results';
import { tipProfit } from '#shared/tip-stats';
import type { DbOrTx } from '#server/db/client';
import { raceResults, tipRecords } from '#server/db/schema';
import { runnersOfResults } from '#server/db/result-runners';

/** Settled by the results: they may settle it again. Anything else settled (by hand) is left alone. */
const SETTLED_BY_RESULTS = 'results';

/**
 * Settles the day's tips whose race has a result (docs/decisions/0028) with the record's own rules
 * (tipProfit: P/L at advised odds, the SP for a winner without them, less the race's Rule 4). A tip settled by hand is
 * the admin's override and is never touched; one settled earlier by results follows a re-entered
 * result, and a change is stamped `correctedAt` like any correction. A tip whose race or horse is
 * not in the results stays pending for the admin.
 */
export async function settleTipsFromResults(db: DbOrTx, date: string, now: Date): Promise<SettledFromResults[]> {
  const tips = await db.select().from(tipRecords).where(eq(tipRecords.raceDate, date));
  const open = tips.filter((t) => t.result === null || t.settledBy === SETTLED_BY_RESULTS);
  if (open.length === 0) return [];
  const results = await db.select().from(raceResults).where(eq(raceResults.raceDate, date));
  if (results.length === 0) return [];
  const runners = await runnersOfResults(db, results);

  const settled: SettledFromResults[] = [];
  for (const tip of open) {
    const race = tipRace(tip.raceTime, tip.raceLocation);
    if (!race) continue;
    // The course may be missing from a hand-typed tip: then the time and the horse must do.
    const candidates = results.filter(
      (r) => r.time === race.time && (!race.course || nameKey(r.course) === nameKey(race.course)),
    );
    const runner = runners.find(
      (h) => candidates.some((c) => c.id === h.resultId) && nameKey(h.name) === nameKey(tip.selectionName),
    );
    if (!runner) continue;
    const result = TIP_RESULT_OF_FINISH[runner.finish];
    const startingPrice = runner.startingPrice ?? tip.startingPrice;
    const race4 = rule4Of(results.find((r) => r.id === runner.resultId)!);
    const outcome = tipProfit(result, settlingOdds(tip), startingPrice, race4);
    if (!outcome.ok) continue;
    // A Rule 4 entered or changed after the tip was settled corrects its P/L like a new result.
    const changed =
      tip.result !== null &&
      (tip.result !== result ||
        (tip.startingPrice ?? '') !== (startingPrice ?? '') ||
        Number(tip.profitLoss) !== outcome.profitLoss);
    if (tip.result === result && !changed && Number(tip.profitLoss) === outcome.profitLoss) continue;
    await db
      .update(tipRecords)
      .set({
        result,
        startingPrice,
        profitLoss: outcome.profitLoss,
        settledAt: now,
        settledBy: SETTLED_BY_RESULTS,
        ...(changed ? { correctedAt: now } : {}),
      })
      .where(and(eq(tipRecords.id, tip.id)));
    settled.push({ selectionName: tip.selectionName, selectionType: tip.selectionType, result });
  }
  return settled;
}
