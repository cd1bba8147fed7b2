import { formatLongDay } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { findWaitingMaster, today } from './master-pdf';
import { countTodayPreviews } from './list-previews';
import { processMasterPdf } from './process-master';

/**
 * POST /api/process-daily-content: processes a waiting master PDF, if there is one, and says
 * what it did; the admin's client then refetches tips and previews.
 */
export async function processDailyContent(ctx: AppContext): Promise<{ message: string; count: number }> {
  if (await findWaitingMaster(ctx.db, today(ctx))) return processMasterPdf(ctx);
  const count = await countTodayPreviews(ctx);
  const live = count ? `${count} race ${count === 1 ? 'preview is' : 'previews are'} live` : 'no race previews are live';
  return { message: `No master PDF was waiting for ${formatLongDay(today(ctx))}; ${live}. Daily tips and previews refreshed.`, count };
}
