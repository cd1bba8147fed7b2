import { asc, desc, isNotNull, isNull, and, count, lt } from 'drizzle-orm';
import type { ResultsResponse, TipRecord } from '#shared/schemas/performance';
import { recordStats } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import { tipRecords } from '#server/db/schema';
import { isSettled, toTipRecord } from './tip-row';

/** Every tip record, newest race day first (the admin Performance History). */
export async function listTipRecords(ctx: AppContext): Promise<TipRecord[]> {
  const rows = await ctx.db.select().from(tipRecords).orderBy(desc(tipRecords.raceDate), asc(tipRecords.id));
  return rows.map(toTipRecord);
}

/**
 * The public proofed record: every settled tip, newest first, with its stats. `before` (a London
 * day) keeps only tips of earlier days: a tip settled on its own day is still that day's paid tip
 * (decision 0017), so visitors and non-members see it from the next day on.
 */
export async function getResults(ctx: AppContext, before: string | null = null): Promise<ResultsResponse> {
  const settled = and(isNotNull(tipRecords.result), isNotNull(tipRecords.profitLoss), before ? lt(tipRecords.raceDate, before) : undefined);
  const rows = await ctx.db.select().from(tipRecords).where(settled).orderBy(desc(tipRecords.raceDate), desc(tipRecords.id));
  const tips = rows.map(toTipRecord).filter(isSettled);
  const [{ pending }] = await ctx.db.select({ pending: count() }).from(tipRecords).where(isNull(tipRecords.result));
  return { tips, pending, stats: recordStats(tips) };
}
