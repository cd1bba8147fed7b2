/**
 * Odds the way the member reads them (docs/decisions/0030), and the shortest price at which a runner
 * is still value (the "value down to" price). Pure: no clock, no I/O.
 */
import { parseOdds, round } from './odds';
import { nameKey } from './name-key';
import { normaliseOdds } from './tip-text';
import { calculateValue, type ValueInput } from './value-model';

export const ODDS_FORMATS = ['fractional', 'decimal'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** The prices bookmakers show, shortest first (fractional, and their decimal odds); kept in rows, as a ladder reads best. */
// prettier-ignore
const PRICE_LADDER = [
  '1/5', '2/9', '1/4', '2/7', '1/3', '4/11', '2/5', '4/9', '1/2', '8/15', '4/7', '8/13', '4/6', '8/11', '4/5', '5/6', '10/11', 'evs',
  '21/20', '11/10', '6/5', '5/4', '11/8', '6/4', '13/8', '7/4', '15/8', '2/1', '85/40', '9/4', '5/2', '11/4', '3/1', '10/3', '7/2', '4/1',
  '9/2', '5/1', '11/2', '6/1', '13/2', '7/1', '15/2', '8/1', '17/2', '9/1', '10/1', '11/1', '12/1', '14/1', '16/1', '18/1', '20/1', '22/1',
  '25/1', '28/1', '33/1', '40/1', '50/1', '66/1', '80/1', '100/1', '125/1', '150/1', '200/1', '250/1', '500/1',
] as const;
const LADDER_DECIMAL = PRICE_LADDER.map((p) => parseOdds(p)!);

/**
 * Odds as text in the member's format: fractional keeps a price written as a fraction (normalised,
 * "7-1" → "7/1") and shows a decimal price as the bookmakers' ladder price it equals (to the two
 * places a decimal is kept to: 4.33 is 10/3); a decimal on no rung of the ladder (a Betfair 7.2)
 * stays a decimal, never an odd fraction such as 31/5. Decimal shows two decimals. Empty when
 * there are no odds.
 */
export function formatOdds(odds: string | number | null | undefined, format: OddsFormat): string {
  const decimal = parseOdds(odds ?? null);
  if (decimal === null) return typeof odds === 'string' ? odds.trim() : '';
  if (format === 'decimal') return decimal.toFixed(2);
  if (typeof odds === 'string' && /^\s*(\d+\s*[/-]\s*\d+|evs|evens|even|evns)\s*$/i.test(odds))
    return normaliseOdds(odds);
  return ladderPriceAt(decimal) ?? decimal.toFixed(2);
}

/** The ladder price a decimal equals, to two decimal places; null when it is on no rung. */
function ladderPriceAt(decimal: number): string | null {
  const rung = LADDER_DECIMAL.findIndex((d) => Math.abs(d - decimal) < 0.005 + 1e-9);
  return rung >= 0 ? PRICE_LADDER[rung] : null;
}

/** The bookmakers' price nearest to decimal odds (a model's tissue price as a punter reads it). */
export function nearestLadderPrice(decimal: number): string {
  let best = 0;
  for (let i = 1; i < LADDER_DECIMAL.length; i++)
    if (Math.abs(LADDER_DECIMAL[i] - decimal) < Math.abs(LADDER_DECIMAL[best] - decimal)) best = i;
  return PRICE_LADDER[best];
}

export interface ValueDownTo {
  /** The exact threshold: decimal odds at which the value gap is 0 (value score 3). */
  threshold: number;
  /** The threshold rounded up to two decimals: still value at this decimal price. */
  decimal: number;
  /** The shortest bookmakers' fractional price still at or above the threshold. */
  fractional: string;
}

/**
 * The shortest odds at which runner `index` is still value (score 3 or better, market correction
 * on as the export uses), or null when the model leaves it out. Its own correction only applies
 * when it is far from value, never at the threshold, so its share is taken with its own price set
 * long (uncorrected) while every other runner keeps its price and its correction: 100 ÷ that share
 * is the price where its value gap is exactly 0.
 */
export function valueDownTo(runners: readonly ValueInput[], index: number): ValueDownTo | null {
  const me = runners[index];
  if (!me || !(me.rating > 0) || !(me.marketOdds > 0) || !me.name.trim()) return null;
  const field = runners.map((r, i) => (i === index ? { ...r, marketOdds: 1000 } : r));
  const share = calculateValue(field, { marketCorrection: true })[index].oddsPercentage;
  if (!share) return null;
  const threshold = 100 / share;
  const decimal = Math.ceil(round(threshold * 100, 6)) / 100;
  const rung = LADDER_DECIMAL.findIndex((d) => d >= threshold - 1e-9);
  return { threshold, decimal, fractional: rung >= 0 ? PRICE_LADDER[rung] : `${Math.ceil(threshold - 1)}/1` };
}

/** Floating-point noise in a threshold worked out from shares: a price within it is at the threshold. */
const AT_THRESHOLD = 1e-9;

/** Whether decimal odds are still value for a runner: at or above its value-down-to threshold (score 3 or better). */
export function isValueAt(price: number, downTo: Pick<ValueDownTo, 'threshold'>): boolean {
  return price >= downTo.threshold - AT_THRESHOLD;
}

export interface TipValue {
  downTo: ValueDownTo;
  /** The tip's advised price is shorter than its value-down-to price: tipped, though the tissue sees no value at that price. */
  shorterThanValue: boolean;
}

/**
 * A tip's advised price against the shortest price at which the VB tissue still sees value in its
 * race (`field`, the card's runners). Null when the horse is not in the field or the model leaves
 * it out. Without advised odds a tip is never shorter.
 */
export function tipValue(field: readonly ValueInput[], horse: string, advisedOdds: string): TipValue | null {
  const index = field.findIndex((h) => nameKey(h.name) === nameKey(horse));
  const downTo = index >= 0 ? valueDownTo(field, index) : null;
  if (!downTo) return null;
  const advised = parseOdds(advisedOdds);
  return { downTo, shorterThanValue: advised !== null && !isValueAt(advised, downTo) };
}
