import { describe, expect, it } from 'vitest';
import { betsCsv, type CsvBet } from './my-bets';

/**
 * The bet log's CSV is opened in spreadsheets: a cell a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe,
 * so it stays text; a plain number (a loss such as -5.00) stays a number.
 */
const bet = (fields: Partial<CsvBet>): CsvBet => ({
  raceDate: '2026-11-20',
  raceTime: '14:10',
  course: 'Ascot',
  horseName: 'Plain Horse',
  price: '4/1',
  stakePence: 500,
  eachWay: false,
  status: 'lost',
  returnPence: 0,
  profitPence: -500,
  ...fields,
});

/** The cells of the first bet's row, unquoted. */
function cells(fields: Partial<CsvBet>): string[] {
  const row = betsCsv([bet(fields)]).split('\r\n')[1];
  return [...row.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));
}

describe('betsCsv never writes a cell a spreadsheet reads as a formula', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example","Win")'],
    ['+', '+1+cmd|" /C calc"!A0'],
    ['-', '-2+3+cmd|" /C calc"!A0'],
    ['-', '-SUM(A1:A9)'],
    ['@', '@SUM(1+9)*cmd|" /C calc"!A0'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('guards a cell starting with %s, in every text column', (_what, hostile) => {
    for (const column of ['course', 'horseName', 'price', 'raceTime'] as const) {
      const written = cells({ [column]: hostile });
      const index = { raceTime: 1, course: 2, horseName: 3, price: 4 }[column];
      expect(written[index], column).toBe(`'${hostile}`);
    }
  });

  it('leaves ordinary text and numbers, negative amounts included, as they are', () => {
    expect(cells({ horseName: 'Sea-Bird', course: 'Newmarket' })).toEqual([
      '2026-11-20',
      '14:10',
      'Newmarket',
      'Sea-Bird',
      '4/1',
      '5.00',
      'no',
      '5.00',
      'lost',
      '0.00',
      '-5.00',
    ]);
    expect(cells({ horseName: '-5' })[3]).toBe('-5');
    expect(cells({ horseName: '-5.25' })[3]).toBe('-5.25');
    // Not a number: guarded like any other text starting with a minus.
    expect(cells({ horseName: '-5e3' })[3]).toBe("'-5e3");
    expect(cells({ horseName: '- 5' })[3]).toBe("'- 5");
  });
});
