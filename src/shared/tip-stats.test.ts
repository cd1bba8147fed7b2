import { describe, expect, it } from 'vitest';
import {
  basisStats,
  computeStats,
  formatPoints,
  recordStats,
  tipProfit,
  tipProfitByBasis,
  type SettledTip,
  type TipResult,
} from './tip-stats';

describe('tipProfit (1 point level stake at advised odds)', () => {
  it('pays fractional odds on a winner', () => {
    expect(tipProfit('WON', '5/1')).toEqual({ ok: true, profitLoss: 5 });
    expect(tipProfit('WON', '11/4')).toEqual({ ok: true, profitLoss: 2.75 });
    expect(tipProfit('WON', 'evs')).toEqual({ ok: true, profitLoss: 1 });
    expect(tipProfit('WON', '8/13')).toEqual({ ok: true, profitLoss: 0.62 });
    expect(tipProfit('WON', '100/30')).toEqual({ ok: true, profitLoss: 3.33 });
  });
  it('uses advised odds even when the starting price differs', () => {
    expect(tipProfit('WON', '7/1', '4/1')).toEqual({ ok: true, profitLoss: 7 });
  });
  it('loses the stake on LOST and PLACED, returns it on NR', () => {
    expect(tipProfit('LOST', '5/1')).toEqual({ ok: true, profitLoss: -1 });
    expect(tipProfit('PLACED', '20/1')).toEqual({ ok: true, profitLoss: -1 });
    expect(tipProfit('NR', '5/1')).toEqual({ ok: true, profitLoss: 0 });
    expect(tipProfit('LOST', '')).toEqual({ ok: true, profitLoss: -1 });
  });
  it('settles a winner without advised odds at the starting price, else refuses', () => {
    expect(tipProfit('WON', '', '9/2')).toEqual({ ok: true, profitLoss: 4.5 });
    const refused = tipProfit('WON', '', null);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/starting price/);
  });
});

let nextId = 1;
function settled(raceDate: string, result: TipResult, profitLoss: number, selectionType = 'nap'): SettledTip {
  return { id: nextId++, raceDate, selectionType, selectionName: `Horse ${nextId}`, result, profitLoss };
}

describe('computeStats on a hand-worked sequence', () => {
  // WON 5/1 (+5), LOST, LOST, NR, PLACED, WON 11/4 (+2.75), LOST
  // running: 5, 4, 3, 3, 2, 4.75, 3.75 → P/L +3.75; staked 6 (NR excluded); 2 winners.
  const tips = [
    settled('2026-07-01', 'WON', 5),
    settled('2026-07-02', 'LOST', -1),
    settled('2026-07-03', 'LOST', -1),
    settled('2026-07-04', 'NR', 0),
    settled('2026-07-05', 'PLACED', -1),
    settled('2026-07-06', 'WON', 2.75),
    settled('2026-07-07', 'LOST', -1),
  ];
  it('counts, strike rate, P/L and ROI', () => {
    const s = computeStats(tips);
    expect(s).toMatchObject({ tips: 7, staked: 6, won: 2, placed: 1, lost: 3, nonRunners: 1, profitLoss: 3.75 });
    expect(s.strikeRate).toBe(33.3); // 2 / 6
    expect(s.roi).toBe(62.5); // 3.75 / 6
  });
  it('longest losing run skips the non-runner', () => {
    expect(computeStats(tips).longestLosingRun).toBe(3); // LOST, LOST, (NR), PLACED
  });
  it('drawdown is peak to trough of the running P/L', () => {
    expect(computeStats(tips).maxDrawdown).toBe(3); // peak 5 → trough 2
  });
  it('a losing start draws down from zero', () => {
    const s = computeStats([
      settled('2026-07-01', 'LOST', -1),
      settled('2026-07-02', 'LOST', -1),
      settled('2026-07-03', 'WON', 7),
    ]);
    expect(s).toMatchObject({ maxDrawdown: 2, profitLoss: 5, longestLosingRun: 2, roi: 166.7 });
  });
  it('nothing settled is all zeros', () => {
    expect(computeStats([])).toMatchObject({
      tips: 0,
      staked: 0,
      strikeRate: 0,
      roi: 0,
      profitLoss: 0,
      maxDrawdown: 0,
      longestLosingRun: 0,
    });
  });
});

describe('recordStats', () => {
  it('splits by type and month and gives the running series oldest first', () => {
    const a = settled('2026-08-01', 'WON', 5, 'nap');
    const b = settled('2026-07-31', 'LOST', -1, 'longshot');
    const c = settled('2026-07-31', 'WON', 2.75, 'nb');
    const r = recordStats([a, c, b]); // any order in
    expect(r.series.map((p) => p.cumulative)).toEqual([-1, 1.75, 6.75]); // b, c (same day, b recorded first), a
    expect(r.overall.profitLoss).toBe(6.75);
    expect(r.byType.nap.profitLoss).toBe(5);
    expect(r.byType.nb.won).toBe(1);
    expect(r.byType.longshot.lost).toBe(1);
    expect(r.byMonth.map((m) => [m.month, m.profitLoss])).toEqual([
      ['2026-08', 5],
      ['2026-07', 1.75],
    ]);
  });
});

describe('formatPoints', () => {
  it('signs the points', () => {
    expect(formatPoints(5)).toBe('+5.00');
    expect(formatPoints(-1)).toBe('−1.00');
    expect(formatPoints(0)).toBe('0.00');
  });
});

describe('tipProfitByBasis and basisStats (the record at the advised price, SP and BSP)', () => {
  it('gives a loser −1 only where it has that price, and a non-runner 0', () => {
    expect(tipProfitByBasis('LOST', { advised: '5/1', sp: '4/1', bsp: null })).toEqual({
      advised: -1,
      sp: -1,
      bsp: null,
    });
    expect(tipProfitByBasis('PLACED', { advised: '', sp: null, bsp: 7.2 })).toEqual({ advised: -1, sp: null, bsp: -1 });
    expect(tipProfitByBasis('NR', { advised: '5/1', sp: null, bsp: null })).toEqual({ advised: 0, sp: 0, bsp: 0 });
  });

  it('leaves a winner with neither advised odds nor SP unsettled at the advised price', () => {
    expect(tipProfitByBasis('WON', { advised: '', sp: null, bsp: 5.5 })).toEqual({ advised: null, sp: null, bsp: 4.5 });
  });

  it('adds up bets, points staked, profit and ROI', () => {
    expect(
      basisStats([
        { staked: 1, profit: 4.5 },
        { staked: 1, profit: -1 },
        { bets: 14, staked: 14, profit: 24 },
      ]),
    ).toEqual({ bets: 16, staked: 16, profit: 27.5, roi: 171.9 });
    expect(basisStats([])).toEqual({ bets: 0, staked: 0, profit: 0, roi: 0 });
  });
});
