import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { files, racePreviews } from '#server/db/schema';

export const PREVIEW_KIND = 'race-preview-pdf';

/** Removes a day's previews with their PDFs; answers how many there were. */
export async function deleteDayPreviews(tx: DbOrTx, day: string): Promise<number> {
  const rows = await tx
    .select({ fileId: racePreviews.fileId })
    .from(racePreviews)
    .where(eq(racePreviews.previewDate, day));
  if (rows.length === 0) return 0;
  await tx.delete(racePreviews).where(eq(racePreviews.previewDate, day));
  await tx.delete(files).where(
    inArray(
      files.id,
      rows.map((r) => r.fileId),
    ),
  );
  return rows.length;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
