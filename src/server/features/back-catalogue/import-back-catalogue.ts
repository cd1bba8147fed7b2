import { and, eq, isNull } from 'drizzle-orm';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { backCatalogue, dailyTips } from '#server/db/schema';
import { tipsEntry } from './tips-entries';

/** Adds an archive entry for every stored tips day that has none yet (one bulk insert). */
export async function importBackCatalogue(ctx: AppContext): Promise<AdminActionResult> {
  const missing = await ctx.db
    .select({ date: dailyTips.tipsDate })
    .from(dailyTips)
    .leftJoin(backCatalogue, and(eq(backCatalogue.date, dailyTips.tipsDate), eq(backCatalogue.contentType, 'html')))
    .where(isNull(backCatalogue.id));
  const added = missing.length
    ? await ctx.db
        .insert(backCatalogue)
        .values(missing.map((m) => tipsEntry(m.date)))
        .onConflictDoNothing()
        .returning({ id: backCatalogue.id })
    : [];
  const n = added.length;
  const message =
    n === 0
      ? 'The back catalogue is up to date: every day of tips already has an entry.'
      : `Imported ${n} ${n === 1 ? 'day' : 'days'} of tips into the back catalogue.`;
  return { success: true, message, popupMessage: message };
}
