import { describe, expect, it } from 'vitest';
import type { RaceCardHorse } from '../schemas/race-cards';
import { calculateValue } from '../value-model';
import {
  blankRow,
  calculateRows,
  canAutoCalculate,
  committedValue,
  formatCorrection,
  formatOddsInput,
  tissueOddsText,
  isCalculable,
  isCompleteInput,
  nextManualId,
  oneDecimal,
  parseNumberInput,
  parseOddsInput,
  rowsFromRace,
  type GeneratorRow,
} from './rows';

function horse(
  id: number,
  name: string,
  vbRating: number | null,
  bookieOdds: number | null,
  potentialNonRunner = false,
): RaceCardHorse {
  return {
    id,
    position: id,
    name,
    number: id,
    draw: null,
    dslr: null,
    sire: '',
    dam: '',
    form: '',
    formHistory: '',
    jockey: '',
    jockeyClaim: null,
    trainer: '',
    vbRating,
    age: null,
    equipment: '',
    runsWins: '0-0',
    officialRating: null,
    weight: '',
    summary: '',
    bookieOdds,
    bookieOddsText: bookieOdds === null ? (potentialNonRunner ? 'NR' : null) : String(bookieOdds),
    potentialNonRunner,
  };
}

describe('rowsFromRace', () => {
  const rows = rowsFromRace([
    horse(1, 'Low', 60, 9),
    horse(2, 'Top', 82.5, 3.5),
    horse(3, 'No Odds', 90, null),
    horse(4, 'Zero Odds', 88, 0),
    horse(5, 'Maybe NR', 70, null, true),
    horse(6, 'Mid', 75, 5),
    horse(7, 'Unrated', null, 20),
  ]);
  it('keeps horses with odds above 0 (and flagged potential non-runners), highest rating first', () => {
    expect(rows.map((r) => r.name)).toEqual(['Top', 'Mid', 'Maybe NR', 'Low', 'Unrated']);
  });
  it('locks name and rating, starts adjustment at 0 and keeps the flag', () => {
    expect(rows[0]).toEqual({
      id: 'horse-2',
      name: 'Top',
      rating: 82.5,
      originalRating: 82.5,
      adjustment: 0,
      marketOdds: 3.5,
      potentialNonRunner: false,
      locked: true,
    });
    expect(rows[2]).toMatchObject({ name: 'Maybe NR', marketOdds: 0, potentialNonRunner: true });
    expect(rows[4]).toMatchObject({ name: 'Unrated', rating: 0 });
  });
});

describe('inputs', () => {
  it('reads numbers; anything else is null and commits as 0', () => {
    expect(parseNumberInput(' 72.5 ')).toBe(72.5);
    expect(parseNumberInput('-1.5')).toBe(-1.5);
    expect(parseNumberInput('.5')).toBe(0.5);
    for (const bad of ['', 'abc', '7a', '-', '1.2.3', '5/1']) expect(parseNumberInput(bad)).toBeNull();
    expect(committedValue('rating', 'abc')).toBe(0);
    expect(committedValue('adjustment', '')).toBe(0);
    expect(committedValue('marketOdds', 'nonsense')).toBe(0);
  });
  it('reads odds as decimal, fractional or evens, to 2 decimals', () => {
    expect(parseOddsInput('6.5')).toBe(6.5);
    expect(parseOddsInput('5/1')).toBe(6);
    expect(parseOddsInput('11/4')).toBe(3.75);
    expect(parseOddsInput('10/3')).toBe(4.33);
    expect(parseOddsInput('EVS')).toBe(2);
    expect(parseOddsInput('5/')).toBeNull();
    expect(parseOddsInput('')).toBeNull();
  });
  it('keeps the adjustment step of 0.1 and trims names', () => {
    expect(committedValue('adjustment', '1.26')).toBe(1.3);
    expect(committedValue('name', '  Star  ')).toBe('Star');
  });
  it('commits before blur only text that is complete', () => {
    expect(isCompleteInput('marketOdds', '5/')).toBe(false);
    expect(isCompleteInput('marketOdds', '5/2')).toBe(true);
    expect(isCompleteInput('rating', '-')).toBe(false);
    expect(isCompleteInput('adjustment', '-2')).toBe(true);
    expect(isCompleteInput('name', '')).toBe(true);
  });
  it('formats odds, one-decimal figures and corrections', () => {
    expect(formatOddsInput(6, 'decimal')).toBe('6.0');
    expect(formatOddsInput(3.75, 'decimal')).toBe('3.75');
    expect(formatOddsInput(1.1, 'decimal')).toBe('1.1');
    expect(formatOddsInput(0, 'decimal')).toBe('');
    // A fractional member sees what they typed back as a bookmaker writes it.
    expect(formatOddsInput(committedValue('marketOdds', '5/2') as number, 'fractional')).toBe('5/2');
    expect(formatOddsInput(committedValue('marketOdds', '11/4') as number, 'fractional')).toBe('11/4');
    expect(formatOddsInput(committedValue('marketOdds', '20/1') as number, 'fractional')).toBe('20/1');
    expect(formatOddsInput(committedValue('marketOdds', 'evs') as number, 'fractional')).toBe('evs');
    expect(formatOddsInput(committedValue('marketOdds', '6.0') as number, 'fractional')).toBe('5/1');
    expect(formatOddsInput(0, 'fractional')).toBe('');
  });
  it("shows tissue odds in both formats, the member's first", () => {
    expect(tissueOddsText(4.1, 'fractional')).toBe('3/1 (4.1)');
    expect(tissueOddsText(4.1, 'decimal')).toBe('4.1 (3/1)');
    expect(tissueOddsText(3.6, 'fractional')).toBe('5/2 (3.6)'); // 5/2 is 3.5, 11/4 is 3.75: the nearer
    expect(tissueOddsText(1.92, 'decimal')).toBe('1.9 (10/11)');
    expect(tissueOddsText(undefined, 'fractional')).toBe('–');
    expect(oneDecimal(26.94)).toBe('26.9');
    expect(oneDecimal(undefined)).toBe('–');
    expect(formatCorrection(1.2)).toBe('+1.2');
    expect(formatCorrection(0)).toBe('+0.0');
  });
});

describe('calculation', () => {
  const rows: GeneratorRow[] = [
    { ...blankRow('a'), name: 'Alpha', rating: 80, originalRating: 80, marketOdds: 3 },
    { ...blankRow('b'), name: 'Bravo', rating: 75, originalRating: 75, marketOdds: 4 },
    { ...blankRow('c'), name: '', rating: 70, originalRating: 70, marketOdds: 6 },
    { ...blankRow('d'), name: 'Delta', rating: 60, originalRating: 60, marketOdds: 0 },
    { ...blankRow('e'), name: 'Echo', rating: 65, originalRating: 65, adjustment: 2, marketOdds: 40 },
  ];
  it('uses only rows with a name, rating and odds, and matches the value model', () => {
    expect(rows.map(isCalculable)).toEqual([true, true, false, false, true]);
    const out = calculateRows(rows, true);
    const model = calculateValue(rows.filter(isCalculable), { marketCorrection: true });
    expect(
      out
        .filter((r) => r.tissueOdds !== undefined)
        .map((r) => [r.name, r.tissueOdds, r.valueScore, r.marketCorrection, r.adjustedRating]),
    ).toEqual(model.map((m) => [m.name, m.tissueOdds, m.valueScore, m.marketCorrection, m.adjustedRating]));
    expect(out[2].tissueOdds).toBeUndefined();
    expect(out[3].value).toBeUndefined();
  });
  it('drops stale results when a row leaves the calculation', () => {
    const first = calculateRows(rows, false);
    const edited = first.map((r) => (r.id === 'b' ? { ...r, marketOdds: 0 } : r));
    expect(calculateRows(edited, false)[1]).toEqual({ ...rows[1], marketOdds: 0 });
  });
  it('auto-calculates only when some horse has rating and odds above 0', () => {
    expect(canAutoCalculate([blankRow('x')])).toBe(false);
    expect(canAutoCalculate([{ ...blankRow('x'), rating: 50 }])).toBe(false);
    expect(canAutoCalculate([{ ...blankRow('x'), rating: 50, marketOdds: 2 }])).toBe(true);
  });
  it('numbers rows added by hand', () => {
    expect(nextManualId([])).toBe('manual-1');
    expect(nextManualId([blankRow('horse-4'), blankRow('manual-2'), blankRow('manual-7')])).toBe('manual-8');
  });
});
