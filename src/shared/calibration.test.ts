import { describe, expect, it } from 'vitest';
import { calibrate, ratingRanks, type CalibrationRace } from './calibration';

// Equal VB ratings give every runner the same tissue share (the spread is undefined, so every
// weight is 1): 4 runners → 25 % each. Value = 25 − 100 ÷ odds, so the scores are easy by hand:
// 3.0 → −8.33 (score 1; above −10 so no market correction), 4.0 → 0 (3), 5.0 → +5 (4), 10.0 → +15 (5).
const raceA: CalibrationRace = {
  raceDate: '2026-11-20',
  runners: [
    { name: 'A1', vbRating: 80, morningOdds: 3, finish: 'placed' },
    { name: 'A2', vbRating: 80, morningOdds: 4, finish: 'won' },
    { name: 'A3', vbRating: 80, morningOdds: 5, finish: 'ran' },
    { name: 'A4', vbRating: 80, morningOdds: 10, finish: 'ran' },
  ],
};
// Two at evens-money 2.0 and 50 % each: value 0, score 3. One is a non-runner: left out of the
// count and of the book, so the one that ran is expected to win once (0.5 ÷ 0.5).
const raceB: CalibrationRace = {
  raceDate: '2026-11-21',
  runners: [
    { name: 'B1', vbRating: 70, morningOdds: 2, finish: 'won' },
    { name: 'B2', vbRating: 70, morningOdds: 2, finish: 'nr' },
  ],
};

describe('calibrate', () => {
  it('counts runners, winners, expected winners, A/E and level-stake profit per value score', () => {
    const c = calibrate([raceB, raceA]);
    expect(c.from).toBe('2026-11-20');
    expect(c.to).toBe('2026-11-21');
    expect(c.races).toBe(2);
    // Race A's book: 1/3 + 1/4 + 1/5 + 1/10 = 0.88333; A2's share of it 0.25 ÷ 0.88333 = 0.28302.
    const score = Object.fromEntries(c.byScore.map((r) => [r.key, r]));
    expect(c.byScore.map((r) => r.key)).toEqual(['5', '4', '3', '2', '1']);
    expect(score['3']).toEqual({
      key: '3',
      runners: 2,
      winners: 2,
      strikeRate: 100,
      expectedWinners: 1.28,
      actualOverExpected: 1.56,
      profit: 4,
      roi: 200,
    });
    expect(score['1']).toEqual({
      key: '1',
      runners: 1,
      winners: 0,
      strikeRate: 0,
      expectedWinners: 0.38,
      actualOverExpected: 0,
      profit: -1,
      roi: -100,
    });
    expect(score['4']).toMatchObject({ runners: 1, winners: 0, expectedWinners: 0.23, profit: -1 });
    expect(score['5']).toMatchObject({ runners: 1, winners: 0, expectedWinners: 0.11, profit: -1 });
    expect(score['2']).toEqual({
      key: '2',
      runners: 0,
      winners: 0,
      strikeRate: 0,
      expectedWinners: 0,
      actualOverExpected: null,
      profit: 0,
      roi: 0,
    });
    // Each race's expectation sums to one winner: 2 expected, 2 won; profit +3 +1 −1 −1 −1 = +1 on 5 bets.
    expect(c.overall).toEqual({
      key: 'all',
      runners: 5,
      winners: 2,
      strikeRate: 40,
      expectedWinners: 2,
      actualOverExpected: 1,
      profit: 1,
      roi: 20,
    });
  });

  it('ranks by VB rating in the race, ties sharing the higher rank', () => {
    expect(ratingRanks([70, 80, 80, 60, 50])).toEqual([3, 1, 1, 4, 5]);
    // 80 v 70: sd 7.0711, factor 0.0503 × ln 7.0711 + 0.7666 = 0.86504, weights 1 and 0.86504^10 = 0.23460,
    // shares 81.0 % and 19.0 %. At 1.5 (66.7 %) the top-rated is value 5; at 4.0 (25 %) the other −6.0, score 1.
    const c = calibrate([
      {
        raceDate: '2026-11-22',
        runners: [
          { name: 'C1', vbRating: 80, morningOdds: 1.5, finish: 'won' },
          { name: 'C2', vbRating: 70, morningOdds: 4, finish: 'ran' },
          { name: 'C3', vbRating: 60, morningOdds: null, finish: 'ran' }, // no morning odds: not counted
        ],
      },
    ]);
    const rank = Object.fromEntries(c.byRank.map((r) => [r.key, r]));
    // Book 1/1.5 + 1/4 = 0.91667: C1 expected 0.72727, C2 0.27273.
    expect(rank['1st']).toEqual({
      key: '1st',
      runners: 1,
      winners: 1,
      strikeRate: 100,
      expectedWinners: 0.73,
      actualOverExpected: 1.38,
      profit: 0.5,
      roi: 50,
    });
    expect(rank['2nd']).toEqual({
      key: '2nd',
      runners: 1,
      winners: 0,
      strikeRate: 0,
      expectedWinners: 0.27,
      actualOverExpected: 0,
      profit: -1,
      roi: -100,
    });
    expect(rank['3rd'].runners).toBe(0);
    expect(c.byScore.find((r) => r.key === '5')!.runners).toBe(1);
    expect(c.byScore.find((r) => r.key === '1')!.runners).toBe(1);
    expect(c.overall.runners).toBe(2);
  });

  it('is empty without races, and skips races with nobody priced', () => {
    const c = calibrate([
      { raceDate: '2026-11-22', runners: [{ name: 'X', vbRating: 70, morningOdds: null, finish: 'won' }] },
    ]);
    expect(c).toMatchObject({ from: null, to: null, races: 0 });
    expect(c.overall).toMatchObject({ runners: 0, actualOverExpected: null, roi: 0 });
  });
});
