import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatLongDay, londonDate } from '#shared/london-time';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { files } from '#server/db/schema';
import { badRequest, HttpError } from '#server/http/errors';
import { isPdfBytes, loadPdf } from '#server/pdf/load';
import { insertFile, readFileBytes } from '#server/db/file-store';

const MASTER_KIND = 'master-preview-pdf';

/** The London day a master belongs to is in its stored name: one waiting master per day. */
const masterFilename = (day: string) => `master-preview-${day}.pdf`;

export const today = (ctx: AppContext) => londonDate(ctx.clock.now());

export interface MasterPdfUpload {
  data: Buffer | undefined;
  originalName: string | undefined;
}

/** The day's waiting master (without its bytes), if any. */
export async function findWaitingMaster(db: Db, day: string) {
  const [row] = await db
    .select({ id: files.id, size: files.size })
    .from(files)
    .where(and(eq(files.kind, MASTER_KIND), eq(files.filename, masterFilename(day))))
    .limit(1);
  return row ?? null;
}

/** A waiting master's bytes, or null once it has been split or replaced. */
export async function readMasterBytes(db: Db, id: number): Promise<Uint8Array | null> {
  return readFileBytes(db, id);
}

/**
 * The day's master preview PDF: checked by its bytes and read in full before anything is
 * written; it replaces any master still waiting (today's, or a stale one from an earlier day).
 */
export async function uploadMasterPdf(ctx: AppContext, upload: MasterPdfUpload): Promise<AdminActionResult> {
  const { data } = upload;
  if (!data || data.length === 0) throw badRequest('Please choose the master preview PDF to upload.');
  if (!isPdfBytes(data)) {
    const name = upload.originalName ? `"${upload.originalName}"` : 'The file';
    throw new HttpError(415, `${name} is not a PDF: its content does not start with %PDF-. Please choose a PDF file.`);
  }
  const { pages } = await loadPdf(data, 'The master PDF');
  if (pages === 0) throw new HttpError(422, 'The master PDF has no pages.');

  const day = today(ctx);
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');
  const replaced = await ctx.db.transaction(async (tx) => {
    const gone = await tx.delete(files).where(eq(files.kind, MASTER_KIND)).returning({ id: files.id });
    await insertFile(tx, {
      kind: MASTER_KIND,
      filename: masterFilename(day),
      mimeType: 'application/pdf',
      size: data.length,
      sha256,
      data,
    });
    return gone.length > 0;
  });
  const kb = Math.max(1, Math.round(data.length / 1024));
  return {
    success: true,
    message: `Master PDF uploaded for ${formatLongDay(day)} (${pages} ${pages === 1 ? 'page' : 'pages'}, ${kb} KB)${replaced ? ', replacing the one that was waiting' : ''}.`,
    popupMessage: 'Press "Process Master PDF" to split it into race previews.',
  };
}

export async function checkMasterPdf(ctx: AppContext): Promise<{ found: boolean; message: string }> {
  const day = today(ctx);
  const master = await findWaitingMaster(ctx.db, day);
  if (!master)
    return { found: false, message: `No master PDF is waiting for ${formatLongDay(day)}. Upload one first.` };
  const kb = Math.max(1, Math.round(master.size / 1024));
  return {
    found: true,
    message: `A master PDF (${kb} KB) is waiting for ${formatLongDay(day)}. Press "Process Master PDF" to split it.`,
  };
}
