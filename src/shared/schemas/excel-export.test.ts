import { describe, expect, it } from 'vitest';
import {
  EXPORT_SHEETS,
  excelExportBody,
  exportFilename,
  normaliseMultiplier,
  normaliseMultipliers,
} from './excel-export';

describe('export multipliers', () => {
  it('keeps numbers from 0 to 10 in steps of 0.1', () => {
    for (const ok of [0, 0.1, 0.5, 1, 2.3, 9.9, 10]) expect(normaliseMultiplier(ok, 1)).toBe(ok);
    expect(normaliseMultiplier('1.5', 1)).toBe(1.5);
    expect(normaliseMultiplier(0.30000000000000004, 1)).toBe(0.3);
  });
  it('falls back for anything else', () => {
    for (const bad of [-0.1, 10.1, 1.25, NaN, Infinity, null, undefined, '', 'two', '1e1', true, {}, []])
      expect(normaliseMultiplier(bad, 7)).toBe(7);
  });
  it('defaults to 1 (main) and 0.5 (av8)', () => {
    expect(normaliseMultipliers(undefined)).toEqual({ main: 1, av8: 0.5 });
    expect(normaliseMultipliers({ main: 2, av8: 11 })).toEqual({ main: 2, av8: 0.5 });
    expect(normaliseMultipliers({ main: -1, av8: 3 })).toEqual({ main: 1, av8: 3 });
  });
  it('reads any body', () => {
    expect(excelExportBody.parse({ multipliers: { main: 1.5, av8: 0.2 } })).toEqual({
      multipliers: { main: 1.5, av8: 0.2 },
    });
    expect(excelExportBody.parse(null)).toEqual({ multipliers: { main: 1, av8: 0.5 } });
    expect(excelExportBody.parse({ multipliers: 'x' })).toEqual({ multipliers: { main: 1, av8: 0.5 } });
  });
});

describe('export layout', () => {
  it('splits value above 0 and value of 8 or more', () => {
    const [main, av8] = EXPORT_SHEETS;
    expect([0, 0.01, 7.99, 8].map(main.includes)).toEqual([false, true, true, true]);
    expect([0, 7.99, 8, 20].map(av8.includes)).toEqual([false, false, true, true]);
  });
  it('names the file with the day', () => {
    expect(exportFilename('2026-11-22')).toBe('vbg-excel-export-2026-11-22.xlsx');
  });
});
