import { describe, expect, it } from 'vitest';
import { formatOdds, isValueAt, tipValue, valueDownTo } from './odds-format';
import { calculateValue } from './value-model';

describe('formatOdds', () => {
  it('fractional keeps a written fraction and turns decimals into the usual prices', () => {
    expect(formatOdds('7-1', 'fractional')).toBe('7/1');
    expect(formatOdds('Evens', 'fractional')).toBe('evs');
    expect(formatOdds(3.75, 'fractional')).toBe('11/4');
    expect(formatOdds('6.5', 'fractional')).toBe('11/2');
    expect(formatOdds(4.33, 'fractional')).toBe('10/3');
    expect(formatOdds(34, 'fractional')).toBe('33/1');
  });
  it('decimal shows two decimals, stake included', () => {
    expect(formatOdds('5/2', 'decimal')).toBe('3.50');
    expect(formatOdds('evs', 'decimal')).toBe('2.00');
    expect(formatOdds(4.5, 'decimal')).toBe('4.50');
  });
  it('leaves no odds empty and unreadable text as written', () => {
    expect(formatOdds(null, 'decimal')).toBe('');
    expect(formatOdds('', 'fractional')).toBe('');
    expect(formatOdds('SP', 'decimal')).toBe('SP');
  });
});

describe('valueDownTo', () => {
  it('four equal ratings: 25 % each, value down to 4.0 = 3/1', () => {
    const field = ['A', 'B', 'C', 'D'].map((name, i) => ({ name, rating: 80, marketOdds: [3, 4, 5, 10][i] }));
    expect(valueDownTo(field, 0)).toEqual({ threshold: 4, decimal: 4, fractional: '3/1' });
    expect(valueDownTo(field, 3)).toMatchObject({ decimal: 4, fractional: '3/1' });
  });

  it('80 v 70: shares 81.0 % and 19.0 % (see calibration.test.ts), so 1.24 / 2/9 and 5.27 / 9/2', () => {
    const field = [
      { name: 'Top', rating: 80, marketOdds: 1.5 },
      { name: 'Other', rating: 70, marketOdds: 4 },
    ];
    // 100 ÷ 80.998 = 1.2346 → 1.24; the shortest ladder price at or above it is 1/4 (1.25).
    expect(valueDownTo(field, 0)).toMatchObject({ decimal: 1.24, fractional: '1/4' });
    // 100 ÷ 19.002 = 5.2626 → 5.27; 9/2 is 5.5 (5/1 would be 6.0).
    expect(valueDownTo(field, 1)).toMatchObject({ decimal: 5.27, fractional: '9/2' });
  });

  it('at exactly the threshold the model scores the runner 3, and a tick shorter 2', () => {
    const field = [
      { name: 'A', rating: 88, marketOdds: 2.2 },
      { name: 'B', rating: 80, marketOdds: 3.1 },
      { name: 'C', rating: 71, marketOdds: 1.3 }, // far too short: corrected by the market correction
      { name: 'D', rating: 64, marketOdds: 40 },
    ];
    for (let i = 0; i < field.length; i++) {
      const { threshold } = valueDownTo(field, i)!;
      const at = (odds: number) =>
        calculateValue(
          field.map((r, j) => (j === i ? { ...r, marketOdds: odds } : r)),
          { marketCorrection: true },
        )[i].valueScore;
      expect(at(threshold + 1e-6), field[i].name).toBe(3);
      expect(at(threshold * 0.98), field[i].name).toBeLessThan(3);
    }
  });

  it('is null for a runner the model leaves out', () => {
    expect(valueDownTo([{ name: 'A', rating: 0, marketOdds: 3 }], 0)).toBeNull();
    expect(valueDownTo([{ name: 'A', rating: 70, marketOdds: 0 }], 0)).toBeNull();
  });
});

describe('isValueAt', () => {
  it('a price exactly at its value-down-to is still value (score 3); any shorter is not', () => {
    // Four equal ratings: 25 % each, so value down to exactly 4.0, where the model scores 3.
    const field = ['A', 'B', 'C', 'D'].map((name, i) => ({ name, rating: 80, marketOdds: [4, 4, 5, 10][i] }));
    const downTo = valueDownTo(field, 0)!;
    expect(downTo.threshold).toBe(4);
    expect(calculateValue(field, { marketCorrection: true })[0].valueScore).toBe(3);
    expect(isValueAt(4, downTo)).toBe(true);
    expect(isValueAt(3.99, downTo)).toBe(false);
    // Within floating-point noise of the threshold, either side, is at it.
    expect(isValueAt(4, { threshold: 4 + 1e-12 })).toBe(true);
    expect(isValueAt(4 - 1e-9, downTo)).toBe(true);
    expect(isValueAt(4 - 1e-6, downTo)).toBe(false);
  });
});

describe('tipValue', () => {
  // Four equal ratings: each is value down to 4.0 (3/1).
  const field = ['Northern Star', 'B', 'C', 'D'].map((name, i) => ({ name, rating: 80, marketOdds: [3, 4, 5, 10][i] }));
  it('a tip advised shorter than its value price says so; at or above it, it does not', () => {
    expect(tipValue(field, 'northern star', '5/2')).toEqual({
      downTo: { threshold: 4, decimal: 4, fractional: '3/1' },
      shorterThanValue: true,
    });
    expect(tipValue(field, 'Northern Star', '3/1')?.shorterThanValue).toBe(false); // exactly at it
    expect(tipValue(field, 'Northern Star', '3.99')?.shorterThanValue).toBe(true);
    expect(tipValue(field, 'Northern Star', '11/2')?.shorterThanValue).toBe(false);
    // No advised price: nothing to compare.
    expect(tipValue(field, 'Northern Star', '')?.shorterThanValue).toBe(false);
  });
  it('is null for a horse that is not in the race', () => {
    expect(tipValue(field, 'Someone Else', '5/1')).toBeNull();
  });
});
