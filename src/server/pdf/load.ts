import { PDFDocument } from 'pdf-lib';
import { assertInertPdf, unreadablePdf } from './inert';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** A PDF by its first bytes, whatever its name says. */
export function isPdfBytes(data: Uint8Array): boolean {
  return data.length > PDF_MAGIC.length && Buffer.from(data.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC);
}

/**
 * Reads an uploaded PDF completely and checks it is inert (inert.ts): 422 naming the problem when
 * it is damaged, encrypted or carries active content. `what` names the file in messages.
 */
export async function loadPdf(data: Uint8Array, what: string): Promise<{ pdf: PDFDocument; pages: number }> {
  let pdf: PDFDocument;
  try {
    // pdf-lib loads some broken files without complaint; reaching the page tree proves it is whole.
    pdf = await PDFDocument.load(data, { updateMetadata: false });
    pdf.getPageCount();
  } catch (err) {
    throw unreadablePdf(
      what,
      err instanceof Error && /encrypt/i.test(err.message) ? 'it is password-protected' : undefined,
    );
  }
  assertInertPdf(pdf, data, what);
  return { pdf, pages: pdf.getPageCount() };
}
