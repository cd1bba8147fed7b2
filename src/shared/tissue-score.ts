/**
 * The VB tissue scored against the market (docs/decisions/0055): four sets of win probabilities
 * for the same runners — the tissue's, the Betfair SP's, the morning prices' and a blend of tissue
 * and SP fitted on earlier days only — each scored by per-runner log-loss and Brier score. Pure:
 * no clock, no I/O.
 */
import { valueDownTo } from './odds-format';
import type { Finish } from './race-results';
import { blendProbabilities, type BlendFit } from './tissue-blend';

export const SOURCES = ['tissue', 'bsp', 'morning', 'blend'] as const;
export type Source = (typeof SOURCES)[number];

/** Below this many races the page warns that the figures are still mostly chance. */
export const FEW_RACES = 1000;
/** The rolling window, in London days before today. */
export const ROLLING_DAYS = 90;

export interface ScoreInputRunner {
  name: string;
  vbRating: number | null;
  /** Decimal, stake included. */
  morningOdds: number | null;
  bsp: number | null;
  finish: Finish;
}

export interface ScoreInputRace {
  date: string; // YYYY-MM-DD
  course: string;
  time: string;
  runners: ScoreInputRunner[];
}

/** One scored runner: one row of the CSV. */
export interface ScoreRow {
  date: string;
  course: string;
  time: string;
  horse: string;
  tissue: number;
  bsp: number;
  morning: number;
  blend: number;
  won: boolean;
}

/** A race's probabilities before the blend: what the fit reads. */
export interface RaceProbabilities {
  date: string;
  course: string;
  time: string;
  horses: string[];
  tissue: number[];
  bsp: number[];
  morning: number[];
  won: boolean[];
}

/** 1 ÷ decimal odds, scaled so the race sums to 1 (the over-round removed). */
export function normalise(odds: readonly number[]): number[] {
  const implied = odds.map((o) => 1 / o);
  const book = implied.reduce((a, b) => a + b, 0);
  return implied.map((p) => p / book);
}

/**
 * The VB tissue's win probabilities for a field: each runner's share as the cards show it (its
 * fair price, decision 0053: market correction on for the other runners at their prices, never
 * for itself), scaled so the field sums to 1. A runner the correction would lift has a smaller
 * fair share than the corrected model gives it, so the raw shares sum to 1 or a little less.
 */
export function tissueProbabilities(field: ReadonlyArray<{ name: string; rating: number; marketOdds: number }>) {
  const shares = field.map((_, i) => 1 / valueDownTo(field, i)!.threshold);
  const total = shares.reduce((a, b) => a + b, 0);
  return shares.map((s) => s / total);
}

/**
 * The race's probabilities, or null when it is not scored: non-runners are left out, and a race
 * counts only when every runner that ran has a VB rating, a morning price and a BSP, at least two
 * ran and one won.
 */
export function raceProbabilities(race: ScoreInputRace): RaceProbabilities | null {
  const ran = race.runners.filter((r) => r.finish !== 'nr');
  if (ran.length < 2 || !ran.some((r) => r.finish === 'won')) return null;
  if (!ran.every((r) => (r.vbRating ?? 0) > 0 && (r.morningOdds ?? 0) > 1 && (r.bsp ?? 0) > 1)) return null;
  return {
    date: race.date,
    course: race.course,
    time: race.time,
    horses: ran.map((r) => r.name),
    tissue: tissueProbabilities(ran.map((r) => ({ name: r.name, rating: r.vbRating!, marketOdds: r.morningOdds! }))),
    bsp: normalise(ran.map((r) => r.bsp!)),
    morning: normalise(ran.map((r) => r.morningOdds!)),
    won: ran.map((r) => r.finish === 'won'),
  };
}

/** A race's rows, the blend from the fit of its day (null: the blend is the SP's). */
export function scoreRows(race: RaceProbabilities, fit: BlendFit | null): ScoreRow[] {
  const blend = blendProbabilities(race.tissue, race.bsp, fit);
  return race.horses.map((horse, i) => ({
    date: race.date,
    course: race.course,
    time: race.time,
    horse,
    tissue: race.tissue[i],
    bsp: race.bsp[i],
    morning: race.morning[i],
    blend: blend[i],
    won: race.won[i],
  }));
}

/** −[y·ln p + (1−y)·ln(1−p)] for one runner. */
export const logLossOf = (p: number, won: boolean) => -(won ? Math.log(p) : Math.log(1 - p));
/** (p − y)² for one runner. */
export const brierOf = (p: number, won: boolean) => (p - (won ? 1 : 0)) ** 2;

export interface SourceScore {
  /** Mean per-runner log-loss; null with no runners. */
  logLoss: number | null;
  /** Mean per-runner Brier score; null with no runners. */
  brier: number | null;
  /** 1 − Brier ÷ the SP's Brier over the same runners (the SP's own is 0); null with none. */
  brierSkill: number | null;
  runners: number;
  races: number;
  from: string | null;
  to: string | null;
}

export type Scores = Record<Source, SourceScore>;

/** The four scores over these rows (the same runners for each). */
export function scoresOf(rows: readonly ScoreRow[]): Scores {
  const races = new Set(rows.map((r) => `${r.date} ${r.time} ${r.course}`)).size;
  const dates = rows.map((r) => r.date).sort();
  const from = dates[0] ?? null;
  const to = dates[dates.length - 1] ?? null;
  const mean = (f: (r: ScoreRow) => number) => (rows.length ? rows.reduce((s, r) => s + f(r), 0) / rows.length : null);
  const bspBrier = mean((r) => brierOf(r.bsp, r.won));
  const one = (source: Source): SourceScore => {
    const brier = mean((r) => brierOf(r[source], r.won));
    return {
      logLoss: mean((r) => logLossOf(r[source], r.won)),
      brier,
      brierSkill: brier === null || !bspBrier ? null : 1 - brier / bspBrier,
      runners: rows.length,
      races,
      from,
      to,
    };
  };
  return { tissue: one('tissue'), bsp: one('bsp'), morning: one('morning'), blend: one('blend') };
}

/** The edges of the reliability chart's bins: narrow where most runners' chances are. */
export const RELIABILITY_EDGES = [0, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6, 1] as const;

export interface ReliabilityBin {
  from: number;
  to: number;
  runners: number;
  /** Mean probability given; null when the bin is empty. */
  predicted: number | null;
  /** Winners ÷ runners; null when the bin is empty. */
  observed: number | null;
}

/** Given chance against how often it came off, per bin of chance (the last bin includes 1). */
export function reliabilityOf(rows: readonly ScoreRow[], source: Source): ReliabilityBin[] {
  const bins = RELIABILITY_EDGES.slice(1).map((to, i) => ({ from: RELIABILITY_EDGES[i], to, n: 0, p: 0, wins: 0 }));
  for (const r of rows) {
    const p = r[source];
    const bin = bins.find((b) => p < b.to) ?? bins[bins.length - 1];
    bin.n++;
    bin.p += p;
    if (r.won) bin.wins++;
  }
  return bins.map((b) => ({
    from: b.from,
    to: b.to,
    runners: b.n,
    predicted: b.n ? b.p / b.n : null,
    observed: b.n ? b.wins / b.n : null,
  }));
}
