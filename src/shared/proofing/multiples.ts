/**
 * The published multiples settled as the bets they are made of, 1 point on each combination
 * (level stakes). A non-runner's leg is void: every combination holding it is settled on its other
 * legs (a double becomes a single), and one made only of non-runners returns its stake and is not
 * counted as staked. Bookmakers' bonuses (double odds for one winner, 10% for all) are promotions
 * and are left out. Pure.
 */
import { parseOdds, round } from '../odds';
import { afterRule4 } from './rule4';
import { keysOf } from '../unknown-values';

export const BET_TYPES = {
  double: { label: 'Double', legs: 2, smallest: 2 },
  treble: { label: 'Treble', legs: 3, smallest: 3 },
  fourfold: { label: 'Four-fold', legs: 4, smallest: 4 },
  trixie: { label: 'Trixie', legs: 3, smallest: 2 },
  patent: { label: 'Patent', legs: 3, smallest: 1 },
  yankee: { label: 'Yankee', legs: 4, smallest: 2 },
  lucky15: { label: 'Lucky 15', legs: 4, smallest: 1 },
  canadian: { label: 'Canadian', legs: 5, smallest: 2 },
  lucky31: { label: 'Lucky 31', legs: 5, smallest: 1 },
  heinz: { label: 'Heinz', legs: 6, smallest: 2 },
  lucky63: { label: 'Lucky 63', legs: 6, smallest: 1 },
} as const satisfies Record<string, { label: string; legs: number; smallest: number }>;
export type BetType = keyof typeof BET_TYPES;

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Other names UK bookmakers use for the same bets. */
const ALIASES: Record<string, BetType> = { '4fold': 'fourfold', superyankee: 'canadian', accumulator4: 'fourfold' };

/** The known bet type a multiple's label names ("Lucky 15", "lucky-15", "Super Yankee"), or null. */
export function betTypeOf(label: string): BetType | null {
  const key = compact(label);
  if (!key) return null;
  const known = keysOf(BET_TYPES).find((t) => t === key || compact(BET_TYPES[t].label) === key);
  return known ?? ALIASES[key] ?? null;
}

/** Every combination of the legs (indices, in order) that the bet type is made of: sizes smallest..legs. */
export function combinations(type: BetType): number[][] {
  const { legs, smallest } = BET_TYPES[type];
  const all: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length >= smallest) all.push(chosen);
    for (let i = start; i < legs; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return all.sort((a, b) => a.length - b.length);
}

/** A leg as settled at one price basis. */
export interface SettlingLeg {
  /** null while its race has no result (or the leg names no race). */
  result: 'WON' | 'LOST' | 'NR' | null;
  /** Decimal odds at this basis; only a winner needs them. */
  odds: number | null;
  /** Rule 4 at this basis (pence off winnings), if any. */
  rule4Pence?: number | null;
}

export interface MultipleSettlement {
  /** Combinations staked (a combination of non-runners only is void, not counted). */
  bets: number;
  void: number;
  /** Points staked: one a counted combination. */
  staked: number;
  /** Money back from the counted combinations, in points. */
  returns: number;
  profit: number;
}

/**
 * A multiple settled at level stakes: each combination returns 1 point × the product of its legs'
 * factors, a winner's decimal odds (Rule 4 off its winnings), 0 for a loser and 1 for a
 * non-runner. Null while a leg awaits its result, when a winner has no price at this basis, or
 * when the legs are not the bet type's number.
 */
export function settleMultiple(type: BetType, legs: readonly SettlingLeg[]): MultipleSettlement | null {
  if (legs.length !== BET_TYPES[type].legs) return null;
  const factors: number[] = [];
  for (const leg of legs) {
    if (leg.result === null) return null;
    if (leg.result === 'WON') {
      if (leg.odds === null) return null;
      factors.push(1 + afterRule4(leg.odds - 1, leg.rule4Pence));
    } else factors.push(leg.result === 'NR' ? 1 : 0);
  }
  let bets = 0;
  let returns = 0;
  for (const combination of combinations(type)) {
    if (combination.every((i) => legs[i].result === 'NR')) continue;
    bets++;
    returns += combination.reduce((product, i) => product * factors[i], 1);
  }
  const all = combinations(type).length;
  return { bets, void: all - bets, staked: bets, returns: round(returns, 2), profit: round(returns - bets, 2) };
}

/** A recorded leg's prices and result, as the record holds them. */
export interface RecordedLeg {
  result: 'WON' | 'LOST' | 'NR' | null;
  advisedOdds: string | null;
  startingPrice: string | null;
  bsp: number | null;
  rule4: { pence: number; appliesSp: boolean } | null;
}

/**
 * A recorded leg at each basis, by the singles' rules: the advised price (the SP for a winner
 * without one) with Rule 4; SP with Rule 4 only when the result says so; BSP never with Rule 4.
 * At SP and BSP every leg that ran needs that price, or the multiple was no bet at that basis.
 */
export function legAtBasis(leg: RecordedLeg, basis: 'advised' | 'sp' | 'bsp'): SettlingLeg | 'no price' {
  const sp = parseOdds(leg.startingPrice);
  if (basis === 'advised') {
    const advised = parseOdds(leg.advisedOdds);
    if (advised !== null) return { result: leg.result, odds: advised, rule4Pence: leg.rule4?.pence };
    return { result: leg.result, odds: sp, rule4Pence: leg.rule4?.appliesSp ? leg.rule4.pence : null };
  }
  const odds = basis === 'sp' ? sp : parseOdds(leg.bsp);
  if (odds === null && (leg.result === 'WON' || leg.result === 'LOST')) return 'no price';
  return { result: leg.result, odds, rule4Pence: basis === 'sp' && leg.rule4?.appliesSp ? leg.rule4.pence : null };
}
