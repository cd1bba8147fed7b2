/**
 * A member's own bets (docs/decisions/0031): settling one from a race result, each way included, and
 * the totals. Money is integer pence (DESIGN decision 6). Pure: no clock, no I/O.
 */
import { toCsv } from './csv';
import { parseOdds } from './odds';
import { afterRule4 } from './proofing/rule4';
import type { Finish } from './race-results';

type BetStatus = 'pending' | 'won' | 'placed' | 'lost' | 'nr';

/**
 * UK each-way place terms by runners that ran (and handicaps): 4 or fewer win only; 5–7 two places
 * at 1/4; 8 or more three at 1/5; handicaps of 12–15 three at 1/4, 16 or more four at 1/4.
 */
export function placeTerms(runners: number, handicap: boolean): { places: number; fraction: number } {
  if (runners <= 4) return { places: 1, fraction: 1 };
  if (runners <= 7) return { places: 2, fraction: 1 / 4 };
  if (handicap && runners >= 16) return { places: 4, fraction: 1 / 4 };
  if (handicap && runners >= 12) return { places: 3, fraction: 1 / 4 };
  return { places: 3, fraction: 1 / 5 };
}

export interface BetInput {
  price: string;
  /** The stake as a punter says it: a win bet's stake, or each way the stake on EACH part ("£2 e/w"). */
  stakePence: number;
  eachWay: boolean;
}

/** Money laid out on a bet: an each-way bet is two bets of the stake, win and place ("£2 e/w" costs £4). */
export function betOutlayPence(bet: Pick<BetInput, 'stakePence' | 'eachWay'>): number {
  return bet.eachWay ? bet.stakePence * 2 : bet.stakePence;
}

export interface BetResult {
  finish: Finish;
  /** 1 for the winner, 2.. for the placed horses as entered; null otherwise, and for a placed horse whose order is not known. */
  position: number | null;
  /** Runners that ran in the race. */
  runners: number;
  handicap: boolean;
  /** Rule 4 on the race (pence in the pound off winnings), when there was one. */
  rule4Pence?: number | null;
}

export interface BetSettlement {
  status: BetStatus;
  /** Money back including the stake; null while pending. */
  returnPence: number | null;
  profitPence: number | null;
}

/**
 * A win bet pays stake × decimal odds. Each way is two bets of the stake: the win part pays stake ×
 * decimal odds if it wins; the place part pays stake × (1 + odds × the place fraction) when the
 * horse finishes within the places (the winner included). Rule 4 cuts the winnings of each part
 * (never its stake): a member's bet is struck at a price. Profit is the return less the whole
 * outlay; a non-runner returns the whole outlay. Pennies are rounded down, as bookmakers pay.
 */
export function settleBet(bet: BetInput, result: BetResult | null): BetSettlement {
  if (!result) return { status: 'pending', returnPence: null, profitPence: null };
  const outlay = betOutlayPence(bet);
  if (result.finish === 'nr') return { status: 'nr', returnPence: outlay, profitPence: 0 };
  const odds = parseOdds(bet.price) ?? 1;
  const won = result.finish === 'won';
  // A part's return: its stake back and its winnings, less any Rule 4.
  const paid = (stake: number, winnings: number) => stake + afterRule4(winnings, result.rule4Pence);
  let returned: number;
  let placedInTerms = false;
  if (!bet.eachWay) {
    returned = won ? paid(bet.stakePence, bet.stakePence * (odds - 1)) : 0;
  } else {
    const part = bet.stakePence;
    const terms = placeTerms(result.runners, result.handicap);
    // A placed horse without a position (a BSP place market gives none) was placed within the
    // market's places, which are these terms.
    placedInTerms =
      result.finish === 'won' ||
      (result.finish === 'placed' && (result.position === null || result.position <= terms.places));
    returned =
      (won ? paid(part, part * (odds - 1)) : 0) + (placedInTerms ? paid(part, part * (odds - 1) * terms.fraction) : 0);
  }
  const returnPence = Math.floor(returned + 1e-6);
  const status: BetStatus = won ? 'won' : placedInTerms ? 'placed' : 'lost';
  return { status, returnPence, profitPence: returnPence - outlay };
}

export interface BetStats {
  bets: number;
  settled: number;
  winners: number;
  /** Winners ÷ settled bets (non-runners left out) × 100, one decimal. */
  strikeRate: number;
  /** Money laid out on settled bets (non-runners left out): both parts of an each-way bet. */
  stakedPence: number;
  profitPence: number;
  /** Profit ÷ staked on settled bets (non-runners left out) × 100, one decimal. */
  roi: number;
}

export function betStats(bets: ReadonlyArray<BetInput & BetSettlement>): BetStats {
  const counted = bets.filter((b) => b.status !== 'pending' && b.status !== 'nr');
  const winners = counted.filter((b) => b.status === 'won').length;
  const staked = counted.reduce((n, b) => n + betOutlayPence(b), 0);
  const profit = counted.reduce((n, b) => n + (b.profitPence ?? 0), 0);
  return {
    bets: bets.length,
    settled: bets.filter((b) => b.status !== 'pending').length,
    winners,
    strikeRate: counted.length ? Math.round((winners / counted.length) * 1000) / 10 : 0,
    stakedPence: staked,
    profitPence: profit,
    roi: staked ? Math.round((profit / staked) * 1000) / 10 : 0,
  };
}

/** "£12.50", "−£3.00". */
export function formatPounds(pence: number): string {
  const text = `£${(Math.abs(pence) / 100).toFixed(2)}`;
  return pence < 0 ? `−${text}` : text;
}

export interface CsvBet extends BetInput, BetSettlement {
  raceDate: string;
  raceTime: string;
  course: string;
  horseName: string;
}

/**
 * The bet log as CSV (header row first), amounts in pounds. "Stake" is as the punter says it (each
 * way: per part); "Total staked" is the money laid out (each way: both parts).
 */
export function betsCsv(bets: readonly CsvBet[]): string {
  const pounds = (p: number | null) => (p === null ? '' : (p / 100).toFixed(2));
  const rows = [
    ['Date', 'Time', 'Course', 'Horse', 'Price', 'Stake', 'Each way', 'Total staked', 'Result', 'Return', 'Profit'],
  ];
  for (const b of bets) {
    rows.push([
      b.raceDate,
      b.raceTime,
      b.course,
      b.horseName,
      b.price,
      pounds(b.stakePence),
      b.eachWay ? 'yes' : 'no',
      pounds(betOutlayPence(b)),
      b.status,
      pounds(b.returnPence),
      pounds(b.profitPence),
    ]);
  }
  return toCsv(rows);
}

/**
 * A bet as the rule before decision 0034 read it: each way, the stored stake was the whole
 * outlay, half on the win and half on the place ("£2 e/w" laid out £2). A win bet reads alike.
 */
function asHalvesEachWay<T extends BetInput>(bet: T): T {
  return bet.eachWay ? { ...bet, stakePence: bet.stakePence / 2 } : bet;
}

/** A member's record under one reading of their bets: money laid out, profit and ROI. */
type RecordFigures = Pick<BetStats, 'stakedPence' | 'profitPence' | 'roi'>;

/**
 * What a member is told once about their each-way bets logged before the per-part rule (decision
 * 0034): their record as it read then (half the stake on each part) and as it reads now.
 */
export interface EachWayChange {
  /** Bets logged before the change, and of them each way. */
  bets: number;
  eachWayBets: number;
  before: RecordFigures;
  after: RecordFigures;
}

/** The record of `bets` (each with its race's result, or null) read both ways. */
export function eachWayChange(bets: ReadonlyArray<{ bet: BetInput; result: BetResult | null }>): EachWayChange {
  const figures = (read: (bet: BetInput) => BetInput): RecordFigures => {
    const { stakedPence, profitPence, roi } = betStats(
      bets.map(({ bet, result }) => {
        const as = read(bet);
        return { ...as, ...settleBet(as, result) };
      }),
    );
    return { stakedPence, profitPence, roi };
  };
  return {
    bets: bets.length,
    eachWayBets: bets.filter(({ bet }) => bet.eachWay).length,
    before: figures(asHalvesEachWay),
    after: figures((bet) => bet),
  };
}

/** "profit £55.00, ROI 289.5% on £19.00 staked". */
function recordText(f: RecordFigures): string {
  return `profit ${formatPounds(f.profitPence)}, ROI ${f.roi.toFixed(1)}% on ${formatPounds(f.stakedPence)} staked`;
}

/** The notice's words, the same on My Bets and in the e-mail: what changed, and the figures before and after. */
export function eachWayChangeText(change: EachWayChange): { title: string; lines: string[] } {
  const bets = change.eachWayBets === 1 ? 'each-way bet' : `${change.eachWayBets} each-way bets`;
  return {
    title: 'Your each-way bets now count the stake on each part',
    lines: [
      `My Bets used to read the stake of an each-way bet as the whole outlay, half to win and half to place. It now reads it as UK bookmakers do: "£2 e/w" is £2 to win and £2 to place, £4 laid out. This changed the figures of your ${bets} logged before the change.`,
      `Before: ${recordText(change.before)}.`,
      `Now: ${recordText(change.after)}.`,
      'If you typed the total outlay on purpose, delete the bet and log it again with half the stake.',
    ],
  };
}
