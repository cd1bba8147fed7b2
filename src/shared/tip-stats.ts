import { parseOdds, round } from './odds';

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
 */
export function tipProfit(
  result: TipResult,
  advisedOdds: string | null | undefined,
  startingPrice?: string | null,
): ProfitOutcome {
  if (result === 'LOST' || result === 'PLACED') return { ok: true, profitLoss: -1 };
  if (result === 'NR') return { ok: true, profitLoss: 0 };
  const odds = parseOdds(advisedOdds) ?? parseOdds(startingPrice);
  if (odds === null) {
    return { ok: false, message: 'This tip has no advised odds: give the starting price to settle it as WON.' };
  }
  return { ok: true, profitLoss: round(odds - 1, 2) };
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
  const byType = Object.fromEntries(
    SELECTION_TYPES.map((type) => [type, computeStats(ordered.filter((t) => t.selectionType === type))]),
  ) as Record<SelectionType, TipStats>;
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
