import { describe, expect, it } from 'vitest';
import { settleBet, type BetResult } from '../my-bets';
import { parseOdds } from '../odds';
import { parseResultLines } from '../race-results';
import { tipProfit, tipProfitByBasis } from '../tip-stats';
import { afterRule4, readRule4, rule4Deduction, RULE4_FORMAT, totalRule4 } from './rule4';

const at = (fraction: string) => rule4Deduction(parseOdds(fraction)!);

describe('rule4Deduction (the Tattersalls table over decimal odds)', () => {
  it('gives each band its pence, at both ends of the band', () => {
    const table: Array<[string, string, number]> = [
      ['1/20', '1/9', 90],
      ['2/17', '2/11', 85],
      ['1/5', '1/4', 80],
      ['2/7', '3/10', 75],
      ['1/3', '2/5', 70],
      ['4/9', '8/15', 65],
      ['4/7', '8/13', 60],
      ['4/6', '4/5', 55],
      ['5/6', '20/21', 50],
      ['evs', '6/5', 45],
      ['5/4', '6/4', 40],
      ['8/5', '7/4', 35],
      ['9/5', '9/4', 30],
      ['12/5', '3/1', 25],
      ['16/5', '4/1', 20],
      ['9/2', '11/2', 15],
      ['6/1', '9/1', 10],
      ['10/1', '14/1', 5],
      ['15/1', '100/1', 0],
    ];
    for (const [shortest, longest, pence] of table) {
      expect([shortest, at(shortest)]).toEqual([shortest, pence]);
      expect([longest, at(longest)]).toEqual([longest, pence]);
    }
  });

  it('takes the edges of the table: 1/9 90p, 2/17 85p, 14/1 5p, 16/1 nothing', () => {
    expect(at('1/9')).toBe(90);
    expect(at('2/17')).toBe(85);
    expect(at('14/1')).toBe(5);
    expect(at('16/1')).toBe(0);
    expect(rule4Deduction(15.01)).toBe(0);
  });

  it("puts a price between two bands in the shorter band's (larger) deduction", () => {
    expect(rule4Deduction(1.42)).toBe(70); // 21/50, between 2/5 and 4/9
    expect(rule4Deduction(1.115)).toBe(90); // between 1/9 and 2/17
    expect(rule4Deduction(1.96)).toBe(50); // between 20/21 and evens
    expect(rule4Deduction(6.75)).toBe(15); // 23/4, between 11/2 and 6/1
  });

  it('adds several withdrawals and caps the total at 90p', () => {
    expect(totalRule4([at('3/1'), at('6/1')])).toBe(35);
    expect(totalRule4([at('1/3'), at('4/6')])).toBe(90);
    expect(totalRule4([])).toBe(0);
  });

  it('cuts winnings only', () => {
    expect(afterRule4(80, 25)).toBe(60);
    expect(afterRule4(80, null)).toBe(80);
    expect(afterRule4(80, 0)).toBe(80);
  });
});

/** A won or placed result of an 8-runner non-handicap (3 places at 1/5) with this Rule 4. */
const result = (finish: BetResult['finish'], position: number | null, rule4Pence: number | null): BetResult => ({
  finish,
  position,
  runners: 8,
  handicap: false,
  rule4Pence,
});
const pounds = (price: string, stake: number, eachWay = false) => ({ price, stakePence: stake * 100, eachWay });

describe('the ten hand-worked Rule 4 cases', () => {
  it('1: £10 win 8/1 won, 25p (3/1 withdrawn): returns £70, +£60', () => {
    expect(settleBet(pounds('8/1', 10), result('won', 1, at('3/1')))).toMatchObject({
      returnPence: 7000,
      profitPence: 6000,
    });
  });

  it('2: £10 win 5/1 won, 20p (4/1 withdrawn): returns £50, +£40', () => {
    expect(settleBet(pounds('5/1', 10), result('won', 1, at('4/1')))).toMatchObject({
      returnPence: 5000,
      profitPence: 4000,
    });
  });

  it('3: £100 win 10/1 won, 15p (5/1 withdrawn): returns £950, +£850', () => {
    expect(settleBet(pounds('10/1', 100), result('won', 1, at('5/1')))).toMatchObject({
      returnPence: 95000,
      profitPence: 85000,
    });
  });

  it('4: £10 win at 2.25 won, 80p (1.25 withdrawn): returns £12.50, +£2.50', () => {
    expect(settleBet(pounds('2.25', 10), result('won', 1, rule4Deduction(1.25)))).toMatchObject({
      returnPence: 1250,
      profitPence: 250,
    });
  });

  it("5: the record's 1 point NAP at 11/2 won, 10p: +4.95 points", () => {
    expect(tipProfit('WON', '11/2', null, { pence: 10, appliesSp: false })).toEqual({ ok: true, profitLoss: 4.95 });
  });

  it('6: £2 e/w 3/1 third (1/5 odds, 3 places), 15p: returns £3.02 of £4, −£0.98', () => {
    expect(settleBet(pounds('3/1', 2, true), result('placed', 3, 15))).toEqual({
      status: 'placed',
      returnPence: 302,
      profitPence: -98,
    });
  });

  it('7: £5 e/w 10/1 won (1/4 odds), 30p (2/1 withdrawn): returns £53.75 of £10, +£43.75', () => {
    const sixRunners = { ...result('won', 1, at('2/1')), runners: 6 };
    expect(settleBet(pounds('10/1', 5, true), sixRunners)).toEqual({
      status: 'won',
      returnPence: 5375,
      profitPence: 4375,
    });
  });

  it('8: £10 win 4/1 won, two withdrawn at 3/1 and 6/1 (25p + 10p): returns £36, +£26', () => {
    const pence = totalRule4([at('3/1'), at('6/1')]);
    expect(settleBet(pounds('4/1', 10), result('won', 1, pence))).toMatchObject({
      returnPence: 3600,
      profitPence: 2600,
    });
  });

  it('9: £10 win 9/1 won, withdrawn at 1/3 and 4/6 (70p + 55p, capped at 90p): returns £19, +£9', () => {
    const pence = totalRule4([at('1/3'), at('4/6')]);
    expect(settleBet(pounds('9/1', 10), result('won', 1, pence))).toMatchObject({
      returnPence: 1900,
      profitPence: 900,
    });
  });

  it('10: £3 win 13/8 won, 15p: £7.14375 paid as £7.14 (pennies rounded down), +£4.14', () => {
    expect(settleBet(pounds('13/8', 3), result('won', 1, 15))).toMatchObject({
      returnPence: 714,
      profitPence: 414,
    });
  });

  it('leaves a loser and a non-runner as they were', () => {
    expect(settleBet(pounds('8/1', 10), result('ran', null, 25))).toEqual({
      status: 'lost',
      returnPence: 0,
      profitPence: -1000,
    });
    expect(settleBet(pounds('8/1', 10, true), result('nr', null, 25))).toEqual({
      status: 'nr',
      returnPence: 2000,
      profitPence: 0,
    });
    const r4 = { pence: 25, appliesSp: true };
    expect(tipProfit('LOST', '8/1', '7/1', r4)).toEqual({ ok: true, profitLoss: -1 });
    expect(tipProfit('NR', '8/1', null, r4)).toEqual({ ok: true, profitLoss: 0 });
  });
});

describe('Rule 4 by price basis', () => {
  const prices = { advised: '8/1', sp: '6/1', bsp: 7.8 };

  it('cuts the advised price, not SP unless the result says so, never BSP', () => {
    expect(tipProfitByBasis('WON', prices, { pence: 25, appliesSp: false })).toEqual({
      advised: 6,
      sp: 6,
      bsp: 6.8,
    });
    expect(tipProfitByBasis('WON', prices, { pence: 25, appliesSp: true })).toEqual({
      advised: 6,
      sp: 4.5,
      bsp: 6.8,
    });
  });

  it('cuts a winner settled at SP for want of an advised price only when it applies to SP', () => {
    expect(tipProfit('WON', '', '6/1', { pence: 20, appliesSp: false })).toEqual({ ok: true, profitLoss: 6 });
    expect(tipProfit('WON', '', '6/1', { pence: 20, appliesSp: true })).toEqual({ ok: true, profitLoss: 4.8 });
  });
});

describe('Rule 4 on a results line', () => {
  it('reads "R4 15p", "; R4: 15p" and "R4 15p SP" at the end', () => {
    const { races, problems } = parseResultLines(
      [
        '14:10 Ascot: Northern Star 5/2, Harbour Light 7/1; NR: Velvet Arrow; R4: 15p',
        '14:45 Ascot: Bold Echo 2/1 R4 15p',
        '15:20 Ascot: Wild Rose evs; NR: Quiet Dawn r4 20p sp',
        '15:55 Ascot: Misty Dream 4/1',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(races.map((r) => [r.finishers.map((f) => [f.name, f.startingPrice]), r.nonRunners, r.rule4])).toEqual([
      [
        [
          ['Northern Star', '5/2'],
          ['Harbour Light', '7/1'],
        ],
        ['Velvet Arrow'],
        { pence: 15, appliesSp: false },
      ],
      [[['Bold Echo', '2/1']], [], { pence: 15, appliesSp: false }],
      [[['Wild Rose', 'evs']], ['Quiet Dawn'], { pence: 20, appliesSp: true }],
      [[['Misty Dream', '4/1']], [], undefined],
    ]);
  });

  it('takes whole pence from 0 to 90 only, with a clear message', () => {
    const { races, problems } = parseResultLines(
      [
        '14:10 Ascot: A 2/1; R4 95p',
        '14:45 Ascot: B 2/1; R4 12.5p',
        '15:20 Ascot: C; R4',
        '15:55 Ascot: D; R4 0p',
      ].join('\n'),
    );
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, expect.stringContaining('at most 90p')],
      [2, RULE4_FORMAT],
      [3, RULE4_FORMAT],
    ]);
    expect(races.map((r) => r.rule4)).toEqual([{ pence: 0, appliesSp: false }]);
    expect(readRule4('A 2/1; R4 15p; NR: B')).toBe(RULE4_FORMAT);
  });
});
