/**
 * POST /api/admin/excel-export (docs/decisions/0009): the body, the
 * multiplier rules shared by the admin form and the server, and the workbook's layout.
 */
import { z } from 'zod';
import { fieldOf } from '../unknown-values';

export const MULTIPLIER_DEFAULTS = { main: 1, av8: 0.5 } as const;
export const MULTIPLIER_MIN = 0;
export const MULTIPLIER_MAX = 10;
export const MULTIPLIER_STEP = 0.1;

export interface ExportMultipliers {
  main: number;
  av8: number;
}

/**
 * A multiplier: a number (or numeric text) from 0 to 10 in steps of 0.1; anything else falls
 * back to the default (1 for main, 0.5 for av8).
 */
export function normaliseMultiplier(value: unknown, fallback: number): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n) || n < MULTIPLIER_MIN || n > MULTIPLIER_MAX) return fallback;
  const tenths = n / MULTIPLIER_STEP;
  if (Math.abs(tenths - Math.round(tenths)) > 1e-9) return fallback;
  return Math.round(tenths) / 10;
}

export function normaliseMultipliers(raw: unknown): ExportMultipliers {
  return {
    main: normaliseMultiplier(fieldOf(raw, 'main'), MULTIPLIER_DEFAULTS.main),
    av8: normaliseMultiplier(fieldOf(raw, 'av8'), MULTIPLIER_DEFAULTS.av8),
  };
}

/** Any JSON body is accepted: missing or invalid multipliers take their defaults. */
export const excelExportBody = z.unknown().transform((body) => ({
  multipliers: normaliseMultipliers(fieldOf(body, 'multipliers')),
}));

/** Sheet "Main" lists value above 0; "AV8+" value of at least 8. */
export const EXPORT_SHEETS = [
  { name: 'Main', multiplier: 'main', includes: (value: number) => value > 0 },
  { name: 'AV8+', multiplier: 'av8', includes: (value: number) => value >= 8 },
] as const;

export const EXPORT_COLUMNS = [
  'Date',
  'Time',
  'Course',
  'Race',
  'Horse',
  'VB Rating',
  'Adjusted Rating',
  'Market Correction',
  'Tissue Odds',
  'Market Odds',
  'Value',
  'Value Score',
  'Stake (pts)',
] as const;

/** The download's name carries the London date of the export, e.g. vbg-excel-export-2026-11-22.xlsx. */
export function exportFilename(londonDay: string): string {
  return `vbg-excel-export-${londonDay}.xlsx`;
}
