import { formatLongDay, londonDate } from '#shared/london-time';
import type { contentUploadBody } from '#shared/schemas/tips';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import { dailyTips } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
// The daily preview is shown with the article allow-list of spec 01 §5: one sanitiser for both.
import { isBlankHtml, sanitizeArticleHtml } from '../articles/sanitize';
import { followPublishedTips } from '../performance/auto-populate';

export type PublishTipsInput = z.output<typeof contentUploadBody>;

/**
 * Publishes the tips as the current London day's (a second upload that day replaces the first).
 * They are what members see until the next upload (spec 02 §4).
 */
export async function publishTips(ctx: AppContext, input: PublishTipsInput) {
  const dailyPreview = sanitizeArticleHtml(input.dailyPreview).trim();
  if (isBlankHtml(dailyPreview)) throw badRequest('Daily preview is required (nothing was left after removing unsafe HTML)');
  const now = ctx.clock.now();
  const tipsDate = londonDate(now);
  const update = {
    bannerDate: input.bannerDate || formatLongDay(tipsDate),
    nap: input.nap,
    nb: input.nb,
    longshot: input.longshot,
    multiplesBet1: input.multiple1,
    multiplesBet2: input.multiple2,
    multiplesBet3: input.multiple3,
    multiplesBet4: input.multiple4,
    dailyPreview,
    publishedAt: now,
  };
  const [row] = await ctx.db
    .insert(dailyTips)
    .values({ tipsDate, ...update })
    .onConflictDoUpdate({ target: dailyTips.tipsDate, set: update })
    .returning();
  await ctx.cache.invalidate('dailyTips');
  // The day's pending tip records follow the tips as now published (issue 16 item 2).
  await followPublishedTips(ctx, tipsDate);
  return row;
}
