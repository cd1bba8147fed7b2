import { z } from 'zod';
import type { Calibration } from '../calibration';
import { isIsoDay } from '../london-time';
import type { PasteRefusal, ResultProblem } from '../pasted-race-lines';
import type { Rule4 } from '../proofing/rule4';

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

/** GET /api/value-calibration. */
export interface CalibrationResponse extends Calibration {
  /** Only races of days before this London day are counted (decision 0017). */
  before: string;
}
