import { describe, expect, it } from 'vitest';
import { CellProblem, columnLetter, columnNumber, headerKey, integer, plainValue, raceTime } from './cells';

describe('master workbook cells', () => {
  it('maps column letters both ways', () => {
    expect([1, 2, 13, 26, 27, 43, 45].map(columnLetter)).toEqual(['A', 'B', 'M', 'Z', 'AA', 'AQ', 'AS']);
    expect(['AQ', 'as', 'M'].map(columnNumber)).toEqual([43, 45, 13]);
  });

  it('reads the cached result of formula cells, rich text and hyperlinks', () => {
    expect(plainValue({ formula: 'A1*2', result: 84.5 })).toBe(84.5);
    expect(plainValue({ sharedFormula: 'A1', result: 'Ascot' })).toBe('Ascot');
    expect(plainValue({ formula: 'A1' })).toBeNull();
    expect(plainValue({ richText: [{ text: 'Golden ' }, { text: 'Arrow' }] })).toBe('Golden Arrow');
    expect(plainValue({ text: 'Kempton', hyperlink: 'https://example.com' })).toBe('Kempton');
    expect(plainValue({ error: '#N/A' })).toEqual({ error: '#N/A' });
  });

  it('reads race times as text, day fractions and time-formatted dates', () => {
    expect(raceTime('14:30')).toBe('14:30');
    expect(raceTime('2:05')).toBe('02:05');
    expect(raceTime('13.45')).toBe('13:45');
    expect(raceTime(0.5625)).toBe('13:30');
    expect(raceTime(new Date('1899-12-30T16:10:00Z'))).toBe('16:10');
    for (const bad of ['25:70', '14:60', 'noon', '', 1.5, null])
      expect(() => raceTime(bad as never)).toThrow(CellProblem);
  });

  it('matches headers case- and space-insensitively and checks whole numbers', () => {
    expect(headerKey(' Form  History ')).toBe('formhistory');
    expect(integer('7', 'Draw')).toBe(7);
    expect(integer('-', 'Draw')).toBeNull();
    expect(() => integer(7.5, 'Draw')).toThrow(/whole number/);
    expect(() => integer('seven', 'Draw')).toThrow(/must be a number, found "seven"/);
  });
});
