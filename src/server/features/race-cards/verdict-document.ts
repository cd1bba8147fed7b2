import mammoth from 'mammoth';
import { HttpError } from '#server/http/errors';
import {
  hasDoctype,
  inflateEntry,
  isUnsafePartName,
  isZip,
  MAX_UNZIPPED_BYTES,
  readCentralDirectory,
} from './zip-guard';

const NOUN = 'verdict document';
/** "14:10 Ascot", "2.10 Kempton Park": a time, then the course (docs/master-workbook.md). */
const HEADING = /^(\d{1,2})[:.](\d{2})\s+(\S.{0,59})$/;

export interface VerdictSection {
  /** As written, for messages: "2:10 Kempton". */
  heading: string;
  hour: number;
  minute: number;
  course: string;
  /** Plain text, paragraphs separated by a blank line. */
  text: string;
}

/**
 * Checks a .docx container before mammoth sees it: a zip by its bytes (415), a Word document
 * inside (415 — a renamed .xlsx is a zip too), no external relationships (415: a document that
 * links out is not accepted), and a total unpacked size within the limit (413 / 422).
 */
function checkVerdictDocx(data: Buffer): void {
  if (!isZip(data)) {
    throw new HttpError(
      415,
      'The file is not a Word document: a .docx file is a zip archive and this one is not. Please choose the verdict .docx file.',
    );
  }
  const entries = readCentralDirectory(data, NOUN);
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    const hint = entries.some((e) => e.name.startsWith('xl/')) ? ' (it looks like an Excel workbook)' : '';
    throw new HttpError(
      415,
      `The file is not a Word document${hint}: it has no word/document.xml. Please choose the verdict .docx file.`,
    );
  }
  // The same container rules as the workbook (zip-guard): Word never writes these either.
  const unsafe = entries.find((e) => isUnsafePartName(e.name));
  if (unsafe)
    throw new HttpError(
      422,
      `The verdict document has a part with an unsafe name (${unsafe.name.slice(0, 80)}); Word never writes one. Save it again from Word and re-upload.`,
    );
  if (entries.some((e) => /vbaProject\.bin$/i.test(e.name))) {
    throw new HttpError(
      415,
      'The verdict document contains macros (word/vbaProject.bin). Save it as a plain .docx (macros are never run here) and re-upload.',
    );
  }
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_UNZIPPED_BYTES) throw tooBig();
  let inflated = 0;
  for (const entry of entries) {
    const bytes = inflateEntry(data, entry, NOUN);
    inflated += bytes.length;
    if (inflated > MAX_UNZIPPED_BYTES) throw tooBig();
    if (/\.(xml|rels|vml)$/i.test(entry.name) && hasDoctype(bytes)) {
      throw new HttpError(
        422,
        `The verdict document part ${entry.name} contains a document type declaration, which Word never writes. The file was refused for safety.`,
      );
    }
    if (entry.name.endsWith('.rels') && /TargetMode\s*=\s*["']External["']/i.test(bytes.toString('utf8'))) {
      throw new HttpError(
        415,
        'The verdict document links to outside files or web addresses (external relationships), which is not accepted. Remove the links (or paste the text into a new document) and re-upload.',
      );
    }
  }
}

const tooBig = () =>
  new HttpError(
    413,
    `The verdict document unpacks to more than ${MAX_UNZIPPED_BYTES / (1024 * 1024)} MB; a verdict document is far smaller. Please check the file.`,
  );

/**
 * Splits the document into races. A race starts at a paragraph that is a heading (Heading 1–6)
 * or entirely bold and reads "HH:MM Course" (or "H.MM Course"); its verdict is every paragraph
 * until the next such line. Text before the first heading is ignored.
 */
export async function parseVerdictDocx(data: Buffer): Promise<VerdictSection[]> {
  checkVerdictDocx(data);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: data })).value;
  } catch {
    throw new HttpError(
      422,
      'The verdict document could not be read: it is damaged or not a real .docx file. Save it again from Word and re-upload.',
    );
  }
  return sectionsOf(html);
}

function sectionsOf(html: string): VerdictSection[] {
  const sections: VerdictSection[] = [];
  let current: { section: VerdictSection; paragraphs: string[] } | null = null;
  const flush = () => {
    if (current) sections.push({ ...current.section, text: current.paragraphs.join('\n\n') });
  };
  for (const block of html.matchAll(/<(p|h[1-6]|li)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const [, tag, inner] = block;
    const line = plainText(inner);
    if (!line) continue;
    const m = HEADING.exec(line);
    const prominent = tag.startsWith('h') || isAllBold(inner);
    if (m && prominent && Number(m[1]) <= 23 && Number(m[2]) <= 59) {
      flush();
      current = {
        section: { heading: line, hour: Number(m[1]), minute: Number(m[2]), course: m[3].trim(), text: '' },
        paragraphs: [],
      };
    } else if (current) {
      current.paragraphs.push(line);
    }
  }
  flush();
  return sections;
}

function isAllBold(inner: string): boolean {
  return /<strong>/.test(inner) && plainText(inner.replace(/<strong>[\s\S]*?<\/strong>/g, '')) === '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Tags dropped, entities decoded, whitespace collapsed: the verdict is stored as plain text. */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
        return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
