import { asc } from 'drizzle-orm';
import { londonDate } from '#shared/london-time';
import type { TipResult } from '#shared/tip-stats';
import type { AppContext } from '#server/context';
import { dailyTips, tipRecords } from '#server/db/schema';
import { autoPopulate } from './auto-populate';
import { settleTip } from './settle-tip';

/** Past days' results in the order the tips were recorded (NAP, NB, Longshot per day). */
const RESULTS: TipResult[] = ['WON', 'LOST', 'LOST', 'PLACED', 'WON', 'NR'];

/**
 * The proofed record from the demo's published tips (the tips step runs first): every published
 * day auto-populated, the past days settled, today's left pending.
 */
export async function seedDemoPerformance(ctx: AppContext) {
  const today = londonDate(ctx.clock.now());
  const days = await ctx.db.select({ date: dailyTips.tipsDate }).from(dailyTips).orderBy(asc(dailyTips.tipsDate));
  for (const { date } of days) await autoPopulate(ctx, date);
  const records = await ctx.db.select().from(tipRecords).orderBy(asc(tipRecords.raceDate), asc(tipRecords.id));
  let i = 0;
  for (const record of records) {
    if (record.raceDate >= today || i >= RESULTS.length) continue;
    await settleTip(ctx, record.id, RESULTS[i++]);
  }
}
