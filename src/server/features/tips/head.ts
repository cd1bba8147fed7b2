import { eq } from 'drizzle-orm';
import { isPastLondonDay } from '#shared/dated-content';
import { isIsoDay } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { dailyTips } from '#server/db/schema';
import type { HeadProvider } from '#server/pages/page-head';

const TIPS_DAY_PATH = /^\/tips\/([^/]+)\/?$/;

/**
 * /tips/{date} answers 404 when there is nothing to show: not a date, or a past London day
 * without tips ("Tips not found"). Today's and later days show the member gate and answer 200
 * whether or not tips exist, so the status never says what a visitor may not read (decision 10).
 */
export function historicalTipsHeadProvider(ctx: AppContext): HeadProvider {
  return async (pathname) => {
    const match = TIPS_DAY_PATH.exec(pathname);
    if (!match) return null;
    const date = match[1];
    if (!isIsoDay(date)) return { notFound: true };
    if (!isPastLondonDay(date, ctx.clock.now())) return null;
    const [row] = await ctx.db
      .select({ id: dailyTips.id })
      .from(dailyTips)
      .where(eq(dailyTips.tipsDate, date))
      .limit(1);
    return row ? null : { notFound: true };
  };
}
