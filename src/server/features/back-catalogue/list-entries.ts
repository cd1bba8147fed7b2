import { desc } from 'drizzle-orm';
import type { BackCatalogueEntry } from '../../../shared/schemas/tips';
import type { AppContext } from '../../context';
import { backCatalogue } from '../../db/schema';

export async function listBackCatalogue(ctx: AppContext): Promise<BackCatalogueEntry[]> {
  const rows = await ctx.db
    .select({
      id: backCatalogue.id,
      title: backCatalogue.title,
      date: backCatalogue.date,
      contentType: backCatalogue.contentType,
      filename: backCatalogue.filename,
    })
    .from(backCatalogue)
    .orderBy(desc(backCatalogue.date), desc(backCatalogue.id));
  return rows.map((r) => ({ ...r, contentType: r.contentType === 'html' ? 'html' : 'pdf' }));
}
