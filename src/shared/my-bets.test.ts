import { describe, expect, it } from 'vitest';
import { betOutlayPence, betsCsv, betStats, formatPounds, placeTerms, settleBet } from './my-bets';

const result = (finish: 'won' | 'placed' | 'ran' | 'nr', position: number | null, runners = 8, handicap = false) => ({
  finish,
  position,
  runners,
  handicap,
});

describe('placeTerms', () => {
  it('follows the usual UK each-way terms', () => {
    expect(placeTerms(4, false)).toEqual({ places: 1, fraction: 1 });
    expect(placeTerms(6, true)).toEqual({ places: 2, fraction: 1 / 4 });
    expect(placeTerms(8, false)).toEqual({ places: 3, fraction: 1 / 5 });
    expect(placeTerms(12, true)).toEqual({ places: 3, fraction: 1 / 4 });
    expect(placeTerms(16, true)).toEqual({ places: 4, fraction: 1 / 4 });
    expect(placeTerms(16, false)).toEqual({ places: 3, fraction: 1 / 5 });
  });
});

describe('settleBet', () => {
  it('a £10 win bet at 9/2: returns £55 if it wins, nothing otherwise; a non-runner returns the stake', () => {
    const bet = { price: '9/2', stakePence: 1000, eachWay: false };
    expect(settleBet(bet, result('won', 1))).toEqual({ status: 'won', returnPence: 5500, profitPence: 4500 });
    expect(settleBet(bet, result('placed', 2))).toEqual({ status: 'lost', returnPence: 0, profitPence: -1000 });
    expect(settleBet(bet, result('nr', null))).toEqual({ status: 'nr', returnPence: 1000, profitPence: 0 });
    expect(settleBet(bet, null)).toEqual({ status: 'pending', returnPence: null, profitPence: null });
  });

  it('£5 each way is £5 on the win and £5 on the place, £10 laid out: at 10/1, 8 runners, 1/5 three places', () => {
    const bet = { price: '10/1', stakePence: 500, eachWay: true };
    expect(betOutlayPence(bet)).toBe(1000);
    // Wins: £5 × 11 = £55, place £5 × (1 + 10/5) = £15 → £70 back, +£60.
    expect(settleBet(bet, result('won', 1))).toEqual({ status: 'won', returnPence: 7000, profitPence: 6000 });
    // Third: the place part only, £15 back, +£5.
    expect(settleBet(bet, result('placed', 3))).toEqual({ status: 'placed', returnPence: 1500, profitPence: 500 });
    // Third of 6 runners: two places only, so both parts lost.
    expect(settleBet(bet, result('placed', 3, 6))).toEqual({ status: 'lost', returnPence: 0, profitPence: -1000 });
  });

  it('£2 e/w at 3/1 placed third of 8 (1/5): win part −£2, place part £2 + £2 × 3/5 = £3.20 back, net −£0.80; a non-runner returns £4', () => {
    const bet = { price: '3/1', stakePence: 200, eachWay: true };
    expect(settleBet(bet, result('placed', 3))).toEqual({ status: 'placed', returnPence: 320, profitPence: -80 });
    expect(settleBet(bet, result('nr', null))).toEqual({ status: 'nr', returnPence: 400, profitPence: 0 });
    expect(settleBet(bet, result('ran', null))).toEqual({ status: 'lost', returnPence: 0, profitPence: -400 });
    // A £2 win bet is £2 laid out.
    expect(betOutlayPence({ stakePence: 200, eachWay: false })).toBe(200);
  });

  it('a horse placed by a BSP place market, which gives no order, is placed within the terms', () => {
    const bet = { price: '10/1', stakePence: 500, eachWay: true };
    expect(settleBet(bet, result('placed', null))).toEqual({ status: 'placed', returnPence: 1500, profitPence: 500 });
    expect(settleBet({ ...bet, eachWay: false }, result('placed', null))).toEqual({
      status: 'lost',
      returnPence: 0,
      profitPence: -500,
    });
  });

  it('rounds pennies down', () => {
    // £3 at 11/8: 3 × 2.375 = £7.125 → £7.12.
    expect(settleBet({ price: '11/8', stakePence: 300, eachWay: false }, result('won', 1)).returnPence).toBe(712);
  });
});

describe('betStats and CSV', () => {
  const bets = [
    {
      raceDate: '2026-11-20',
      raceTime: '14:10',
      course: 'Ascot',
      horseName: 'A',
      price: '4/1',
      stakePence: 1000,
      eachWay: false,
      ...settleBet({ price: '4/1', stakePence: 1000, eachWay: false }, result('won', 1)),
    },
    {
      raceDate: '2026-11-20',
      raceTime: '15:10',
      course: 'Ascot',
      horseName: '=HYPERLINK("x")',
      price: '2/1',
      stakePence: 500,
      eachWay: false,
      ...settleBet({ price: '2/1', stakePence: 500, eachWay: false }, result('ran', null)),
    },
    {
      raceDate: '2026-11-21',
      raceTime: '15:10',
      course: 'York',
      horseName: 'C',
      price: '2/1',
      stakePence: 500,
      eachWay: false,
      ...settleBet({ price: '2/1', stakePence: 500, eachWay: false }, result('nr', null)),
    },
    {
      raceDate: '2026-11-22',
      raceTime: '15:10',
      course: 'York',
      horseName: 'D',
      price: '2/1',
      stakePence: 500,
      eachWay: false,
      ...settleBet({ price: '2/1', stakePence: 500, eachWay: false }, null),
    },
    {
      raceDate: '2026-11-22',
      raceTime: '16:10',
      course: 'York',
      horseName: 'E',
      price: '3/1',
      stakePence: 200,
      eachWay: true,
      ...settleBet({ price: '3/1', stakePence: 200, eachWay: true }, result('placed', 3)),
    },
  ];
  it('counts settled bets, non-runners and pending left out of strike rate and ROI; each way counts both parts as staked', () => {
    // +£40 − £5 − £0.80 on £10 + £5 + £4 (£2 e/w) staked: +£34.20 on £19, ROI 180 %; 1 winner of 3.
    expect(betStats(bets)).toEqual({
      bets: 5,
      settled: 4,
      winners: 1,
      strikeRate: 33.3,
      stakedPence: 1900,
      profitPence: 3420,
      roi: 180,
    });
    expect(formatPounds(3500)).toBe('£35.00');
    expect(formatPounds(-250)).toBe('−£2.50');
  });
  it('writes CSV that a spreadsheet never reads as a formula', () => {
    const lines = betsCsv(bets).split('\r\n');
    expect(lines[0]).toBe(
      '"Date","Time","Course","Horse","Price","Stake","Each way","Total staked","Result","Return","Profit"',
    );
    expect(lines[1]).toBe('"2026-11-20","14:10","Ascot","A","4/1","10.00","no","10.00","won","50.00","40.00"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('"-5.00"'); // a loss stays a number
    expect(lines[4]).toBe('"2026-11-22","15:10","York","D","2/1","5.00","no","5.00","pending","",""');
    // £2 each way: £2 a part, £4 laid out.
    expect(lines[5]).toBe('"2026-11-22","16:10","York","E","3/1","2.00","yes","4.00","placed","3.20","-0.80"');
  });
});
