import { PDFArray, PDFDict, PDFName, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';
import { HttpError } from '../http/errors';

/** Action types that run something, reach outside the file or send data away. */
const ACTIVE_ACTIONS: Record<string, string> = {
  JavaScript: 'JavaScript',
  Launch: 'a launch action (it starts a program)',
  SubmitForm: 'a form-submit action (it sends data away)',
  ImportData: 'an import-data action',
  GoToE: 'a link into an embedded file',
  GoToR: 'a link that opens another file',
  Rendition: 'a media rendition action',
};
/** Keys whose mere presence means active or hidden content. */
const ACTIVE_KEYS: Record<string, string> = {
  JS: 'JavaScript',
  JavaScript: 'JavaScript',
  EmbeddedFiles: 'an embedded file',
  EmbeddedFile: 'an embedded file',
  RichMedia: 'rich media (Flash or video that can run code)',
  XFA: 'an XFA form (it can carry scripts)',
};
export const unreadablePdf = (what: string, reason = 'it is damaged or not a complete PDF') =>
  new HttpError(422, `${what} could not be read: ${reason}. Please export it again and re-upload.`);

/** Nesting beyond this is not a real document; the walk stops rather than recurse without end. */
const MAX_DEPTH = 64;
/** Bytes allowed after the last %%EOF: line ends and the padding some producers add. */
const TRAILING_SLACK = 1024;

/**
 * Refuses a PDF that is not inert (docs/decisions/0021): JavaScript, launch and other active actions,
 * embedded files, rich media or XFA anywhere in it, or other data after its end (a PDF header in
 * front of something else). Guides and previews are only ever read; none of these belongs in them,
 * and a viewer that honoured one would run it for every member who opened the file. The message
 * names what was found. Call with the document pdf-lib loaded from `data`.
 */
export function assertInertPdf(pdf: PDFDocument, data: Uint8Array, what: string): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const end = bytes.lastIndexOf('%%EOF');
  if (end < 0) throw unreadablePdf(what); // cut short: pdf-lib reads some such files anyway
  const found = findActiveContent(pdf) ?? findTrailingData(bytes.subarray(end + 5));
  if (found) {
    throw new HttpError(
      422,
      `${what} was refused: it contains ${found}. VBG accepts only plain PDFs — export or print it to PDF again without scripts, attachments or forms, and re-upload.`,
    );
  }
}

function findActiveContent(pdf: PDFDocument): string | null {
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const found = inspect(object, 0);
    if (found) return found;
  }
  // The trailer's own dictionary can hold a catalogue inline in a hostile file.
  return inspect(pdf.catalog, 0);
}

function inspect(object: PDFObject, depth: number): string | null {
  if (depth > MAX_DEPTH) return null;
  if (object instanceof PDFStream) return inspect(object.dict, depth + 1);
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const found = inspect(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (!(object instanceof PDFDict)) return null;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS[name]) return ACTIVE_KEYS[name];
    if (value instanceof PDFName) {
      const v = value.decodeText();
      if (name === 'S' && ACTIVE_ACTIONS[v]) return ACTIVE_ACTIONS[v];
      if (name === 'Type' && v === 'EmbeddedFile') return ACTIVE_KEYS.EmbeddedFile;
      if (name === 'Subtype' && (v === 'RichMedia' || v === 'FileAttachment'))
        return v === 'RichMedia' ? ACTIVE_KEYS.RichMedia : 'a file attachment';
    }
    const found = inspect(value, depth + 1);
    if (found) return found;
  }
  return null;
}

function findTrailingData(after: Buffer): string | null {
  const isPadding = (b: number) => b === 0x0a || b === 0x0d || b === 0x20 || b === 0x09 || b === 0x00;
  if (after.every(isPadding)) return null;
  return after.length > TRAILING_SLACK
    ? `${after.length.toLocaleString('en-GB')} bytes of other data after the end of the PDF`
    : 'other data after the end of the PDF';
}
