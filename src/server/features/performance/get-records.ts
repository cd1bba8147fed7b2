import { asc, desc, eq, isNotNull, isNull, and, count, gte, lt, or } from 'drizzle-orm';
import { closingLineValue } from '#shared/closing-line';
import { tipRace } from '#shared/race-results';
import {
  settlingOdds,
  type ResultsResponse,
  type ResultsTip,
  type SettledTipRecord,
  type TipRecord,
} from '#shared/schemas/performance';
import { recordStats, tipProfitByBasis } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import { priceHistoriesOf, runnerOfDayKey, toPricePoint } from '#server/db/price-history';
import { proofReceipts, tipRecords } from '#server/db/schema';
import { recordMultiples, recordSignificance, rule4OfTips, singlesByBasis } from './record-bases';
import { isSettled, toTipRecord } from './tip-row';

/** Every tip record, newest race day first (the admin Performance History). */
export async function listTipRecords(ctx: AppContext): Promise<TipRecord[]> {
  const rows = await ctx.db.select().from(tipRecords).orderBy(desc(tipRecords.raceDate), asc(tipRecords.id));
  return rows.map(toTipRecord);
}

/**
 * The public proofed record: every settled tip, newest first, with its stats, and how many tips
 * await a result. `before` (a London day) shows the record as it stood when that day began: a tip
 * settled on its own day is still that day's paid tip (decision 0017), so for visitors and
 * non-members it is left out of the tips and the stats and still counted as awaiting a result
 * until the day is over — entering today's result changes no figure they can see (decision 0036).
 */
export async function getResults(ctx: AppContext, before: string | null = null): Promise<ResultsResponse> {
  const settled = and(
    isNotNull(tipRecords.result),
    isNotNull(tipRecords.profitLoss),
    before ? lt(tipRecords.raceDate, before) : undefined,
  );
  const rows = await ctx.db
    .select({ tip: tipRecords, proofedAt: proofReceipts.proofedAt })
    .from(tipRecords)
    .leftJoin(proofReceipts, eq(proofReceipts.id, tipRecords.receiptId))
    .where(settled)
    .orderBy(desc(tipRecords.raceDate), desc(tipRecords.id));
  const proofedIds = new Set(rows.filter((r) => r.proofedAt !== null).map((r) => r.tip.id));
  const settledTips = rows.map((r) => toTipRecord(r.tip)).filter(isSettled);
  const awaiting = before ? or(isNull(tipRecords.result), gte(tipRecords.raceDate, before)) : isNull(tipRecords.result);
  const [{ pending }] = await ctx.db.select({ pending: count() }).from(tipRecords).where(awaiting);
  const tips = (await withBases(ctx, await withMarketPrices(ctx, settledTips))).map((tip) => ({
    ...tip,
    proofed: proofedIds.has(tip.id),
  }));
  const proofed = tips.filter((tip) => tip.proofed).length;
  const clv = closingLineValue(
    tips.map((t) => ({ result: t.result, price: settlingOdds(t), startingPrice: t.startingPrice, bsp: t.bsp })),
  );
  const stats = recordStats(settledTips);
  // The staked singles' points at the advised price, oldest first, as the record ran.
  const profits = stats.series.filter((p) => p.result !== 'NR').map((p) => p.profitLoss);
  return {
    tips,
    pending,
    stats,
    clv,
    bases: singlesByBasis(tips),
    proofing: { proofed, notProofed: tips.length - proofed },
    multiples: await recordMultiples(ctx.db, before),
    significance: recordSignificance(profits, ctx.config.PROOFING_BANK_POINTS),
  };
}

/**
 * Each tip with its race's Rule 4 and its points at each price basis. The advised basis is the
 * settled P/L (a hand settlement is the admin's word); SP and BSP are worked out from the prices.
 */
async function withBases(
  ctx: AppContext,
  tips: Array<Omit<ResultsTip, 'rule4' | 'profits' | 'proofed'>>,
): Promise<Array<Omit<ResultsTip, 'proofed'>>> {
  const rule4s = await rule4OfTips(ctx.db, tips);
  return tips.map((tip, i) => {
    const rule4 = rule4s[i];
    const { sp, bsp } = tipProfitByBasis(
      tip.result,
      { advised: settlingOdds(tip), sp: tip.startingPrice, bsp: tip.bsp },
      rule4,
    );
    return { ...tip, rule4, profits: { advised: tip.profitLoss, sp, bsp } };
  });
}

/** The most prices of a tip's day the record sends (its sparkline): the latest ones. */
const HISTORY_POINTS = 12;

/** Each tip with its horse's prices that day: the history before the off and the BSP. */
async function withMarketPrices(
  ctx: AppContext,
  tips: SettledTipRecord[],
): Promise<Array<Omit<ResultsTip, 'rule4' | 'profits' | 'proofed'>>> {
  const runners = tips.map((tip) => {
    const race = tipRace(tip.raceTime, tip.raceLocation);
    return race && { date: tip.raceDate, time: race.time, course: race.course, horseName: tip.selectionName };
  });
  const histories = await priceHistoriesOf(
    ctx.db,
    runners.filter((r) => r !== null),
  );
  return tips.map((tip, i) => {
    const runner = runners[i];
    const snapshots = (runner && histories.get(runnerOfDayKey(runner))) || [];
    const market = snapshots.filter((s) => s.source !== 'bsp');
    const bsp = snapshots.findLast((s) => s.source === 'bsp')?.price ?? null;
    return { ...tip, bsp, priceHistory: market.slice(-HISTORY_POINTS).map(toPricePoint) };
  });
}
