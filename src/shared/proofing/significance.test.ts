import { describe, expect, it } from 'vitest';
import { mulberry32, pValueAboveZero, recordSeed, significance, simulatedDrawdowns } from './significance';

/** 40 bets: a 9/2 winner every fifth, the rest losers (+4 points, ROI 10%). */
const record = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? 4.5 : -1));

describe('significance', () => {
  it('gives exact figures for a record: the simulations are seeded by the record itself', () => {
    expect(recordSeed(record)).toBe(3376340676);
    expect(significance(record, 100)).toEqual({
      pValue: 0.3883,
      drawdown50: 12,
      drawdown99: 29,
      simulations: 10_000,
      bank: 100,
    });
    // Another record gives another seed.
    expect(recordSeed([...record].reverse())).not.toBe(recordSeed(record));
  });

  it('gives p = 0.5 when the mean profit is 0, near 0 for a strong edge, near 1 for a loser', () => {
    const even = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 1 : -1));
    expect(pValueAboveZero(even)).toBeCloseTo(0.5, 6);
    const strong = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 3 : -1)); // mean +1
    expect(pValueAboveZero(strong)).toBeLessThan(1e-6);
    expect(pValueAboveZero(strong.map((p) => -p))).toBeGreaterThan(1 - 1e-6);
    expect(pValueAboveZero(Array.from({ length: 30 }, () => -1))).toBe(1);
  });

  it('matches the t statistic worked by hand', () => {
    // mean 0.1, sample SD 2.2315..., t = 0.1 / (2.2315 / √40) = 0.2834, 1 − Φ(0.2834) = 0.3884
    expect(pValueAboveZero(record)).toBeCloseTo(0.3884, 3);
  });

  it('has the 99th percentile drawdown at least the median', () => {
    const result = significance(
      Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 2.5 : -1)),
      100,
    )!;
    expect(result.drawdown99).toBeGreaterThanOrEqual(result.drawdown50);
    expect(result.drawdown50).toBeGreaterThan(0);
  });

  it('gives nothing below 30 bets', () => {
    expect(significance(record.slice(0, 29), 100)).toBeNull();
    expect(significance(record.slice(0, 30), 100)).not.toBeNull();
  });

  it("measures a simulated record's drawdown from its highest point, the start counting as one", () => {
    // Draws in turn 1, 0, 2 of [+2, −1, −3]: running −1, +1, −2: the fall from +1 to −2 is 3.
    const draws = [0.5, 0.1, 0.9];
    let i = 0;
    expect(simulatedDrawdowns([2, -1, -3], 1, () => draws[i++])).toEqual([3]);
  });

  it('draws the same numbers from the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
