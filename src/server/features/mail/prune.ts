import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { deleteInBatches } from '#server/db/batched-delete';

/**
 * Finished messages (sent or failed) are kept this long for the admin's outbox view, then deleted.
 * A bulk mailing stores one rendered copy per member (a few KB each), so a daily e-mail to a
 * thousand members adds gigabytes a year if nothing is ever removed (decision 0010).
 */
export const OUTBOX_KEEP_DAYS = 90;
/** Each worker prunes at most this often. */
export const PRUNE_EVERY_MS = 3600_000;
/**
 * Deletes finished messages created more than OUTBOX_KEEP_DAYS before `now`; returns how many.
 * Queued and in-flight messages are never touched. Rows another worker holds are skipped, so
 * any number of workers may prune at once.
 */
export async function pruneOutbox(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 86400_000);
  return deleteInBatches(ctx.db, 'outbox', 'id', sql`status in ('sent', 'failed') and created_at < ${cutoff}`);
}
