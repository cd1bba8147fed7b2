import { eq } from 'drizzle-orm';
import { addDays, formatLongDay, londonDate } from '#shared/london-time';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { backCatalogue, dailyTips } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { tipsEntry } from './tips-entries';

/** "Update Back Catalogue": yesterday's (London) tips become an archive entry. */
export async function moveToLibrary(ctx: AppContext): Promise<AdminActionResult> {
  const yesterday = addDays(londonDate(ctx.clock.now()), -1);
  const long = formatLongDay(yesterday);
  const [tips] = await ctx.db
    .select({ id: dailyTips.id })
    .from(dailyTips)
    .where(eq(dailyTips.tipsDate, yesterday))
    .limit(1);
  if (!tips)
    throw notFound(`No tips were published yesterday (${long}), so there is nothing to add to the back catalogue.`);
  const added = await ctx.db
    .insert(backCatalogue)
    .values(tipsEntry(yesterday))
    .onConflictDoNothing()
    .returning({ id: backCatalogue.id });
  if (added.length === 0) {
    return {
      success: true,
      message: `Yesterday's tips (${long}) are already in the back catalogue.`,
      popupMessage: 'Nothing to add.',
    };
  }
  return {
    success: true,
    message: `Yesterday's tips (${long}) were added to the back catalogue.`,
    popupMessage: 'Back catalogue updated.',
  };
}
