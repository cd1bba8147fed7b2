import { describe, expect, it } from 'vitest';
import { formatOdds, isValueAt, tipValue, valueDownTo } from './odds-format';
import { parseOdds } from './odds';
import { calculateValue } from './value-model';

// prettier-ignore
const LADDER_FOR_TEST = ['1/5', '1/2', '10/11', 'evs', '6/4', '2/1', '11/4', '3/1', '10/3', '7/2', '4/1', '9/2', '8/1',
  '17/2', '9/1', '10/1', '16/1', '18/1', '20/1', '22/1', '33/1', '100/1'].map((p) => parseOdds(p)!);

describe('formatOdds', () => {
  it('fractional keeps a written fraction and turns decimals into the usual prices', () => {
    expect(formatOdds('7-1', 'fractional')).toBe('7/1');
    expect(formatOdds('Evens', 'fractional')).toBe('evs');
    expect(formatOdds(3.75, 'fractional')).toBe('11/4');
    expect(formatOdds('6.5', 'fractional')).toBe('11/2');
    expect(formatOdds(4.33, 'fractional')).toBe('10/3');
    expect(formatOdds(34, 'fractional')).toBe('33/1');
  });
  it('fractional never shows an odd fraction: a decimal on no rung of the ladder stays a decimal', () => {
    // Betfair starting prices and exchange prices: 7.2 is not "31/5", 5.63 not "88/19", 24 not "23/1".
    expect(formatOdds(7.2, 'fractional')).toBe('7.20');
    expect(formatOdds('5.63', 'fractional')).toBe('5.63');
    expect(formatOdds(24, 'fractional')).toBe('24.00');
    expect(formatOdds(210, 'fractional')).toBe('210.00');
    // On a rung, to the two places a decimal is kept to: the ladder price.
    expect(formatOdds(26, 'fractional')).toBe('25/1');
    expect(formatOdds(1.91, 'fractional')).toBe('10/11');
    expect(formatOdds(2, 'fractional')).toBe('evs');
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

  // Decision 0053: the fair price (the member-facing tissue) is the threshold; value down to is it on the ladder.
  const field = [
    { name: 'Alpha', rating: 80, marketOdds: 3 },
    { name: 'Bravo', rating: 76, marketOdds: 4.5 },
    { name: 'Charlie', rating: 64, marketOdds: 5.5 }, // far shorter than its rating: corrected at this price
    { name: 'Delta', rating: 70, marketOdds: 21 },
  ];
  const priced = (i: number, odds: number) => field.map((r, j) => (j === i ? { ...r, marketOdds: odds } : r));

  it("the fair price never moves with the runner's own price, though the model's corrected tissue does", () => {
    const prices = [1.5, 3, 5.5, 9, 21, 101];
    for (let i = 0; i < field.length; i++) {
      const fair = prices.map((odds) => valueDownTo(priced(i, odds), i)!.threshold);
      for (const f of fair) expect(f, field[i].name).toBeCloseTo(fair[0], 9);
    }
    // The worked example of decision 0053: at 9/2 the model corrects Charlie (+4.4) and its
    // tissue reads 12.2; its fair price is 100 ÷ 5.151 % = 19.41 whatever its price.
    const corrected = calculateValue(field, { marketCorrection: true })[2];
    expect([corrected.marketCorrection, corrected.tissueOdds]).toEqual([4.4, 12.2]);
    expect(valueDownTo(field, 2)).toMatchObject({ decimal: 19.42, fractional: '20/1' });
    expect(calculateValue(priced(2, 9), { marketCorrection: true })[2].tissueOdds).toBe(19.4);
  });

  it('value down to is the fair price on the ladder: never shorter, and the rung below it is no longer value', () => {
    for (let i = 0; i < field.length; i++) {
      const { threshold, decimal, fractional } = valueDownTo(field, i)!;
      expect(decimal, field[i].name).toBeGreaterThanOrEqual(threshold);
      expect(decimal - threshold, field[i].name).toBeLessThan(0.01);
      const rung = parseOdds(fractional)!;
      expect(rung, field[i].name).toBeGreaterThanOrEqual(threshold - 1e-9);
      // Every ladder price the runner could be at: value (score 3+) exactly from its value-down-to rung.
      for (const odds of LADDER_FOR_TEST) {
        const score = calculateValue(priced(i, odds), { marketCorrection: true })[i].valueScore!;
        expect(score >= 3, `${field[i].name} at ${odds}`).toBe(odds >= rung);
      }
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
