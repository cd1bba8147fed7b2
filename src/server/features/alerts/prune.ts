import { lt } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { memberAlerts } from '#server/db/schema';

/** How long a decided alert is kept (the privacy notice says so): its day is long over by then. */
const ALERTS_KEEP_DAYS = 30;

/** Deletes alerts decided more than ALERTS_KEEP_DAYS ago, whatever came of them; returns how many. */
export async function pruneAlerts(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ALERTS_KEEP_DAYS * 86400_000);
  const deleted = await ctx.db
    .delete(memberAlerts)
    .where(lt(memberAlerts.createdAt, cutoff))
    .returning({ id: memberAlerts.id });
  return deleted.length;
}
