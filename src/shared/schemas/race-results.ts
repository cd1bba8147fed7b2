import { z } from 'zod';
import type { Calibration } from '../calibration';
import { isIsoDay } from '../london-time';
import type { PasteRefusal, ResultProblem } from '../pasted-race-lines';
import type { Rule4 } from '../proofing/rule4';
import type { BlendFit } from '../tissue-blend';
import type { ReliabilityBin, Scores, Source } from '../tissue-score';

/** POST /api/admin/race-results: a day's results as pasted lines (docs/decisions/0028). */
export const raceResultsBody = z.object({
  date: z.string({ message: 'Date is required' }).trim().refine(isIsoDay, 'Date must be YYYY-MM-DD'),
  lines: z
    .string({ message: 'Paste the results, one race a line' })
    .max(50_000, 'Too much text: paste at most one day of results')
    .refine((v) => v.trim() !== '', 'Paste the results, one race a line'),
});
export type RaceResultsBody = z.input<typeof raceResultsBody>;

export interface EnteredRace {
  time: string;
  course: string;
  winner: string;
  placed: string[];
  nonRunners: string[];
  runners: number;
  /** True when this replaced an earlier result of the race. */
  replaced: boolean;
  /** Tattersalls Rule 4 on the race, when there is one. */
  rule4?: Rule4;
}

export interface SettledFromResults {
  selectionName: string;
  selectionType: string;
  result: string;
}

/** Success: what was written. */
export interface RaceResultsAnswer {
  success: true;
  message: string;
  races: EnteredRace[];
  horsesMatched: number;
  unmatched: ResultProblem[];
  tipsSettled: SettledFromResults[];
}

/** Refusal (400 unreadable lines, 422 unknown races or horses): nothing written. */
export type RaceResultsRefusal = PasteRefusal;

/** The VB tissue scored against the market (decision 0055), over the same past days' runners. */
export interface TissueScoresAnswer {
  /** All time: every scored race of a day before `before`. */
  scores: Scores;
  /** The same for the 90 London days before `before`. */
  scores90: Scores;
  /** All time: given chance against how often it came off, per source. */
  reliability: Record<Source, ReliabilityBin[]>;
  /** The blend's fit on the last scored day (on the days before it); null: the blend is the SP's. */
  blendFit: BlendFit | null;
  /** When the nightly scoring (or the admin's Rescore) last ran; null: never. */
  scoredAt: string | null;
}

/** GET /api/value-calibration. */
export interface CalibrationResponse extends Calibration, TissueScoresAnswer {
  /** Only races of days before this London day are counted (decision 0017). */
  before: string;
}

/** POST /api/admin/value-calibration/rescore. */
export interface RescoreAnswer {
  message: string;
  scoredAt: string;
  /** Days with scored races, and how many of them have a blend fitted on earlier days. */
  days: number;
  fittedDays: number;
  races: number;
}
