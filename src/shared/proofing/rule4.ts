/**
 * Tattersalls Rule 4(c): when a horse is withdrawn too late for a new market, bets struck at a
 * price on the others have their winnings (never the stake) cut by so many pence in the pound,
 * by the withdrawn horse's odds at the time. Several withdrawals add up, to 90p at most. Pure.
 */
import { round } from '../odds';

/** The most Rule 4 can take, however many horses are withdrawn. */
const RULE4_MAX_PENCE = 90;

/**
 * The published table as [the band's shortest price (decimal), pence off]. A price in a gap
 * between two bands takes the shorter-priced band's (larger) deduction, so only each band's
 * shortest price matters; over 14/1 there is none.
 */
const BANDS: ReadonlyArray<readonly [number, number]> = [
  [1 + 2 / 17, 85], // 2/17 to 2/11
  [1 + 1 / 5, 80], // 1/5 to 1/4
  [1 + 2 / 7, 75], // 2/7 to 3/10
  [1 + 1 / 3, 70], // 1/3 to 2/5
  [1 + 4 / 9, 65], // 4/9 to 8/15
  [1 + 4 / 7, 60], // 4/7 to 8/13
  [1 + 4 / 6, 55], // 4/6 to 4/5
  [1 + 5 / 6, 50], // 5/6 to 20/21
  [2, 45], // evens to 6/5
  [1 + 5 / 4, 40], // 5/4 to 6/4
  [1 + 8 / 5, 35], // 8/5 (13/8) to 7/4
  [1 + 9 / 5, 30], // 9/5 (15/8) to 9/4
  [1 + 12 / 5, 25], // 12/5 (5/2) to 3/1
  [1 + 16 / 5, 20], // 16/5 (10/3) to 4/1
  [1 + 9 / 2, 15], // 9/2 to 11/2
  [1 + 6, 10], // 6/1 to 9/1
  [1 + 10, 5], // 10/1 to 14/1
];
/** 14/1: any longer price takes nothing off. */
const LONGEST_WITH_DEDUCTION = 15;

/**
 * Pence in the pound off the winnings of the others when a horse at these decimal odds is
 * withdrawn: 1/9 or shorter 90p … 10/1 to 14/1 5p, longer 0p. Prices are compared to 4 decimals,
 * as `parseOdds` gives them (2/17 reads 1.1176).
 */
export function rule4Deduction(decimalOdds: number): number {
  const odds = round(decimalOdds, 4);
  if (odds > LONGEST_WITH_DEDUCTION) return 0;
  let pence = RULE4_MAX_PENCE;
  for (const [shortest, deduction] of BANDS) if (odds >= round(shortest, 4)) pence = deduction;
  return pence;
}

/** Several withdrawals' deductions added up, never more than 90p in the pound. */
export function totalRule4(deductions: readonly number[]): number {
  return Math.min(
    RULE4_MAX_PENCE,
    deductions.reduce((sum, d) => sum + d, 0),
  );
}

/** Winnings (the profit part of a return, never the stake) after a deduction of `pence` in the pound. */
export function afterRule4(winnings: number, pence: number | null | undefined): number {
  return pence ? (winnings * (100 - pence)) / 100 : winnings;
}

/** Rule 4 as a race's result states it: the pence, and whether it also applies to starting-price bets. */
export interface Rule4 {
  pence: number;
  /** The analyst's word that the SP market had no time to re-form, so SP bets are cut too. */
  appliesSp: boolean;
}

export const RULE4_FORMAT =
  'Rule 4 goes at the end of the line as "R4 15p": whole pence from 0 to 90, then "SP" if it also applies to starting prices.';

/**
 * Reads "R4 15p", "R4: 15p" or "R4 15p SP" (case aside) from the end of a pasted result line.
 * Returns the line without it and the figure (none: `rule4` undefined), or a message.
 */
export function readRule4(rest: string): { rest: string; rule4?: Rule4 } | string {
  const at = /(?:^|[\s;])R4\b/i.exec(rest);
  if (!at) return { rest };
  const tail = /^\s*:?\s*(\d{1,3})\s*p?\s*(sp)?\s*$/i.exec(rest.slice(at.index + at[0].length));
  if (!tail) return RULE4_FORMAT;
  const pence = Number(tail[1]);
  if (pence > RULE4_MAX_PENCE)
    return `Rule 4 is at most ${RULE4_MAX_PENCE}p in the pound (several withdrawals are added up and capped): "R4 ${pence}p" is too much.`;
  return { rest: rest.slice(0, at.index).replace(/[\s;]+$/, ''), rule4: { pence, appliesSp: Boolean(tail[2]) } };
}

/** A stored result's Rule 4 (its two columns), or null when it had none. */
export function rule4Of(race: { rule4Pence: number | null; rule4AppliesSp: boolean }): Rule4 | null {
  return race.rule4Pence === null ? null : { pence: race.rule4Pence, appliesSp: race.rule4AppliesSp };
}

/** "Rule 4: 15p", or "Rule 4: 15p (SP too)" when it also applies to starting prices. */
export function rule4Text(rule4: Rule4): string {
  return `Rule 4: ${rule4.pence}p${rule4.appliesSp ? ' (SP too)' : ''}`;
}
