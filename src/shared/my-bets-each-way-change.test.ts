import { describe, expect, it } from 'vitest';
import { eachWayChange, eachWayChangeText, type BetResult } from './my-bets';

const sixRunners = (finish: BetResult['finish'], position: number | null): BetResult => ({
  finish,
  position,
  runners: 6,
  handicap: false,
});

describe('eachWayChange', () => {
  it('reads the reported record both ways: £55.00 at 289.5% before, £65.00 at 232.1% now', () => {
    const change = eachWayChange([
      { bet: { price: '9/2', stakePence: 1000, eachWay: false }, result: sixRunners('won', 1) },
      { bet: { price: '2/1', stakePence: 800, eachWay: true }, result: sixRunners('won', 1) },
      { bet: { price: '4/1', stakePence: 100, eachWay: true }, result: sixRunners('placed', 2) },
    ]);
    expect(change).toEqual({
      bets: 3,
      eachWayBets: 2,
      before: { stakedPence: 1900, profitPence: 5500, roi: 289.5 },
      after: { stakedPence: 2800, profitPence: 6500, roi: 232.1 },
    });
    const text = eachWayChangeText(change);
    expect(text.lines).toContain('Before: profit £55.00, ROI 289.5% on £19.00 staked.');
    expect(text.lines).toContain('Now: profit £65.00, ROI 232.1% on £28.00 staked.');
  });

  it('a non-runner each way returned the stored stake before and twice it now; pending bets count in neither', () => {
    const change = eachWayChange([
      { bet: { price: '3/1', stakePence: 200, eachWay: true }, result: sixRunners('nr', null) },
      { bet: { price: '3/1', stakePence: 200, eachWay: true }, result: null },
      { bet: { price: '3/1', stakePence: 200, eachWay: true }, result: sixRunners('ran', null) },
    ]);
    expect(change.before).toEqual({ stakedPence: 200, profitPence: -200, roi: -100 });
    expect(change.after).toEqual({ stakedPence: 400, profitPence: -400, roi: -100 });
  });
});
