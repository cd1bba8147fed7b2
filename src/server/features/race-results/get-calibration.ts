import { asc, lt } from 'drizzle-orm';
import { calibrate } from '#shared/calibration';
import { londonDate } from '#shared/london-time';
import type { CalibrationResponse } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { raceResults } from '#server/db/schema';
import { readStoredScore, rowsOf, scoreInputRaces, tissueScoresAnswer } from './tissue-scores';

/**
 * GET /api/value-calibration: every result of a day before today (London) through the shared
 * calibration, and the tissue's scores against the market on the same days. Today's races are
 * left out for everyone, members too: the page is public, and a count that moved during the day
 * would hint at today's members-only picks (decision 0017).
 */
export async function getCalibration(ctx: AppContext): Promise<CalibrationResponse> {
  const before = londonDate(ctx.clock.now());
  const results = await ctx.db
    .select({ id: raceResults.id, raceDate: raceResults.raceDate, time: raceResults.time, course: raceResults.course })
    .from(raceResults)
    .where(lt(raceResults.raceDate, before))
    .orderBy(asc(raceResults.raceDate));
  const [races, stored] = await Promise.all([scoreInputRaces(ctx.db, results), readStoredScore(ctx.db)]);
  const calibration = calibrate(races.map((r) => ({ raceDate: r.date, runners: r.runners })));
  const rows = rowsOf(races, stored, before);
  return { ...calibration, ...tissueScoresAnswer(rows, stored, before), before };
}
