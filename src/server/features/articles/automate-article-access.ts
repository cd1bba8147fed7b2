import { and, sql } from 'drizzle-orm';
import { addDays, londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { articles } from '#server/db/schema';
import { isTop5Premium } from './store';

/**
 * "Make Old Top 5s Public": premium top-5 articles older than one day become
 * regular. Age counts in London calendar days from the publish date (the creation day when
 * undated): published on D, the article turns public from D + 2, after a full day as premium.
 */
export async function automateArticleAccess(ctx: AppContext): Promise<{ updated: number; message: string }> {
  const now = ctx.clock.now();
  const cutoff = addDays(londonDate(now), -1);
  const day = sql`coalesce(${articles.publishDate}, (${articles.createdAt} at time zone 'Europe/London')::date)`;
  const rows = await ctx.db
    .update(articles)
    .set({ contentType: 'regular', updatedAt: now })
    .where(and(isTop5Premium, sql`${day} < ${cutoff}::date`))
    .returning({ id: articles.id });
  const n = rows.length;
  if (n) await ctx.cache.invalidate('articles');
  return { updated: n, message: `Made ${n} old Top 5 article${n === 1 ? '' : 's'} public.` };
}
