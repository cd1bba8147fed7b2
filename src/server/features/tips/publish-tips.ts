import { formatLongDay, londonDate, weekdayOf } from '#shared/london-time';
import type { contentUploadBody } from '#shared/schemas/tips';
import type { z } from 'zod';
import type { AppContext } from '#server/context';
import { dailyTips } from '#server/db/schema';
import { badRequest, needsConfirmation } from '#server/http/errors';
// The daily preview is sanitised with the article allow-list: one sanitiser for both.
import { isBlankHtml, sanitizeArticleHtml } from '../articles/sanitize';
import { followPublishedTips } from '../performance/auto-populate';
import { proofPublishedTips } from '../proofing/proof-published-tips';
import { wakeLodgement } from '../proofing/receipts';
import { publishRaceCardEvent } from '../race-cards/events';
import { tipsShorterThanValue } from './short-prices';

export type PublishTipsInput = z.output<typeof contentUploadBody>;

/**
 * Publishes the tips as the current London day's (a second upload that day replaces the first).
 * They are what members see until the next upload. A tip advised shorter than its
 * "value down to" price on the day's cards contradicts the price guidance members read beside it,
 * so it is published only once the analyst confirms it (`confirmShortPrices`); the tips page then
 * says why it is tipped at that price. The tips, their multiples and legs, their receipts and the
 * receipts' lodgement e-mail are written in one transaction (proofPublishedTips): all or nothing.
 */
export async function publishTips(ctx: AppContext, input: PublishTipsInput) {
  const dailyPreview = sanitizeArticleHtml(input.dailyPreview).trim();
  if (isBlankHtml(dailyPreview))
    throw badRequest('Daily preview is required (nothing was left after removing unsafe HTML)');
  const now = ctx.clock.now();
  const tipsDate = londonDate(now);
  if (!input.confirmShortPrices) {
    const short = await tipsShorterThanValue(ctx, tipsDate, input);
    if (short.length > 0) {
      throw needsConfirmation(
        `${short.join(' ')} Members are told the VB tissue sees no value below that price. Confirm to publish anyway: the tips page will say the tip is on form rather than price.`,
        'confirmShortPrices',
      );
    }
  }
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
  const { row, proof } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dailyTips)
      .values({ tipsDate, ...update })
      .onConflictDoUpdate({ target: dailyTips.tipsDate, set: update })
      .returning();
    const proof = await proofPublishedTips(
      ctx,
      tx,
      tipsDate,
      now,
      { ...input, multiples: [input.multiple1, input.multiple2, input.multiple3, input.multiple4] },
      { confirmUnproofedLegs: input.confirmUnproofedLegs },
    );
    return { row, proof };
  });
  await ctx.cache.invalidate('dailyTips');
  if (proof.receiptsAdded > 0) await wakeLodgement(ctx);
  // The day's pending tip records follow the tips as now published (and point at their receipts).
  await followPublishedTips(ctx, tipsDate);
  // Open boards mark the tips, and the members' alerts hear it (neither ever fails the publishing).
  await publishRaceCardEvent(ctx, { type: 'tips', weekday: weekdayOf(tipsDate) });
  return { row, ...proof };
}
