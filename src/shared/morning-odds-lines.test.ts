import { describe, expect, it } from 'vitest';
import { parseMorningOddsLines } from './morning-odds-lines';

describe('parseMorningOddsLines', () => {
  it('reads decimal, fractional, evens and non-runners, skipping blank lines', () => {
    const result = parseMorningOddsLines(
      'Galopin Des Champs: 11/4\n\n  Fact To File :6.5\r\nEl Fabiolo: evs\nShishkin: NR\n',
    );
    expect(result).toEqual({
      ok: true,
      lines: [
        { line: 1, horse: 'Galopin Des Champs', odds: 3.75, oddsText: '11/4', nonRunner: false },
        { line: 3, horse: 'Fact To File', odds: 6.5, oddsText: '6.5', nonRunner: false },
        { line: 4, horse: 'El Fabiolo', odds: 2, oddsText: 'evs', nonRunner: false },
        { line: 5, horse: 'Shishkin', odds: null, oddsText: 'NR', nonRunner: true },
      ],
    });
  });

  it('splits at the last colon so a name may hold one', () => {
    const result = parseMorningOddsLines('Mr: Softee: 5/1');
    expect(result.ok && result.lines[0]).toMatchObject({ horse: 'Mr: Softee', odds: 6 });
  });

  it('reports every bad line by number and returns nothing', () => {
    const result = parseMorningOddsLines(
      'Good Horse: 5/1\nno colon here\nBad Odds: strong\n: 4/1\nGood Horse: 6/1\nZero: 0',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'line 2: write "Horse: odds", found "no colon here"',
      'line 3: odds for Bad Odds must look like 6.5, 11/2, evs or NR, found "strong"',
      'line 4: write "Horse: odds", found ": 4/1"',
      'line 5: Good Horse is already on line 1',
      'line 6: odds for Zero must look like 6.5, 11/2, evs or NR, found "0"',
    ]);
  });

  it('accepts empty text as no lines and refuses an absurdly long paste', () => {
    expect(parseMorningOddsLines('')).toEqual({ ok: true, lines: [] });
    expect(parseMorningOddsLines('A: 2/1\n'.repeat(2001)).ok).toBe(false);
  });
});
