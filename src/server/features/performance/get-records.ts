import { asc, desc, isNotNull, isNull, and, count } from 'drizzle-orm';
import type { ResultsResponse, TipRecord } from '../../../shared/schemas/performance';
import { recordStats } from '../../../shared/tip-stats';
import type { AppContext } from '../../context';
import { tipRecords } from '../../db/schema';
import { isSettled, toTipRecord } from './tip-row';

/** Every tip record, newest race day first (the admin Performance History). */
export async function listTipRecords(ctx: AppContext): Promise<TipRecord[]> {
  const rows = await ctx.db.select().from(tipRecords).orderBy(desc(tipRecords.raceDate), asc(tipRecords.id));
  return rows.map(toTipRecord);
}

/** The public proofed record: every settled tip, newest first, with its stats. */
export async function getResults(ctx: AppContext): Promise<ResultsResponse> {
  const rows = await ctx.db
    .select()
    .from(tipRecords)
    .where(and(isNotNull(tipRecords.result), isNotNull(tipRecords.profitLoss)))
    .orderBy(desc(tipRecords.raceDate), desc(tipRecords.id));
  const tips = rows.map(toTipRecord).filter(isSettled);
  const [{ pending }] = await ctx.db.select({ pending: count() }).from(tipRecords).where(isNull(tipRecords.result));
  return { tips, pending, stats: recordStats(tips) };
}
