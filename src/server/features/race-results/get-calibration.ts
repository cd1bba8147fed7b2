import { asc, lt } from 'drizzle-orm';
import { calibrate, type CalibrationRace } from '#shared/calibration';
import { addDays, londonDate } from '#shared/london-time';
import type { CalibrationResponse } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { raceResults } from '#server/db/schema';
import { runnersOfResults } from '#server/db/result-runners';
import { tissueScoresAnswer } from './tissue-scores';

/**
 * GET /api/value-calibration: every result of a day before today (London) through the shared
 * calibration, and the tissue's scores against the market on those days as the nightly scoring
 * kept them. Today's races are left out for everyone, members too: the page is public, and a count
 * that moved during the day would hint at today's members-only picks (decision 0017).
 */
export async function getCalibration(ctx: AppContext): Promise<CalibrationResponse> {
  const before = londonDate(ctx.clock.now());
  const results = await ctx.db
    .select({ id: raceResults.id, raceDate: raceResults.raceDate })
    .from(raceResults)
    .where(lt(raceResults.raceDate, before))
    .orderBy(asc(raceResults.raceDate));
  const [runners, scores] = await Promise.all([
    runnersOfResults(ctx.db, results),
    tissueScoresAnswer(ctx.db, addDays(before, -1)),
  ]);
  const byResult = new Map<number, CalibrationRace>(results.map((r) => [r.id, { raceDate: r.raceDate, runners: [] }]));
  for (const h of runners) {
    byResult
      .get(h.resultId)
      ?.runners.push({ name: h.name, vbRating: h.vbRating, morningOdds: h.morningOdds, finish: h.finish });
  }
  return { ...calibrate([...byResult.values()]), ...scores, before };
}
