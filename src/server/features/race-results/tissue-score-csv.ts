import { toCsv } from '#shared/csv';
import { addDays, londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { storedRows } from './tissue-scores';

const TISSUE_SCORE_CSV_HEADER = [
  'date',
  'course',
  'time',
  'horse',
  'tissueProb',
  'bspProb',
  'morningProb',
  'blendProb',
  'won',
] as const;

/** Ten decimals: enough to reproduce every score to four. */
const prob = (p: number) => p.toFixed(10);

/**
 * GET /api/value-calibration.csv: one row per scored runner as the nightly scoring kept it, the
 * figures of the calibration page reproducible from it. Days before today for everyone; today's scored races too for members
 * (today's probabilities are members' content until the day is over).
 */
export async function tissueScoreCsv(ctx: AppContext, member: boolean): Promise<string> {
  const today = londonDate(ctx.clock.now());
  const rows = (await storedRows(ctx.db, member ? today : addDays(today, -1))).map((r) => [
    r.date,
    r.course,
    r.time,
    r.horse,
    prob(r.tissue),
    prob(r.bsp),
    prob(r.morning),
    prob(r.blend),
    r.won ? '1' : '0',
  ]);
  return toCsv([[...TISSUE_SCORE_CSV_HEADER], ...rows]);
}
