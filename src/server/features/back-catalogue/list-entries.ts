import { desc, lt } from 'drizzle-orm';
import type { BackCatalogueEntry } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { backCatalogue } from '#server/db/schema';

/**
 * The archive, newest first. `before` (a YYYY-MM-DD London day) leaves out that day and later
 * ones: visitors and non-members get past days only (decision 10); members get every entry.
 */
export async function listBackCatalogue(ctx: AppContext, before: string | null): Promise<BackCatalogueEntry[]> {
  const rows = await ctx.db
    .select({
      id: backCatalogue.id,
      title: backCatalogue.title,
      date: backCatalogue.date,
      contentType: backCatalogue.contentType,
      filename: backCatalogue.filename,
    })
    .from(backCatalogue)
    .where(before === null ? undefined : lt(backCatalogue.date, before))
    .orderBy(desc(backCatalogue.date), desc(backCatalogue.id));
  return rows.map((r) => ({ ...r, contentType: r.contentType === 'html' ? 'html' : 'pdf' }));
}
