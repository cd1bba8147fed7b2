import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatLongDay, isIsoDay } from '#shared/london-time';
import type { AdminActionResult } from '#shared/schemas/tips';
import { pdfEntryTitle } from '#shared/tips-format';
import type { AppContext } from '#server/context';
import { backCatalogue } from '#server/db/schema';
import { badRequest, HttpError } from '#server/http/errors';
import { isPdfBytes, loadPdf } from '#server/pdf/load';
import { insertFile } from '#server/db/file-store';

export const PDF_KIND = 'back-catalogue-pdf';

export interface PdfUpload {
  date: string | undefined;
  data: Buffer | undefined;
  originalName: string | undefined;
}

/**
 * A PDF guide for a day: checked by its bytes, then the file and its archive
 * entry are written together. The stored name is made here (date + content hash), never taken
 * from the upload, so it is safe in a URL and the same PDF for the same day is added once.
 */
export async function uploadBackCataloguePdf(ctx: AppContext, upload: PdfUpload): Promise<AdminActionResult> {
  const { date, data } = upload;
  if (!data || data.length === 0 || !date) throw badRequest('Please select a PDF file and choose a date.');
  if (!isIsoDay(date)) throw badRequest('Please choose a valid date (YYYY-MM-DD).');
  if (!isPdfBytes(data)) {
    const name = upload.originalName ? `"${upload.originalName}"` : 'The file';
    throw new HttpError(415, `${name} is not a PDF: its content does not start with %PDF-. Please choose a PDF file.`);
  }
  // Read completely before anything is written: a cut or damaged file is refused, not archived.
  const { pages } = await loadPdf(data, upload.originalName ? `"${upload.originalName}"` : 'The PDF');
  if (pages === 0) throw new HttpError(422, 'The PDF has no pages. Please export it again and re-upload.');
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');
  const filename = `vbg-guide-${date}-${sha256.slice(0, 12)}.pdf`;
  const long = formatLongDay(date);

  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: backCatalogue.id })
      .from(backCatalogue)
      .where(
        and(eq(backCatalogue.date, date), eq(backCatalogue.contentType, 'pdf'), eq(backCatalogue.filename, filename)),
      )
      .limit(1);
    if (existing) {
      return {
        success: true,
        message: `This PDF is already in the back catalogue for ${long}.`,
        popupMessage: 'Nothing to add.',
      };
    }
    const file = await insertFile(tx, {
      kind: PDF_KIND,
      filename,
      mimeType: 'application/pdf',
      size: data.length,
      sha256,
      data,
    });
    await tx
      .insert(backCatalogue)
      .values({ title: pdfEntryTitle(long), date, contentType: 'pdf', filename, fileId: file.id });
    const kb = Math.max(1, Math.round(data.length / 1024));
    return {
      success: true,
      message: `PDF uploaded (${kb} KB) and back catalogue entry created for ${long}.`,
      popupMessage: 'Back catalogue updated.',
    };
  });
}
