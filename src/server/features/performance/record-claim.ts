import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { londonDate } from '#shared/london-time';
import { recordClaim } from '#shared/record-claim';
import type { RecordClaimAnswer } from '#shared/schemas/performance';
import { recordStats, type SettledTip } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import { proofReceipts, tipRecords } from '#server/db/schema';

/**
 * GET /api/record-claim: the site's one profit, ROI and strike-rate sentence (recordClaim), drawn
 * from the public record as visitors see it (settled tips of days before today, decision 0017),
 * at the advised prices, against the PROOFING_BANK_POINTS bank. Only proofed tips count — a tip
 * whose receipt was time-stamped outside VBG before its race was off — and no claim is made below
 * RECORD_CLAIMS_MIN_TIPS of them.
 */
export async function getRecordClaim(ctx: AppContext): Promise<RecordClaimAnswer> {
  const rows = await ctx.db
    .select({
      id: tipRecords.id,
      raceDate: tipRecords.raceDate,
      selectionType: tipRecords.selectionType,
      selectionName: tipRecords.selectionName,
      result: tipRecords.result,
      profitLoss: tipRecords.profitLoss,
    })
    .from(tipRecords)
    .innerJoin(proofReceipts, eq(proofReceipts.id, tipRecords.receiptId))
    .where(
      and(
        isNotNull(proofReceipts.proofedAt),
        isNotNull(tipRecords.result),
        isNotNull(tipRecords.profitLoss),
        lt(tipRecords.raceDate, londonDate(ctx.clock.now())),
      ),
    );
  // The query asks for settled tips only; a row without a result would not be one.
  const tips = rows.flatMap(({ result, ...r }): SettledTip[] =>
    result === null ? [] : [{ ...r, result, profitLoss: r.profitLoss ?? 0 }],
  );
  if (tips.length === 0) return { claim: null };
  const { overall, series } = recordStats(tips);
  const claim = recordClaim(overall, {
    period: { from: series[0].raceDate, to: series[series.length - 1].raceDate },
    bank: ctx.config.PROOFING_BANK_POINTS,
    basis: 'advised',
    proofedTips: overall.tips,
    minTips: ctx.config.RECORD_CLAIMS_MIN_TIPS,
  });
  return { claim };
}
