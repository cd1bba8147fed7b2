import type { ClosingLineValue } from '../closing-line';
import type { PricePoint } from './prices';
import { z } from 'zod';
import { isIsoDay } from '../london-time';
import { parseOdds } from '../odds';
import type { BetType, MultipleSettlement } from '../proofing/multiples';
import type { Rule4 } from '../proofing/rule4';
import type { Significance } from '../proofing/significance';
import { tipRace } from '../race-results';
import {
  SELECTION_TYPES,
  TIP_RESULTS,
  type BasisStats,
  type PriceBasis,
  type RecordStats,
  type SelectionType,
  type TipResult,
} from '../tip-stats';

const MAX = 200;
const day = z
  .string({ message: 'Race date is required' })
  .trim()
  .refine(isIsoDay, 'Race date must be a date (YYYY-MM-DD)');
const text = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(MAX, `${label} is too long (at most ${MAX} characters)`);
const odds = (label: string) =>
  text(label).refine((v) => v === '' || parseOdds(v) !== null, `${label} must be odds like 5/1, 11/4, evs or 6.0`);

/**
 * The race as typed ("2:10 Ascot" in the race field, or the time there and the course in the
 * location; 'Daily Tips' is the form's placeholder for no course) becomes a 24-hour time and the
 * course: raceTime "14:10", raceLocation "Ascot" ('' when no course was given).
 */
const raceFields = {
  raceTime: text('Race').min(1, 'Race is required'),
  raceLocation: text('Race location').optional().default('Daily Tips'),
};
function normaliseRace<T extends { raceTime: string; raceLocation: string }>(
  value: T,
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
): T {
  const race = tipRace(value.raceTime, value.raceLocation);
  if (!race) {
    ctx.addIssue({ code: 'custom', path: ['raceTime'], message: 'Race must start with its time, like 2:10 Ascot' });
    return value;
  }
  return { ...value, raceTime: race.time, raceLocation: race.course };
}
/** True only when the analyst confirms a price other than the published one as a correction. */
const confirmCorrection = z.boolean({ message: 'confirmCorrection must be true or false' }).optional().default(false);

/** POST /api/admin/back-catalogue-entry: one tip record. */
export const tipRecordBody = z
  .object({
    raceDate: day,
    ...raceFields,
    selectionName: text('Horse name').min(1, 'Horse name is required'),
    selectionType: z.enum(SELECTION_TYPES, { message: 'Selection type must be nap, nb or longshot' }),
    advisedOdds: z.preprocess((v) => v ?? '', odds('Advised odds')),
    // The spec's form sends these as null; a new record is always pending.
    startingPrice: z.null().optional(),
    result: z.null().optional(),
    profitLoss: z.null().optional(),
    confirmCorrection,
  })
  .transform(normaliseRace);
export type TipRecordBody = z.input<typeof tipRecordBody>;

/** POST /api/admin/auto-populate-performance: records the day's NAP, NB and Longshot from its published tips. */
export const autoPopulateBody = z.object({
  date: z.string({ message: 'Date is required' }).trim().refine(isIsoDay, 'Date must be YYYY-MM-DD'),
});

/** PUT /api/admin/tip-records/{id}: a pending tip's details, as the admin corrects them. */
export const tipEditBody = z
  .object({
    ...raceFields,
    selectionName: text('Horse name').min(1, 'Horse name is required'),
    advisedOdds: z.preprocess((v) => v ?? '', odds('Advised odds')),
    confirmCorrection,
  })
  .transform(normaliseRace);
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
  /** The advised price as members were told it. */
  advisedOdds: string;
  /** A different price the analyst confirmed as a correction (P/L is at it), or null. */
  correctedOdds: string | null;
  /** When the advised price was corrected, ISO instant. */
  oddsCorrectedAt: string | null;
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

/** A tip of the proofed record with the market's prices for its horse that day. */
export interface ResultsTip extends SettledTipRecord {
  /** The Betfair starting price (decimal) when a BSP file gave one. */
  bsp: number | null;
  /** The horse's prices through its race day, oldest first (the latest few). */
  priceHistory: PricePoint[];
  /** Tattersalls Rule 4 on its race, when there was one. */
  rule4: Rule4 | null;
  /** Points at each price basis, or null where it was no bet (no such price). */
  profits: Record<PriceBasis, number | null>;
  /**
   * Whether the tip is proofed: its receipt was in a day's root time-stamped outside VBG before its
   * race was off. A tip recorded without a receipt, or stamped too late, is not proofed.
   */
  proofed: boolean;
}

/** A leg of a published multiple, with how its horse did. */
interface ResultsMultipleLeg {
  legNo: number;
  horse: string;
  raceTime: string | null;
  course: string | null;
  advisedOdds: string | null;
  /** WON, LOST (placed or unplaced) or NR; null while its race has no result. */
  result: 'WON' | 'LOST' | 'NR' | null;
  startingPrice: string | null;
  bsp: number | null;
  rule4: Rule4 | null;
}

/** A published multiple settled at each price basis (null: not settled, or no bet at that basis). */
export interface ResultsMultiple {
  raceDate: string;
  multipleNo: number;
  label: string;
  betType: BetType | null;
  legs: ResultsMultipleLeg[];
  settled: Record<PriceBasis, MultipleSettlement | null>;
  /** Every leg's receipt was time-stamped outside VBG before its race was off. */
  proofed: boolean;
}

/** The multiples, apart from the singles: the figures at each basis and every multiple, newest first. */
export type ResultsMultiples = Record<PriceBasis, BasisStats> & {
  list: ResultsMultiple[];
  /** Multiples with a leg still awaiting its result. */
  pending: number;
};

/** GET /api/results: every settled tip, newest first, the stats and the closing line value. */
export interface ResultsResponse {
  tips: ResultsTip[];
  pending: number;
  stats: RecordStats;
  clv: ClosingLineValue;
  /** The singles at each price basis: the advised price (Rule 4 applied), SP and BSP (before commission). */
  bases: Record<PriceBasis, BasisStats>;
  /** How many of the settled tips are proofed (stamped outside VBG before the off), and how many not. */
  proofing: { proofed: number; notProofed: number };
  multiples: ResultsMultiples;
  /** At the advised price, from 30 staked singles; null below. */
  significance: Significance | null;
}

/** GET /api/record-claim: the record's profit, ROI and strike-rate sentence, or null while none may be made. */
export interface RecordClaimAnswer {
  claim: string | null;
}

export interface PerformanceActionResult {
  success: boolean;
  message: string;
  added?: number;
  record?: TipRecord;
}

/** The price the record settles at: a confirmed correction, else the advised price. */
export function settlingOdds(record: { advisedOdds: string; correctedOdds: string | null }): string {
  return record.correctedOdds || record.advisedOdds;
}

/** The "Race" column: time and course; the manual entry's 'Daily Tips' placeholder is not a course. */
export function raceLabel(record: Pick<TipRecord, 'raceTime' | 'raceLocation'>): string {
  const location = record.raceLocation === 'Daily Tips' ? '' : record.raceLocation;
  return [record.raceTime, location].filter(Boolean).join(' ');
}

export const TYPE_LABELS: Record<SelectionType, string> = { nap: 'NAP', nb: 'NB', longshot: 'LONGSHOT' };
