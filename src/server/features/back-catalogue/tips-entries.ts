import { formatLongDay } from '#shared/london-time';
import { tipsEntryTitle } from '#shared/tips-format';
import type { backCatalogue } from '#server/db/schema';

/**
 * The archive row for a day's tips. The filename is fixed per day so the unique index
 * (date, content_type, filename) makes adding the same day twice a no-op.
 */
export function tipsEntry(date: string): typeof backCatalogue.$inferInsert {
  return { title: tipsEntryTitle(formatLongDay(date)), date, contentType: 'html', filename: `daily-tips-${date}` };
}
