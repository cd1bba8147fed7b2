/**
 * The public calibration of the VB tissue (docs/decisions/0028): how the value scores
 * and the VB-rating ranks of past races did against their results. Pure: no clock, no I/O.
 *
 * Per race, every runner with a VB rating and morning odds goes through the value model with
 * market correction on (as the Excel export does), non-runners included — that is what members
 * saw in the morning. Runners that then ran are counted: winners, the market's expectation
 * (implied probabilities 1 ÷ odds of the counted runners, scaled to sum to 1 in the race: the
 * over-round removed), and a 1-point level win stake at morning odds.
 */
import { round } from './odds';
import type { Finish } from './race-results';
import { calculateValue } from './value-model';

interface CalibrationRunner {
  name: string;
  vbRating: number | null;
  /** Decimal morning odds, stake included. */
  morningOdds: number | null;
  finish: Finish;
}

export interface CalibrationRace {
  raceDate: string; // YYYY-MM-DD
  runners: CalibrationRunner[];
}

export interface CalibrationRow {
  /** '5'…'1' for value scores, '1st', '2nd', '3rd', 'rest' for ranks, 'all' overall. */
  key: string;
  runners: number;
  winners: number;
  /** Winners ÷ runners × 100, one decimal. */
  strikeRate: number;
  /** Sum of the market's probabilities (over-round removed), two decimals. */
  expectedWinners: number;
  /** Winners ÷ expected winners, two decimals; null when nothing was expected. */
  actualOverExpected: number | null;
  /** Points at morning odds, 1 point level win stakes, two decimals. */
  profit: number;
  /** Profit ÷ runners × 100, one decimal. */
  roi: number;
}

export interface Calibration {
  /** First and last race day counted; null with none. */
  from: string | null;
  to: string | null;
  races: number;
  overall: CalibrationRow;
  /** Value score 5 first. */
  byScore: CalibrationRow[];
  byRank: CalibrationRow[];
}

const RANK_KEYS = ['1st', '2nd', '3rd', 'rest'] as const;
const SCORE_KEYS = ['5', '4', '3', '2', '1'] as const;

interface Tally {
  runners: number;
  winners: number;
  expected: number;
  profit: number;
}

const empty = (): Tally => ({ runners: 0, winners: 0, expected: 0, profit: 0 });

function row(key: string, t: Tally): CalibrationRow {
  return {
    key,
    runners: t.runners,
    winners: t.winners,
    strikeRate: t.runners ? round((t.winners / t.runners) * 100, 1) : 0,
    expectedWinners: round(t.expected, 2),
    actualOverExpected: t.expected > 0 ? round(t.winners / t.expected, 2) : null,
    profit: round(t.profit, 2),
    roi: t.runners ? round((t.profit / t.runners) * 100, 1) : 0,
  };
}

/** Competition ranks by VB rating, highest first (1, 1, 3 for a tie at the top). */
export function ratingRanks(ratings: number[]): number[] {
  return ratings.map((r) => 1 + ratings.filter((o) => o > r).length);
}

const rankKey = (rank: number) => (rank <= 3 ? RANK_KEYS[rank - 1] : 'rest');

export function calibrate(races: readonly CalibrationRace[]): Calibration {
  const overall = empty();
  const byScore = new Map<string, Tally>(SCORE_KEYS.map((k) => [k, empty()]));
  const byRank = new Map<string, Tally>(RANK_KEYS.map((k) => [k, empty()]));
  let from: string | null = null;
  let to: string | null = null;
  let counted = 0;

  for (const race of races) {
    const field = race.runners.filter((r) => (r.vbRating ?? 0) > 0 && (r.morningOdds ?? 0) > 1);
    if (field.length === 0) continue;
    const model = calculateValue(
      field.map((r) => ({ name: r.name, rating: r.vbRating!, marketOdds: r.morningOdds! })),
      { marketCorrection: true },
    );
    const ranks = ratingRanks(field.map((r) => r.vbRating!));
    const ran = field.map((r) => r.finish !== 'nr');
    const book = field.reduce((sum, r, i) => sum + (ran[i] ? 1 / r.morningOdds! : 0), 0);
    if (book === 0) continue;
    counted++;
    if (from === null || race.raceDate < from) from = race.raceDate;
    if (to === null || race.raceDate > to) to = race.raceDate;
    field.forEach((r, i) => {
      if (!ran[i]) return;
      const won = r.finish === 'won';
      const add = (t: Tally) => {
        t.runners++;
        if (won) t.winners++;
        t.expected += 1 / r.morningOdds! / book;
        t.profit += won ? r.morningOdds! - 1 : -1;
      };
      add(overall);
      add(byScore.get(String(model[i].valueScore))!);
      add(byRank.get(rankKey(ranks[i]))!);
    });
  }
  return {
    from,
    to,
    races: counted,
    overall: row('all', overall),
    byScore: SCORE_KEYS.map((k) => row(k, byScore.get(k)!)),
    byRank: RANK_KEYS.map((k) => row(k, byRank.get(k)!)),
  };
}
