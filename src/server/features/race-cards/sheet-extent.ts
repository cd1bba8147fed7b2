import { HttpError } from '#server/http/errors';
import { columnLetter, columnNumber } from './cells';

/** A day's master holds a few hundred runners; these leave room for years of growth. */
export const MAX_SHEET_ROWS = 20_000;
/** Column ZZ: the master's data ends at AS, and working columns beside it are welcome. */
const MAX_SHEET_COLUMN = columnNumber('ZZ');

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * Refuses a worksheet whose extent is absurd before exceljs builds it: a single
 * far cell such as XFD1048576 makes the reader create a million rows, and hundreds of thousands of
 * real rows take minutes. Read from the sheet's XML: its <dimension>, every <row r=…> and every
 * cell reference, so a file that leaves out or lies in its <dimension> is caught too.
 */
export function checkSheetExtent(partName: string, xml: Buffer): void {
  if (!WORKSHEET.test(partName)) return;
  const text = xml.toString('latin1');
  const sheet = partName.split('/').pop()!;
  const rowCount = [...text.matchAll(/<row\b[^>]*?\br="\d+"/g)].length;
  if (rowCount > MAX_SHEET_ROWS) throw tooManyRows(sheet, `${rowCount.toLocaleString('en-GB')} rows`);
  // The farthest reference in any direction: the <dimension>'s last corner, each row and each cell.
  let lowest = { row: 0, ref: '' };
  let rightmost = { col: 0, ref: '' };
  const refs = [
    ...text.matchAll(/<dimension\b[^>]*?\bref="(?:[A-Z]+\d+:)?([A-Z]+)(\d+)"/g),
    ...text.matchAll(/<c\b[^>]*?\br="([A-Z]+)(\d+)"/g),
    ...[...text.matchAll(/<row\b[^>]*?\br="(\d+)"/g)].map((m) => [m[0], '', m[1]]),
  ];
  for (const [, letters, digits] of refs) {
    const row = Number(digits);
    const col = letters ? columnNumber(letters) : 0;
    if (row > lowest.row) lowest = { row, ref: `${letters}${digits}` };
    if (col > rightmost.col) rightmost = { col, ref: `${letters}${digits}` };
  }
  if (lowest.row > MAX_SHEET_ROWS) {
    const cell = /^[A-Z]/.test(lowest.ref) ? ` (${lowest.ref})` : '';
    throw tooManyRows(sheet, `a cell in row ${lowest.row.toLocaleString('en-GB')}${cell}`);
  }
  if (rightmost.col > MAX_SHEET_COLUMN) {
    throw new HttpError(
      413,
      `The worksheet ${sheet} has a cell in column ${columnLetter(rightmost.col)} (${rightmost.ref}); a master workbook may use columns up to ${columnLetter(MAX_SHEET_COLUMN)}. Delete the columns to the right of your data in Excel and save again.`,
    );
  }
}

const tooManyRows = (sheet: string, what: string) =>
  new HttpError(
    413,
    `The worksheet ${sheet} has ${what}; a master workbook may use at most ${MAX_SHEET_ROWS.toLocaleString('en-GB')} rows. Delete the rows below your data in Excel (select them, right-click › Delete) and save again.`,
  );
