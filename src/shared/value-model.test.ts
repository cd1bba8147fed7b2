import { describe, expect, it } from 'vitest';
import { calculateValue, spreadFactor, tissueOddsFor, valueScoreFor, type ValueInput } from './value-model';

const race: ValueInput[] = [
  { name: 'Alpha', rating: 80, marketOdds: 3 },
  { name: 'Bravo', rating: 75, marketOdds: 4 },
  { name: 'Charlie', rating: 70, marketOdds: 6 },
  { name: 'Delta', rating: 60, marketOdds: 11 },
];

/** Deterministic pseudo-random numbers for the property tests (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function randomRace(rand: () => number): ValueInput[] {
  const n = 2 + Math.floor(rand() * 18);
  return Array.from({ length: n }, (_, i) => ({
    name: `H${i}`,
    rating: Math.round((40 + rand() * 60) * 10) / 10,
    adjustment: Math.round((rand() * 6 - 3) * 10) / 10,
    marketOdds: Math.round((1.2 + rand() * 50) * 100) / 100,
  }));
}

describe('a hand-worked race (worked independently: SD 8.5391, spread factor 0.874476)', () => {
  const results = calculateValue(race, { marketCorrection: false });
  it('computes the spread factor from the sample SD', () => {
    expect(spreadFactor([80, 75, 70, 60])).toBeCloseTo(0.874476, 6);
  });
  it('gives shares, tissue odds, value and scores', () => {
    expect(results.map((r) => r.myProbability)).toEqual([
      expect.closeTo(54.3104, 4),
      expect.closeTo(27.7731, 4),
      expect.closeTo(14.2025, 4),
      expect.closeTo(3.714, 3),
    ]);
    expect(results.map((r) => r.tissueOdds)).toEqual([1.84, 3.6, 7, 26.9]);
    expect(results.map((r) => r.value)).toEqual([
      expect.closeTo(20.9771, 4),
      expect.closeTo(2.7731, 4),
      expect.closeTo(-2.4642, 4),
      expect.closeTo(-5.3769, 4),
    ]);
    expect(results.map((r) => r.valueScore)).toEqual([5, 3, 2, 1]);
  });
  it('derives the companion fields', () => {
    const b = results[1];
    expect(b.bookieProbability).toBe(25);
    expect(b.llbsBehind).toBe(5);
    expect(b.multiplier).toBeCloseTo(0.511376, 6);
    expect(b.oddsPercentage).toBe(b.myProbability);
    expect(b.altValue).toBeCloseTo(0.277731 * 4 - 1, 5);
    expect(b.marketCorrection).toBe(0);
    expect(b.adjustedRating).toBe(75);
  });
});

describe('rules at the edges', () => {
  it('scores exactly at the thresholds', () => {
    expect([8, 7.99, 3, 2.99, 0, -0.01, -2.9999, -3].map(valueScoreFor)).toEqual([5, 4, 4, 3, 3, 2, 2, 1]);
  });
  it('rounds tissue odds to 2 decimals under 4 and 1 decimal from 4', () => {
    expect(tissueOddsFor(100 / 3.999)).toBe(4);
    expect(tissueOddsFor(100 / 3.456)).toBe(3.46);
    expect(tissueOddsFor(100 / 12.34)).toBe(12.3);
  });
  it('gives a single runner every chance (weight 1, share 100)', () => {
    const [only] = calculateValue([{ name: 'Solo', rating: 70, marketOdds: 1.5 }], { marketCorrection: true });
    expect(only.myProbability).toBe(100);
    expect(only.tissueOdds).toBe(1);
    expect(only.marketCorrection).toBe(0);
  });
  it('splits equally when all ratings are equal', () => {
    const r = calculateValue(
      ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, rating: 72, marketOdds: 5 })),
      { marketCorrection: false },
    );
    expect(r.every((x) => x.myProbability === 20 && x.tissueOdds === 5 && x.valueScore === 3)).toBe(true);
  });
  it('leaves out blank names, ratings ≤ 0 and odds ≤ 0, keeping input order', () => {
    const r = calculateValue(
      [
        { name: 'Kept', rating: 80, marketOdds: 3 },
        { name: '  ', rating: 80, marketOdds: 3 },
        { name: 'NoRating', rating: 0, marketOdds: 3 },
        { name: 'NoOdds', rating: 75, marketOdds: 0 },
        { name: 'AlsoKept', rating: 70, marketOdds: 5 },
      ],
      { marketCorrection: false },
    );
    expect(r.map((x) => x.name)).toEqual(['Kept', '  ', 'NoRating', 'NoOdds', 'AlsoKept']);
    expect(r.map((x) => x.included)).toEqual([true, false, false, false, true]);
    expect(r[2].tissueOdds).toBeUndefined();
    expect(r[0].myProbability! + r[4].myProbability!).toBeCloseTo(100, 10);
  });
  it('applies the adjustment to the rating', () => {
    const plain = calculateValue(race, { marketCorrection: false });
    const adjusted = calculateValue(
      race.map((h, i) => (i === 3 ? { ...h, adjustment: 10 } : h)),
      { marketCorrection: false },
    );
    expect(adjusted[3].adjustedRating).toBe(70);
    expect(adjusted[3].myProbability!).toBeGreaterThan(plain[3].myProbability!);
  });
});

describe('market correction', () => {
  const favourite: ValueInput[] = [
    { name: 'Top', rating: 85, marketOdds: 4 },
    { name: 'Second', rating: 80, marketOdds: 5 },
    { name: 'MarketFancy', rating: 62, marketOdds: 3.5 }, // the market makes it 29%; the ratings far less
    { name: 'Outsider', rating: 55, marketOdds: 34 },
  ];
  it('raises an outlier in 0.1 steps until its value gap is -10 or better', () => {
    const off = calculateValue(favourite, { marketCorrection: false });
    const on = calculateValue(favourite, { marketCorrection: true });
    expect(off[2].value!).toBeLessThan(-10);
    const c = on[2].marketCorrection!;
    expect(c).toBeGreaterThan(0);
    expect(Math.round(c * 10)).toBeCloseTo(c * 10, 9); // whole tenths, no drift
    expect(on[2].adjustedRating).toBeCloseTo(62 + c, 9);
    expect(on[2].value!).toBeGreaterThanOrEqual(-10);
    expect(on[0].marketCorrection).toBe(0);
    // the smallest such step: one tenth less still leaves it below -10
    const oneLess = calculateValue(
      favourite.map((h, i) => (i === 2 ? { ...h, adjustment: c - 0.1 } : h)),
      { marketCorrection: false },
    );
    expect(oneLess[2].value!).toBeLessThan(-10);
  });
  it('stops at +20 when the gap cannot be closed', () => {
    const r = calculateValue(
      [
        { name: 'Good', rating: 95, marketOdds: 10 },
        { name: 'Hopeless', rating: 40, marketOdds: 1.1 },
        { name: 'Middling', rating: 70, marketOdds: 12 },
      ],
      { marketCorrection: true },
    );
    expect(r[1].marketCorrection).toBe(20);
    expect(r[1].adjustedRating).toBe(60);
    expect(r[1].value!).toBeLessThan(-10);
  });
  it('is off when the switch is off', () => {
    expect(calculateValue(favourite, { marketCorrection: false }).every((x) => x.marketCorrection === 0)).toBe(true);
  });
});

describe('properties over 300 random races', () => {
  const rand = rng(20261122);
  const races = Array.from({ length: 300 }, () => randomRace(rand));

  it('shares sum to 100 with and without correction', () => {
    for (const r of races) {
      for (const marketCorrection of [false, true]) {
        const total = calculateValue(r, { marketCorrection }).reduce((a, x) => a + (x.myProbability ?? 0), 0);
        expect(total).toBeCloseTo(100, 8);
      }
    }
  });
  it('never gives a higher adjusted rating longer tissue odds', () => {
    for (const r of races) {
      const res = calculateValue(r, { marketCorrection: true }).sort((a, b) => b.adjustedRating! - a.adjustedRating!);
      for (let i = 1; i < res.length; i++) expect(res[i - 1].tissueOdds!).toBeLessThanOrEqual(res[i].tissueOdds!);
    }
  });
  it('is deterministic and independent of runner order', () => {
    for (const r of races.slice(0, 100)) {
      const a = calculateValue(r, { marketCorrection: true });
      const reversed = calculateValue([...r].reverse(), { marketCorrection: true }).reverse();
      expect(calculateValue(r, { marketCorrection: true })).toEqual(a);
      a.forEach((x, i) => {
        expect(reversed[i].name).toBe(x.name);
        expect(reversed[i].marketCorrection).toBe(x.marketCorrection);
        expect(reversed[i].myProbability!).toBeCloseTo(x.myProbability!, 9);
      });
    }
  });
  it('leaves every corrected runner at the target or at the cap', () => {
    for (const r of races) {
      for (const x of calculateValue(r, { marketCorrection: true })) {
        expect(x.marketCorrection).toBeGreaterThanOrEqual(0);
        expect(x.marketCorrection).toBeLessThanOrEqual(20);
        if (x.marketCorrection! > 0 && x.marketCorrection! < 20) expect(x.value!).toBeGreaterThanOrEqual(-10);
      }
    }
  });
});
