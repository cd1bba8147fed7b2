import { z } from 'zod';
import { isIsoDay } from '../london-time';
import { parseOdds } from '../odds';
import { SELECTION_TYPES, TIP_RESULTS, type RecordStats, type SelectionType, type TipResult } from '../tip-stats';

const MAX = 200;
const day = z.string({ message: 'Race date is required' }).trim().refine(isIsoDay, 'Race date must be a date (YYYY-MM-DD)');
const text = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(MAX, `${label} is too long (at most ${MAX} characters)`);
const odds = (label: string) => text(label).refine((v) => v === '' || parseOdds(v) !== null, `${label} must be odds like 5/1, 11/4, evs or 6.0`);

/** POST /api/admin/back-catalogue-entry (spec 02 §7): one tip record. */
export const tipRecordBody = z.object({
  raceDate: day,
  raceTime: text('Race').min(1, 'Race is required'),
  raceLocation: text('Race location').optional().default('Daily Tips'),
  selectionName: text('Horse name').min(1, 'Horse name is required'),
  selectionType: z.enum(SELECTION_TYPES, { message: 'Selection type must be nap, nb or longshot' }),
  advisedOdds: z.preprocess((v) => v ?? '', odds('Advised odds')),
  // The spec's form sends these as null; a new record is always pending.
  startingPrice: z.null().optional(),
  result: z.null().optional(),
  profitLoss: z.null().optional(),
});
export type TipRecordBody = z.input<typeof tipRecordBody>;

/** POST /api/admin/auto-populate-performance (spec 02 §7). */
export const autoPopulateBody = z.object({
  date: z.string({ message: 'Date is required' }).trim().refine(isIsoDay, 'Date must be YYYY-MM-DD'),
});

/** PUT /api/admin/tip-records/{id}: a pending tip's details, as the admin corrects them. */
export const tipEditBody = z.object({
  raceTime: text('Race').min(1, 'Race is required'),
  raceLocation: text('Race location').optional().default('Daily Tips'),
  selectionName: text('Horse name').min(1, 'Horse name is required'),
  advisedOdds: z.preprocess((v) => v ?? '', odds('Advised odds')),
});
export type TipEditBody = z.input<typeof tipEditBody>;

/** POST /api/admin/tip-records/{id}/settle. */
export const settleBody = z.object({
  result: z.enum(TIP_RESULTS, { message: 'Result must be WON, LOST, PLACED or NR' }),
  startingPrice: z.preprocess((v) => v ?? '', odds('Starting price')).optional(),
});
export type SettleBody = z.input<typeof settleBody>;

/** One tip record as the admin history and the public record show it. */
export interface TipRecord {
  id: number;
  raceDate: string;
  raceTime: string;
  raceLocation: string;
  selectionName: string;
  selectionType: SelectionType;
  advisedOdds: string;
  startingPrice: string | null;
  result: TipResult | null;
  profitLoss: number | null;
  /** When the tip was published (auto-populated) or recorded (manual entry), ISO instant. */
  publishedAt: string | null;
  settledAt: string | null;
  /** When a settled result or starting price was changed afterwards (shown on the proofed record), ISO instant. */
  correctedAt: string | null;
}

export interface SettledTipRecord extends TipRecord {
  result: TipResult;
  profitLoss: number;
}

/** GET /api/results: every settled tip, newest first, and the stats. */
export interface ResultsResponse {
  tips: SettledTipRecord[];
  pending: number;
  stats: RecordStats;
}

export interface PerformanceActionResult {
  success: boolean;
  message: string;
  added?: number;
  record?: TipRecord;
}

/** The "Race" column: time and course; the manual entry's 'Daily Tips' placeholder is not a course. */
export function raceLabel(record: Pick<TipRecord, 'raceTime' | 'raceLocation'>): string {
  const location = record.raceLocation === 'Daily Tips' ? '' : record.raceLocation;
  return [record.raceTime, location].filter(Boolean).join(' ');
}

export const TYPE_LABELS: Record<SelectionType, string> = { nap: 'NAP', nb: 'NB', longshot: 'LONGSHOT' };
