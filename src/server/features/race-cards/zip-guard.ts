import zlib from 'node:zlib';
import { codeOf } from '#shared/unknown-values';
import { HttpError } from '#server/http/errors';
import { checkSheetExtent } from './sheet-extent';

/** Largest total uncompressed size a workbook may unpack to. */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
const MAX_ENTRIES = 2000;

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;

export function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

export interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const damaged = (detail: string, noun = 'workbook') =>
  new HttpError(
    422,
    noun === 'workbook'
      ? `The workbook is damaged or incomplete (${detail}). Save it again from Excel as .xlsx and re-upload.`
      : `The ${noun} is damaged or incomplete (${detail}). Save it again and re-upload.`,
  );

/**
 * Checks an .xlsx/.xlsm container before exceljs sees it: a zip by its bytes (415), a complete
 * central directory (422), an Excel workbook inside (415 — a renamed .docx is a zip too), and a
 * total unpacked size within the limit (413). Sizes are both read from the central directory and
 * enforced while inflating every entry, so a bomb that lies about its sizes is refused as well.
 */
/** The OLE2 compound-file signature of the old binary .xls format. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function checkWorkbookZip(data: Buffer, filename?: string): void {
  if (data.subarray(0, 8).equals(OLE2)) {
    throw new HttpError(
      415,
      'This is an old-format .xls workbook, which VBG cannot read safely. In Excel choose File › Save As › Excel Workbook (.xlsx) and upload that file.',
    );
  }
  if (!isZip(data)) {
    throw new HttpError(
      415,
      'The file is not an Excel workbook: an .xlsx or .xlsm file is a zip archive and this one is not. Please choose the master .xlsx/.xlsm file.',
    );
  }
  const entries = readCentralDirectory(data);
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
    const hint = entries.some((e) => e.name.startsWith('word/')) ? ' (it looks like a Word document)' : '';
    throw new HttpError(
      415,
      `The file is not an Excel workbook${hint}: it has no xl/workbook.xml. Please choose the master .xlsx/.xlsm file.`,
    );
  }
  const unsafe = entries.find((e) => isUnsafePartName(e.name));
  if (unsafe)
    throw new HttpError(
      422,
      `The workbook has a part with an unsafe name (${unsafe.name.slice(0, 80)}); Excel never writes one. Save it again from Excel and re-upload.`,
    );
  // Macros are allowed in a macro-enabled .xlsm (they are never run); an ".xlsx" carrying them is disguised.
  if (filename && /\.xlsx$/i.test(filename) && entries.some((e) => /vbaProject\.bin$/i.test(e.name))) {
    throw new HttpError(
      415,
      'The file is named .xlsx but contains macros (xl/vbaProject.bin). Save it as a macro-enabled .xlsm if the macros belong there; VBG never runs them.',
    );
  }
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > MAX_UNZIPPED_BYTES) throw tooBig();
  let inflated = 0;
  for (const entry of entries) {
    const bytes = inflateEntry(data, entry);
    inflated += bytes.length;
    if (inflated > MAX_UNZIPPED_BYTES) throw tooBig();
    if (/\.(xml|rels|vml)$/i.test(entry.name) && hasDoctype(bytes)) {
      // Excel never writes a DTD; one is how entity-expansion ("billion laughs") attacks start.
      throw new HttpError(
        422,
        `The workbook part ${entry.name} contains a document type declaration, which Excel never writes. The file was refused for safety.`,
      );
    }
    checkSheetExtent(entry.name, bytes);
  }
}

/**
 * Whether an XML part declares a DTD, in UTF-8 or in UTF-16 (either byte order, with or without
 * its byte-order mark: an XML parser reads all of them).
 */
export function hasDoctype(bytes: Buffer): boolean {
  if (bytes.includes('<!DOCTYPE')) return true;
  const bigEndian = (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0x00 && bytes[1] === 0x3c);
  const littleEndian = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0x3c && bytes[1] === 0x00);
  if (!bigEndian && !littleEndian) return false;
  return new TextDecoder(bigEndian ? 'utf-16be' : 'utf-16le').decode(bytes).includes('<!DOCTYPE');
}

/** Absolute paths, drive letters and ".." segments have no place inside an Office file. */
export function isUnsafePartName(name: string): boolean {
  return name.startsWith('/') || name.startsWith('\\') || /^[a-z]:/i.test(name) || name.split(/[\\/]/).includes('..');
}

const tooBig = () =>
  new HttpError(
    413,
    `The workbook unpacks to more than ${MAX_UNZIPPED_BYTES / (1024 * 1024)} MB; a master workbook is far smaller. Please check the file.`,
  );

/** The entries of a zip's central directory (422 when damaged, 413 when absurdly many). */
export function readCentralDirectory(data: Buffer, noun = 'workbook'): Entry[] {
  const end = findEnd(data);
  if (end < 0) throw damaged('no zip directory found', noun);
  const count = data.readUInt16LE(end + 10);
  const dirSize = data.readUInt32LE(end + 12);
  const dirOffset = data.readUInt32LE(end + 16);
  if (count === 0xffff || dirOffset === 0xffffffff)
    throw new HttpError(
      413,
      `The ${noun} uses the zip64 format, which is only needed for files far larger than a ${noun}.`,
    );
  if (count > MAX_ENTRIES) throw new HttpError(413, `The ${noun} has more than ${MAX_ENTRIES} parts.`);
  if (dirOffset + dirSize > end) throw damaged('the zip directory is out of range', noun);
  const entries: Entry[] = [];
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || data.readUInt32LE(p) !== CENTRAL_SIG) throw damaged('bad zip directory entry', noun);
    const method = data.readUInt16LE(p + 10);
    const compressedSize = data.readUInt32LE(p + 20);
    const size = data.readUInt32LE(p + 24);
    const nameLen = data.readUInt16LE(p + 28);
    const extraLen = data.readUInt16LE(p + 30);
    const commentLen = data.readUInt16LE(p + 32);
    const localOffset = data.readUInt32LE(p + 42);
    const name = data.toString('utf8', p + 46, p + 46 + nameLen);
    entries.push({ name, method, compressedSize, size, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function findEnd(data: Buffer): number {
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= stop; i--) {
    if (data.readUInt32LE(i) === END_SIG) return i;
  }
  return -1;
}

/** Inflates one entry with its declared size as the hard ceiling; returns its bytes. */
export function inflateEntry(data: Buffer, entry: Entry, noun = 'workbook'): Buffer {
  const p = entry.localOffset;
  if (p + 30 > data.length || data.readUInt32LE(p) !== LOCAL_SIG) throw damaged(`bad entry ${entry.name}`, noun);
  const start = p + 30 + data.readUInt16LE(p + 26) + data.readUInt16LE(p + 28);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw damaged(`entry ${entry.name} is cut short`, noun);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw damaged(`entry ${entry.name} has inconsistent sizes`, noun);
    return data.subarray(start, stop);
  }
  if (entry.method !== 8)
    throw new HttpError(415, `The ${noun} uses an unsupported compression method (${entry.method}).`);
  try {
    // One byte of headroom: output beyond the declared size means the directory lied.
    const out = zlib.inflateRawSync(data.subarray(start, stop), { maxOutputLength: entry.size + 1 });
    if (out.length !== entry.size) throw damaged(`entry ${entry.name} does not match its declared size`, noun);
    return out;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (codeOf(err) === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
      throw damaged(`entry ${entry.name} unpacks to more than it declares`, noun);
    }
    throw damaged(`entry ${entry.name} cannot be unpacked`, noun);
  }
}
