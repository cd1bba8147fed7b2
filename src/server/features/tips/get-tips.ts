import { desc, eq } from 'drizzle-orm';
import type { DailyTips, HistoricalTips } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { dailyTips } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { EMPTY_DAILY_TIPS, toDailyTips, toHistoricalTips } from './tips-row';

/** The tips live now: the last published, until the next upload; empty fields when there are none. */
export async function getDailyTips(ctx: AppContext): Promise<DailyTips> {
  const [row] = await ctx.db.select().from(dailyTips).orderBy(desc(dailyTips.publishedAt), desc(dailyTips.id)).limit(1);
  return row ? toDailyTips(row) : { ...EMPTY_DAILY_TIPS };
}

/** One London day's tips (the archive); `date` is already a valid YYYY-MM-DD. */
export async function getHistoricalTips(ctx: AppContext, date: string): Promise<HistoricalTips> {
  const [row] = await ctx.db.select().from(dailyTips).where(eq(dailyTips.tipsDate, date)).limit(1);
  if (!row) throw notFound(`No tips found for ${date}.`);
  return toHistoricalTips(row);
}
