import { parseOdds, round } from './odds';
import { afterRule4, type Rule4 } from './proofing/rule4';
import { recordOf } from './unknown-values';

/**
 * The proofed record's maths (DESIGN decision 7, docs/decisions/0006-tipping-record.md): profit
 * and loss at advised odds to a 1-point level win stake. Pure: no clock, no I/O.
 */
export const TIP_RESULTS = ['WON', 'LOST', 'PLACED', 'NR'] as const;
export type TipResult = (typeof TIP_RESULTS)[number];
export const SELECTION_TYPES = ['nap', 'nb', 'longshot'] as const;
export type SelectionType = (typeof SELECTION_TYPES)[number];
/** How members read each type ("NAP", "NB", "Longshot"). */
export const SELECTION_LABELS: Record<SelectionType, string> = { nap: 'NAP', nb: 'NB', longshot: 'Longshot' };

export type ProfitOutcome = { ok: true; profitLoss: number } | { ok: false; message: string };

/**
 * Points won or lost on one tip: WON = decimal odds − 1 at the advised odds (the starting price
 * only when no advised odds were given), LOST and PLACED = −1 (a win bet), NR = 0 (stake returned).
 * Rule 4 on the race cuts a winner's winnings at the advised price, and at the starting price only
 * when the result says it applies to SP.
 */
export function tipProfit(
  result: TipResult,
  advisedOdds: string | null | undefined,
  startingPrice?: string | null,
  rule4?: Rule4 | null,
): ProfitOutcome {
  if (result === 'LOST' || result === 'PLACED') return { ok: true, profitLoss: -1 };
  if (result === 'NR') return { ok: true, profitLoss: 0 };
  const advised = parseOdds(advisedOdds);
  if (advised !== null) return { ok: true, profitLoss: winnerProfit(advised, rule4?.pence) };
  const sp = parseOdds(startingPrice);
  if (sp === null) {
    return { ok: false, message: 'This tip has no advised odds: give the starting price to settle it as WON.' };
  }
  return { ok: true, profitLoss: winnerProfit(sp, rule4?.appliesSp ? rule4.pence : null) };
}

/** A 1-point winner's profit at these decimal odds, less any Rule 4, to 2 decimals. */
const winnerProfit = (odds: number, rule4Pence: number | null | undefined) =>
  round(afterRule4(odds - 1, rule4Pence), 2);

/**
 * The prices a record can be settled at: the advised price (as members were told it, or its
 * confirmed correction), the starting price, and the Betfair starting price (before Betfair's
 * commission).
 */
export const PRICE_BASES = ['advised', 'sp', 'bsp'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
export const BASIS_LABELS: Record<PriceBasis, string> = { advised: 'Advised price', sp: 'SP', bsp: 'BSP' };

/**
 * A tip's points at each basis, or null where it was no bet: a basis whose price is missing (a
 * tip with no BSP is no BSP bet). Rule 4 applies to the advised price, to SP only when the result
 * says so, and never to BSP (Betfair sets it after the withdrawal). A non-runner is 0 everywhere.
 */
export function tipProfitByBasis(
  result: TipResult,
  prices: { advised: string | null | undefined; sp: string | null | undefined; bsp: number | null | undefined },
  rule4?: Rule4 | null,
): Record<PriceBasis, number | null> {
  const advised = tipProfit(result, prices.advised, prices.sp, rule4);
  const at = (odds: number | null, rule4Pence: number | null | undefined) => {
    if (result === 'NR') return 0;
    if (odds === null) return null;
    return result === 'WON' ? winnerProfit(odds, rule4Pence) : -1;
  };
  return {
    advised: advised.ok ? advised.profitLoss : null,
    sp: at(parseOdds(prices.sp), rule4?.appliesSp ? rule4.pence : null),
    bsp: at(parseOdds(prices.bsp), null),
  };
}

/** A record's figures at one basis. */
export interface BasisStats {
  /** Bets struck at this basis (non-runners and bets without its price left out). */
  bets: number;
  /** Points staked: one a bet for singles; a multiple stakes one a combination. */
  staked: number;
  profit: number;
  /** Profit ÷ staked × 100, one decimal; 0 with nothing staked. */
  roi: number;
}

/** Figures of staked bets: each item's bets (1 unless said), points staked and profit. */
export function basisStats(items: ReadonlyArray<{ bets?: number; staked: number; profit: number }>): BasisStats {
  const bets = items.reduce((n, b) => n + (b.bets ?? 1), 0);
  const staked = items.reduce((n, b) => n + b.staked, 0);
  const profit = round(
    items.reduce((n, b) => n + b.profit, 0),
    2,
  );
  return { bets, staked, profit, roi: staked ? round((profit / staked) * 100, 1) : 0 };
}

export interface SettledTip {
  id: number;
  raceDate: string; // YYYY-MM-DD
  selectionType: string;
  selectionName: string;
  result: TipResult;
  profitLoss: number;
}

export interface TipStats {
  /** Settled tips, non-runners included. */
  tips: number;
  /** Points staked: settled tips less non-runners. */
  staked: number;
  won: number;
  placed: number;
  lost: number;
  nonRunners: number;
  /** Winners ÷ staked × 100, one decimal; 0 with nothing staked. */
  strikeRate: number;
  profitLoss: number;
  /** Profit ÷ points staked × 100, one decimal; 0 with nothing staked. */
  roi: number;
  /** Most staked tips in a row without a winner (non-runners neither break nor extend it). */
  longestLosingRun: number;
  /** Largest fall of the running P/L from a previous high (the start, 0, counts as a high); ≥ 0. */
  maxDrawdown: number;
}

export interface RunningPoint {
  id: number;
  raceDate: string;
  selectionName: string;
  selectionType: string;
  result: TipResult;
  profitLoss: number;
  /** Running P/L after this tip. */
  cumulative: number;
}

interface MonthStats extends TipStats {
  month: string; // YYYY-MM
}

export interface RecordStats {
  overall: TipStats;
  byType: Record<SelectionType, TipStats>;
  /** Newest month first. */
  byMonth: MonthStats[];
  /** Oldest first: the running P/L after each tip. */
  series: RunningPoint[];
}

/** Oldest first: race day, then the order the tips were recorded. */
function chronological<T extends { id: number; raceDate: string }>(tips: readonly T[]): T[] {
  return [...tips].sort((a, b) => (a.raceDate < b.raceDate ? -1 : a.raceDate > b.raceDate ? 1 : a.id - b.id));
}

/** Stats of tips already in chronological order. */
export function computeStats(tips: readonly SettledTip[]): TipStats {
  let staked = 0;
  let won = 0;
  let placed = 0;
  let lost = 0;
  let nonRunners = 0;
  let cumulative = 0;
  let peak = 0;
  let maxDrawdown = 0;
  let run = 0;
  let longestLosingRun = 0;
  for (const t of tips) {
    if (t.result === 'NR') {
      nonRunners++;
    } else {
      staked++;
      if (t.result === 'WON') won++;
      else if (t.result === 'PLACED') placed++;
      else lost++;
      run = t.result === 'WON' ? 0 : run + 1;
      longestLosingRun = Math.max(longestLosingRun, run);
    }
    cumulative = round(cumulative + t.profitLoss, 2);
    peak = Math.max(peak, cumulative);
    maxDrawdown = Math.max(maxDrawdown, round(peak - cumulative, 2));
  }
  return {
    tips: tips.length,
    staked,
    won,
    placed,
    lost,
    nonRunners,
    strikeRate: staked ? round((won / staked) * 100, 1) : 0,
    profitLoss: cumulative,
    roi: staked ? round((cumulative / staked) * 100, 1) : 0,
    longestLosingRun,
    maxDrawdown,
  };
}

/** Overall, per type and per month stats, and the running P/L series, of settled tips in any order. */
export function recordStats(tips: readonly SettledTip[]): RecordStats {
  const ordered = chronological(tips);
  const byType = recordOf(SELECTION_TYPES, (type) => computeStats(ordered.filter((t) => t.selectionType === type)));
  const months = [...new Set(ordered.map((t) => t.raceDate.slice(0, 7)))].sort().reverse();
  const byMonth = months.map((month) => ({
    month,
    ...computeStats(ordered.filter((t) => t.raceDate.startsWith(month))),
  }));
  let cumulative = 0;
  const series = ordered.map((t) => {
    cumulative = round(cumulative + t.profitLoss, 2);
    return {
      id: t.id,
      raceDate: t.raceDate,
      selectionName: t.selectionName,
      selectionType: t.selectionType,
      result: t.result,
      profitLoss: t.profitLoss,
      cumulative,
    };
  });
  return { overall: computeStats(ordered), byType, byMonth, series };
}

/** "+5.00", "−1.00", "0.00" — points with a sign, as the record shows them. */
export function formatPoints(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  if (value > 0) return `+${fixed}`;
  if (value < 0) return `−${fixed}`;
  return fixed;
}
