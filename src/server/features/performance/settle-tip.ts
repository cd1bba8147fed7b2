import { and, eq } from 'drizzle-orm';
import { rule4Of, type Rule4 } from '#shared/proofing/rule4';
import { nameKey, tipRace } from '#shared/race-results';
import { settlingOdds, type TipRecord } from '#shared/schemas/performance';
import { addDays, londonDate } from '#shared/london-time';
import { isOff } from '#shared/race-off';
import { normaliseOdds } from '#shared/tip-text';
import { tipProfit, type TipResult } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { raceResults, tipRecords } from '#server/db/schema';
import { HttpError, badRequest, notFound } from '#server/http/errors';
import { TIP_RECORD_NOT_FOUND } from './record-tips';
import { toTipRecord } from './tip-row';

/**
 * Settles a tip, or corrects an earlier settlement: the result, the starting price (kept when not
 * given) and the P/L at advised odds (a confirmed price correction's, when there is one) to a 1-point level stake (DESIGN decision 7),
 * less the Rule 4 of the race's entered result, if any. A settled
 * record is never deleted; a correction that changes the result or the price overwrites them and
 * is stamped `correctedAt`, which the proofed record shows. A tip is settled only after its race's
 * off (refuseBeforeOff).
 */
export async function settleTip(
  ctx: AppContext,
  id: number,
  result: TipResult,
  startingPrice?: string,
): Promise<TipRecord> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tipRecords).where(eq(tipRecords.id, id)).for('update').limit(1);
    if (!row) throw notFound(TIP_RECORD_NOT_FOUND);
    refuseBeforeOff(row, ctx.clock.now());
    const sp = startingPrice ? normaliseOdds(startingPrice) : row.startingPrice;
    const outcome = tipProfit(result, settlingOdds(row), sp, await rule4OfTipRace(tx, row));
    if (!outcome.ok) throw badRequest(outcome.message);
    const now = ctx.clock.now();
    const changed = row.result !== null && (row.result !== result || (row.startingPrice ?? '') !== (sp ?? ''));
    const [updated] = await tx
      .update(tipRecords)
      .set({
        result,
        startingPrice: sp || null,
        profitLoss: outcome.profitLoss,
        settledAt: now,
        settledBy: 'admin',
        ...(changed ? { correctedAt: now } : {}),
      })
      .where(eq(tipRecords.id, id))
      .returning();
    return toTipRecord(updated);
  });
}

/** The Rule 4 of a tip's race, when its result is entered (time and course as the tip names them). */
async function rule4OfTipRace(
  db: DbOrTx,
  tip: { raceDate: string; raceTime: string; raceLocation: string },
): Promise<Rule4 | null> {
  const race = tipRace(tip.raceTime, tip.raceLocation);
  if (!race) return null;
  const rows = await db
    .select()
    .from(raceResults)
    .where(and(eq(raceResults.raceDate, tip.raceDate), eq(raceResults.time, race.time)));
  const row = rows.find((r) => !race.course || nameKey(r.course) === nameKey(race.course));
  return row ? rule4Of(row) : null;
}

/**
 * A tip's result cannot be known before its race is off: its race time on its day, London time. A
 * tip with no race time recorded waits for the day after its race day.
 */
function refuseBeforeOff(
  row: { raceDate: string; raceTime: string; raceLocation: string; selectionName: string },
  now: Date,
) {
  const race = `${row.raceTime} ${row.raceLocation}`.trim();
  if (row.raceTime) {
    if (isOff(row.raceDate, row.raceTime, now)) return;
    const on = row.raceDate === londonDate(now) ? '' : ` on ${row.raceDate}`;
    throw new HttpError(
      422,
      `The ${race} is not off until ${row.raceTime}${on} (London time); ${row.selectionName} was not settled. If the race time is wrong, correct it first.`,
    );
  }
  if (row.raceDate < londonDate(now)) return;
  throw new HttpError(
    422,
    `${row.selectionName} has no race time recorded, so it can be settled by hand from ${addDays(row.raceDate, 1)}; record its race time to settle it after the off.`,
  );
}
