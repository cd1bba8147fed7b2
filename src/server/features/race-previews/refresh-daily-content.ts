import { formatLongDay } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { findWaitingMaster, today } from './master-pdf';
import { todayPreviewsForAdmin } from './list-previews';
import { splitMasterPdf } from './split-master-pdf';

/**
 * POST /api/process-daily-content: splits a waiting master PDF, if there is one, and says
 * what it did; the admin's client then refetches tips and previews.
 */
export async function refreshDailyContent(ctx: AppContext): Promise<{ message: string; count: number }> {
  if (await findWaitingMaster(ctx.db, today(ctx))) return splitMasterPdf(ctx);
  const previews = await todayPreviewsForAdmin(ctx);
  const count = previews.filter((p) => p.matchesRace).length;
  const unmatched = previews.filter((p) => !p.matchesRace).map((p) => `${p.raceTime} ${p.course}`);
  const live = count
    ? `${count} race ${count === 1 ? 'preview is' : 'previews are'} live`
    : 'no race previews are live';
  const stray = unmatched.length ? ` Not on today's cards, so not shown to members: ${unmatched.join(', ')}.` : '';
  return {
    message: `No master PDF was waiting for ${formatLongDay(today(ctx))}; ${live}.${stray} Daily tips and previews refreshed.`,
    count,
  };
}
