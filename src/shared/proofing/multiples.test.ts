import { describe, expect, it } from 'vitest';
import {
  BET_TYPES,
  betTypeOf,
  combinations,
  legAtBasis,
  settleMultiple,
  type BetType,
  type SettlingLeg,
} from './multiples';

describe('betTypeOf', () => {
  it('knows the labels the analyst writes, however spelt', () => {
    expect(betTypeOf('Lucky 15')).toBe('lucky15');
    expect(betTypeOf('lucky-15')).toBe('lucky15');
    expect(betTypeOf('Yankee')).toBe('yankee');
    expect(betTypeOf('Trixie')).toBe('trixie');
    expect(betTypeOf('Four-fold')).toBe('fourfold');
    expect(betTypeOf('4-fold')).toBe('fourfold');
    expect(betTypeOf('Super Yankee')).toBe('canadian');
    expect(betTypeOf('LUCKY 63')).toBe('lucky63');
  });

  it('refuses anything else', () => {
    expect(betTypeOf('Goliath')).toBeNull();
    expect(betTypeOf('Lucky 16')).toBeNull();
    expect(betTypeOf('')).toBeNull();
  });
});

describe('combinations', () => {
  it('gives each bet type its number of bets', () => {
    const counts = Object.fromEntries((Object.keys(BET_TYPES) as BetType[]).map((t) => [t, combinations(t).length]));
    expect(counts).toEqual({
      double: 1,
      treble: 1,
      fourfold: 1,
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
    });
  });

  it('makes a Lucky 15 of 4 singles, 6 doubles, 4 trebles and the four-fold', () => {
    const sizes = combinations('lucky15').map((c) => c.length);
    expect(sizes).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4]);
    expect(combinations('trixie')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
  });
});

const won = (odds: number, rule4Pence: number | null = null): SettlingLeg => ({ result: 'WON', odds, rule4Pence });
const lost: SettlingLeg = { result: 'LOST', odds: null };
const nr: SettlingLeg = { result: 'NR', odds: null };

describe('settleMultiple', () => {
  it('settles the worked Lucky 15: A won 2/1, B won 3/1, C lost, D a non-runner: +24 on 14 staked, 1 void', () => {
    // Singles 3 + 4 + 0 (+1 void) ; doubles 12 + 3 + 4 ; trebles 12 ; four-fold 0: 38 back from 14 staked.
    expect(settleMultiple('lucky15', [won(3), won(4), lost, nr])).toEqual({
      bets: 14,
      void: 1,
      staked: 14,
      returns: 38,
      profit: 24,
    });
  });

  it('settles a Yankee of four winners as every double, treble and the four-fold', () => {
    // Doubles: 6+8+10+12+15+20 = 71; trebles: 24+30+40+60 = 154; four-fold 120.
    expect(settleMultiple('yankee', [won(2), won(3), won(4), won(5)])).toEqual({
      bets: 11,
      void: 0,
      staked: 11,
      returns: 345,
      profit: 334,
    });
  });

  it('cuts a winning leg by its Rule 4 and loses a double with a loser', () => {
    // 8/1 with 25p off: 1 + 8 × 0.75 = 7; then × evens (2).
    expect(settleMultiple('double', [won(9, 25), won(2)])).toMatchObject({ staked: 1, returns: 14, profit: 13 });
    expect(settleMultiple('double', [won(9), lost])).toMatchObject({ staked: 1, returns: 0, profit: -1 });
  });

  it('voids a double of two non-runners', () => {
    expect(settleMultiple('double', [nr, nr])).toEqual({ bets: 0, void: 1, staked: 0, returns: 0, profit: 0 });
  });

  it('waits for every leg, and refuses a winner without a price or the wrong number of legs', () => {
    expect(settleMultiple('trixie', [won(3), { result: null, odds: 4 }, lost])).toBeNull();
    expect(settleMultiple('trixie', [won(3), { result: 'WON', odds: null }, lost])).toBeNull();
    expect(settleMultiple('yankee', [won(3), won(4), lost])).toBeNull();
  });
});

describe('legAtBasis', () => {
  const leg = {
    result: 'WON' as const,
    advisedOdds: '8/1',
    startingPrice: '6/1',
    bsp: 8.4,
    rule4: { pence: 25, appliesSp: false },
  };

  it('applies Rule 4 at the advised price, at SP only when the result says so, never at BSP', () => {
    expect(legAtBasis(leg, 'advised')).toEqual({ result: 'WON', odds: 9, rule4Pence: 25 });
    expect(legAtBasis(leg, 'sp')).toEqual({ result: 'WON', odds: 7, rule4Pence: null });
    expect(legAtBasis({ ...leg, rule4: { pence: 25, appliesSp: true } }, 'sp')).toEqual({
      result: 'WON',
      odds: 7,
      rule4Pence: 25,
    });
    expect(legAtBasis(leg, 'bsp')).toEqual({ result: 'WON', odds: 8.4, rule4Pence: null });
  });

  it('settles a winner without an advised price at SP, and a runner without BSP is no BSP bet', () => {
    expect(legAtBasis({ ...leg, advisedOdds: null }, 'advised')).toEqual({ result: 'WON', odds: 7, rule4Pence: null });
    expect(legAtBasis({ ...leg, result: 'LOST', bsp: null }, 'bsp')).toBe('no price');
    expect(legAtBasis({ ...leg, result: 'NR', bsp: null }, 'bsp')).toEqual({
      result: 'NR',
      odds: null,
      rule4Pence: null,
    });
  });
});
