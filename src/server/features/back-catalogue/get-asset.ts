import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { backCatalogue, files } from '#server/db/schema';
import { readFileBytes } from '#server/db/file-store';
import { notFound } from '#server/http/errors';
import { PDF_KIND } from './upload-pdf';

/**
 * A back-catalogue PDF's details (not its bytes) by its stored name, with its entry's day: only files that an archive entry
 * points at are served (and only to those the day allows, see routes.ts).
 */
export async function getAttachedAsset(ctx: AppContext, filename: string) {
  const [row] = await ctx.db
    .select({
      id: files.id,
      mimeType: files.mimeType,
      sha256: files.sha256,
      filename: files.filename,
      date: backCatalogue.date,
    })
    .from(files)
    .innerJoin(backCatalogue, eq(backCatalogue.fileId, files.id))
    .where(and(eq(files.filename, filename), eq(files.kind, PDF_KIND)))
    .limit(1);
  if (!row) throw notFound('File not found');
  return row;
}

/** The bytes of a file getAttachedAsset found: read only once the answer is not a 304. */
export async function readAssetBytes(ctx: AppContext, fileId: number): Promise<Uint8Array> {
  const data = await readFileBytes(ctx.db, fileId);
  if (!data) throw notFound('File not found');
  return data;
}
