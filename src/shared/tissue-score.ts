/**
 * The VB tissue scored against the market (docs/decisions/0055): four sets of win probabilities
 * for the same runners — the tissue's, the Betfair SP's, the morning prices' and a blend of tissue
 * and SP fitted on earlier days only — each scored by per-runner log-loss and Brier score. Pure:
 * no clock, no I/O.
 */
import { valueDownTo } from './odds-format';
import type { Finish } from './race-results';
import { blendProbabilities, type BlendFit } from './tissue-blend';
import { calculateValue } from './value-model';
import { recordOf } from './unknown-values';

export const SOURCES = ['tissue', 'bsp', 'morning', 'blend'] as const;
export type Source = (typeof SOURCES)[number];

/** Below this many races the page warns that the figures are still mostly chance. */
export const FEW_RACES = 1000;
/** The rolling window, in London days before today. */
export const ROLLING_DAYS = 90;

interface ScoreInputRunner {
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
  // A runner the correction never lifts has the same share with its own correction off: only the
  // lifted ones need the model run again (valueDownTo), which keeps a race to a run or two.
  const corrected = calculateValue([...field], { marketCorrection: true });
  const shares = field.map((_, i) =>
    corrected[i].marketCorrection ? 1 / valueDownTo(field, i)!.threshold : corrected[i].oddsPercentage! / 100,
  );
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
  return raceRows(race, blendProbabilities(race.tissue, race.bsp, fit));
}

/** A race's rows, one a runner, with the blend's chances given. */
export function raceRows(race: RaceProbabilities, blend: readonly number[]): ScoreRow[] {
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
const logLossOf = (p: number, won: boolean) => -(won ? Math.log(p) : Math.log(1 - p));
/** (p − y)² for one runner. */
const brierOf = (p: number, won: boolean) => (p - (won ? 1 : 0)) ** 2;

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

/** The edges of the reliability chart's bins: narrow where most runners' chances are. */
const RELIABILITY_EDGES = [0, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6, 1] as const;

/** Sums that add up across days: what the nightly scoring keeps per day. */
export interface ScoreTotals {
  runners: number;
  races: number;
  from: string | null;
  to: string | null;
  logLoss: Record<Source, number>;
  brier: Record<Source, number>;
  /** Per source, per bin: [runners, sum of chances, winners]. */
  bins: Record<Source, Array<[number, number, number]>>;
}

const perSourceOf = <T>(f: (s: Source) => T) => recordOf(SOURCES, f);
const perSource = <T>(f: () => T) => perSourceOf(() => f());
const noBins = () => RELIABILITY_EDGES.slice(1).map((): [number, number, number] => [0, 0, 0]);

export const emptyTotals = (): ScoreTotals => ({
  runners: 0,
  races: 0,
  from: null,
  to: null,
  logLoss: perSource(() => 0),
  brier: perSource(() => 0),
  bins: perSource(noBins),
});

/** The bin of a chance (the last bin includes 1). */
const binOf = (p: number) => {
  const i = RELIABILITY_EDGES.findIndex((edge, k) => k > 0 && p < edge);
  return i < 0 ? RELIABILITY_EDGES.length - 2 : i - 1;
};

/** The totals of these rows. */
export function totalsOf(rows: readonly ScoreRow[]): ScoreTotals {
  const t = emptyTotals();
  const races = new Set<string>();
  for (const r of rows) {
    t.runners++;
    races.add(`${r.date} ${r.time} ${r.course}`);
    if (t.from === null || r.date < t.from) t.from = r.date;
    if (t.to === null || r.date > t.to) t.to = r.date;
    for (const s of SOURCES) {
      t.logLoss[s] += logLossOf(r[s], r.won);
      t.brier[s] += brierOf(r[s], r.won);
      const bin = t.bins[s][binOf(r[s])];
      bin[0]++;
      bin[1] += r[s];
      if (r.won) bin[2]++;
    }
  }
  t.races = races.size;
  return t;
}

/** Totals added (different races: days apart). */
export function addTotals(a: ScoreTotals, b: ScoreTotals): ScoreTotals {
  const earlier = (x: string | null, y: string | null) => (x === null ? y : y === null || x < y ? x : y);
  const later = (x: string | null, y: string | null) => (x === null ? y : y === null || x > y ? x : y);
  return {
    runners: a.runners + b.runners,
    races: a.races + b.races,
    from: earlier(a.from, b.from),
    to: later(a.to, b.to),
    logLoss: perSourceOf((s) => a.logLoss[s] + b.logLoss[s]),
    brier: perSourceOf((s) => a.brier[s] + b.brier[s]),
    bins: perSourceOf((s) =>
      a.bins[s].map(([runners, chances, winners], i): [number, number, number] => {
        const [moreRunners, moreChances, moreWinners] = b.bins[s][i];
        return [runners + moreRunners, chances + moreChances, winners + moreWinners];
      }),
    ),
  };
}

/** The four scores from totals (the same runners for each). */
export function scoresFromTotals(t: ScoreTotals): Scores {
  const mean = (sum: number) => (t.runners ? sum / t.runners : null);
  const bspBrier = mean(t.brier.bsp);
  return perSourceOf((source) => {
    const brier = mean(t.brier[source]);
    return {
      logLoss: mean(t.logLoss[source]),
      brier,
      brierSkill: brier === null || !bspBrier ? null : 1 - brier / bspBrier,
      runners: t.runners,
      races: t.races,
      from: t.from,
      to: t.to,
    };
  });
}

/** The four scores over these rows. */
export const scoresOf = (rows: readonly ScoreRow[]): Scores => scoresFromTotals(totalsOf(rows));

export interface ReliabilityBin {
  from: number;
  to: number;
  runners: number;
  /** Mean probability given; null when the bin is empty. */
  predicted: number | null;
  /** Winners ÷ runners; null when the bin is empty. */
  observed: number | null;
}

/** Given chance against how often it came off, per bin of chance, from totals. */
export function reliabilityFromTotals(t: ScoreTotals, source: Source): ReliabilityBin[] {
  return t.bins[source].map(([n, p, wins], i) => ({
    from: RELIABILITY_EDGES[i],
    to: RELIABILITY_EDGES[i + 1],
    runners: n,
    predicted: n ? p / n : null,
    observed: n ? wins / n : null,
  }));
}

/** Given chance against how often it came off, per bin of chance. */
export const reliabilityOf = (rows: readonly ScoreRow[], source: Source) =>
  reliabilityFromTotals(totalsOf(rows), source);
