import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, EXPORT_SHEETS, type ExportMultipliers } from '#shared/schemas/excel-export';
import { round } from '#shared/odds';
import type { ExportSelection } from './selections';

const FORMATS: Partial<Record<(typeof EXPORT_COLUMNS)[number], string>> = {
  Date: 'dd/mm/yyyy',
  'VB Rating': '0.0',
  'Adjusted Rating': '0.0',
  'Market Correction': '+0.0;-0.0;+0.0',
  'Tissue Odds': '0.0',
  'Market Odds': '0.00',
  Value: '0.00',
  'Value Score': '0',
  'Stake (pts)': '0.0',
};
const WIDTHS = [12, 8, 16, 40, 26, 10, 15, 18, 12, 12, 10, 12, 11];

/**
 * Sheet "Main" (value above 0) and "AV8+" (value of 8 or more), stake = that sheet's
 * multiplier. The sheet is chosen on the model's exact value; the Value cell holds it rounded to
 * the two places it shows, so a copied or summed cell is the figure the member sees.
 */
export async function exportWorkbook(
  selections: readonly ExportSelection[],
  multipliers: ExportMultipliers,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'VBG';
  for (const sheet of EXPORT_SHEETS) {
    const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = EXPORT_COLUMNS.map((header, i) => ({
      header,
      key: header,
      width: WIDTHS[i],
      style: FORMATS[header] ? { numFmt: FORMATS[header] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    const stake = multipliers[sheet.multiplier];
    for (const s of selections) {
      if (!sheet.includes(s.value)) continue;
      const [y, m, d] = s.raceDate.split('-').map(Number);
      ws.addRow([
        new Date(Date.UTC(y, m - 1, d)),
        s.time,
        s.course,
        s.race,
        s.horse,
        s.vbRating,
        s.adjustedRating,
        s.marketCorrection,
        s.tissueOdds,
        s.marketOdds,
        round(s.value, 2),
        s.valueScore,
        stake,
      ]);
    }
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
