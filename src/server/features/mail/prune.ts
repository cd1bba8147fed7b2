import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';

/**
 * Finished messages (sent or failed) are kept this long for the admin's outbox view, then deleted.
 * A bulk mailing stores one rendered copy per member (a few KB each), so a daily e-mail to a
 * thousand members adds gigabytes a year if nothing is ever removed (decision 0010).
 */
export const OUTBOX_KEEP_DAYS = 90;
/** Each worker prunes at most this often. */
export const PRUNE_EVERY_MS = 3600_000;
/** Rows per delete, so no single statement holds many locks or runs long. */
export const PRUNE_BATCH = 5000;
/** Batches per pass: a backlog larger than this is finished by the next passes. */
const PRUNE_MAX_BATCHES = 20;

/**
 * Deletes finished messages created more than OUTBOX_KEEP_DAYS before `now`; returns how many.
 * Queued and in-flight messages are never touched. Rows another worker holds are skipped, so
 * any number of workers may prune at once.
 */
export async function pruneOutbox(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86400_000);
  let total = 0;
  for (let i = 0; i < PRUNE_MAX_BATCHES; i++) {
    const result = await ctx.db.execute(sql`
      delete from outbox where id in (
        select id from outbox
        where status in ('sent', 'failed') and created_at < ${cutoff}
        order by created_at
        limit ${PRUNE_BATCH}
        for update skip locked)
      returning id`);
    const deleted = rowsOf(result).length;
    total += deleted;
    if (deleted < PRUNE_BATCH) break;
  }
  return total;
}
