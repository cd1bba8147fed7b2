import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * Master preview PDFs made on the fly with pdf-lib (no binary fixtures committed). Each page is
 * a list of lines drawn top to bottom; a race heading is a line such as "14:30 Ascot".
 */
export type PageSpec = string[];

export async function makePdf(pages: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const lines of pages) {
    const page = doc.addPage([420, 595]);
    lines.forEach((line, i) => {
      page.drawText(line, {
        x: 36,
        y: 550 - i * 24,
        size: i === 0 ? 16 : 11,
        font: i === 0 ? bold : font,
        color: rgb(0.1, 0.1, 0.2),
      });
    });
  }
  return doc.save();
}

/**
 * The standard master used by the tests (8 pages):
 *   1 cover (no heading: matches nothing)
 *   2 "13:50 Ascot"            3 continuation of 13:50 Ascot
 *   4 "14:30 Ascot" + FEATURE RACE
 *   5 "15:05 Haydock Park"     6 continuation      7 continuation
 *   8 "2:10 Newton Abbot – Class 4 Handicap"
 * → 4 races with 2, 1, 3 and 1 pages; 14:30 Ascot is the feature; page 1 unmatched.
 */
function standardMasterPages(): PageSpec[] {
  return [
    ['VBG Race Previews', 'Sunday selection notes', 'Going reports at 07:30 and 11:00'],
    ['13:50 Ascot', 'Novices’ Hurdle, 2m', 'Front runners have the edge on this ground.'],
    ['Ascot 13:50 continued', 'Northern Star can make all.'],
    ['14:30 Ascot', 'FEATURE RACE', 'The big handicap of the day.', 'Harbour Light is well treated.'],
    ['15:05 Haydock Park', 'Handicap Chase, 3m', 'A stamina test.'],
    ['Long Road stays well.'],
    ['Verdict: Long Road to edge it.'],
    ['2:10 Newton Abbot – Class 4 Handicap', 'A small field.'],
  ];
}

export const standardMasterPdf = () => makePdf(standardMasterPages());

/** Pages with text but no "HH:MM Course" heading anywhere. */
export const headinglessPdf = () => makePdf([['Notes for the day'], ['Going: good to soft', 'No races here']]);

/** Page counts of a PDF read back with pdf-lib. */
export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}
