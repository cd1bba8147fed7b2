import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { londonDate, weekdayOf, WEEKDAYS, type Weekday } from '#shared/london-time';
import { fieldOf, isOneOf } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import { uploadLog } from '#server/db/schema';
import { REPROCESS_KIND } from './reprocess-master';
import { MASTER_KIND } from './upload-master-excel';

/** Successful stage-1 loads (a workbook uploaded, or the stored one re-processed) record their target. */
const STAGE_ONE_KINDS = [MASTER_KIND, REPROCESS_KIND];

/**
 * The weekday tab the analyst is working on, where the morning stages start: the tab the last
 * successful master workbook an admin loaded went to, while its race day is today or later
 * (London); otherwise today's tab. Loads made by no one (the demo seed loading today's and
 * tomorrow's cards) are not a choice of the analyst's and leave the stages on today.
 */
export async function workingWeekday(ctx: AppContext): Promise<{ weekday: Weekday }> {
  const today = londonDate(ctx.clock.now());
  const [last] = await ctx.db
    .select({ counts: uploadLog.counts })
    .from(uploadLog)
    .where(and(inArray(uploadLog.kind, STAGE_ONE_KINDS), eq(uploadLog.success, true), isNotNull(uploadLog.userId)))
    .orderBy(desc(uploadLog.createdAt), desc(uploadLog.id))
    .limit(1);
  const weekday = fieldOf(last?.counts, 'weekday');
  const raceDate = fieldOf(last?.counts, 'raceDate');
  if (isOneOf(WEEKDAYS, weekday) && typeof raceDate === 'string' && raceDate >= today) return { weekday };
  return { weekday: weekdayOf(today) };
}
