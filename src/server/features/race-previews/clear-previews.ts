import { formatLongDay } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { today } from './master-pdf';
import { deleteDayPreviews } from './preview-store';

/** POST /api/clear-pdfs: today's (London) race previews and their PDFs go. */
export async function clearDayPreviews(ctx: AppContext): Promise<{ message: string; count: number }> {
  const day = today(ctx);
  const count = await ctx.db.transaction((tx) => deleteDayPreviews(tx, day));
  // Members' list of today's previews is cached with the race cards (listTodayPreviews).
  if (count) await ctx.cache.invalidate('raceCards');
  const message = count
    ? `Cleared ${count} race ${count === 1 ? 'preview' : 'previews'} for ${formatLongDay(day)}.`
    : `There were no race previews to clear for ${formatLongDay(day)}.`;
  return { message, count };
}
