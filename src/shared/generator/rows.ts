/**
 * Rows of the VB Tissue Odds Generator (docs/decisions/0009): what a row
 * holds, how a race card becomes rows, and how typed text becomes numbers. Pure; no React.
 */
import { parseOdds, round } from '../odds';
import { formatOdds, nearestLadderPrice, type OddsFormat } from '../odds-format';
import { calculateValue, type ValueResult } from '../value-model';
import type { RaceCardHorse } from '../schemas/race-cards';

type Computed = Pick<
  ValueResult,
  | 'adjustedRating'
  | 'tissueOdds'
  | 'valueScore'
  | 'marketCorrection'
  | 'llbsBehind'
  | 'multiplier'
  | 'oddsPercentage'
  | 'myProbability'
  | 'bookieProbability'
  | 'value'
  | 'altValue'
>;

export interface GeneratorRow extends Computed {
  id: string;
  name: string;
  rating: number;
  originalRating: number;
  adjustment: number;
  /** Decimal odds; 0 when none. */
  marketOdds: number;
  potentialNonRunner: boolean;
  /** Came from a race card: name and rating are locked. */
  locked: boolean;
}

export type RowInput = Pick<GeneratorRow, 'name' | 'rating' | 'adjustment' | 'marketOdds'>;

const COMPUTED_KEYS: (keyof Computed)[] = [
  'adjustedRating',
  'tissueOdds',
  'valueScore',
  'marketCorrection',
  'llbsBehind',
  'multiplier',
  'oddsPercentage',
  'myProbability',
  'bookieProbability',
  'value',
  'altValue',
];

export function blankRow(id: string): GeneratorRow {
  return {
    id,
    name: '',
    rating: 0,
    originalRating: 0,
    adjustment: 0,
    marketOdds: 0,
    potentialNonRunner: false,
    locked: false,
  };
}

/** The next free id for a row added by hand ("manual-1", "manual-2", …). */
export function nextManualId(rows: readonly GeneratorRow[]): string {
  const used = rows
    .map((r) => /^manual-(\d+)$/.exec(r.id))
    .filter((m) => m !== null)
    .map((m) => Number(m[1]));
  return `manual-${used.length ? Math.max(...used) + 1 : 1}`;
}

/**
 * A race card's runners as rows: horses with bookie odds above 0, plus those flagged
 * as potential non-runners (their odds are blank) so the page can say "Check if non-runner";
 * highest VB rating first. Name and rating are locked.
 */
export function rowsFromRace(horses: readonly RaceCardHorse[]): GeneratorRow[] {
  return horses
    .filter((h) => (h.bookieOdds ?? 0) > 0 || h.potentialNonRunner)
    .map((h, i) => ({ h, i }))
    .sort((a, b) => (b.h.vbRating ?? -Infinity) - (a.h.vbRating ?? -Infinity) || a.i - b.i)
    .map(({ h }) => {
      const rating = h.vbRating ?? 0;
      return {
        id: `horse-${h.id}`,
        name: h.name,
        rating,
        originalRating: rating,
        adjustment: 0,
        marketOdds: h.bookieOdds !== null && h.bookieOdds > 0 ? h.bookieOdds : 0,
        potentialNonRunner: h.potentialNonRunner,
        locked: true,
      };
    });
}

/** Whether a row takes part in a calculation: a name, a rating above 0 and odds above 0. */
export function isCalculable(row: RowInput): boolean {
  return row.name.trim() !== '' && row.rating > 0 && row.marketOdds > 0;
}

/** Automatic recalculation needs at least one horse with rating and odds above 0. */
export function canAutoCalculate(rows: readonly RowInput[]): boolean {
  return rows.some((r) => r.rating > 0 && r.marketOdds > 0);
}

export function withoutResults(row: GeneratorRow): GeneratorRow {
  const copy = { ...row };
  for (const key of COMPUTED_KEYS) delete copy[key];
  return copy;
}

/** Runs the value model over the rows; rows left out of it come back without computed fields. */
export function calculateRows(rows: readonly GeneratorRow[], marketCorrection: boolean): GeneratorRow[] {
  const results = calculateValue(
    rows.map((r) => ({ name: r.name, rating: r.rating, adjustment: r.adjustment, marketOdds: r.marketOdds })),
    { marketCorrection },
  );
  return rows.map((row, i) => {
    const result = results[i];
    const base = withoutResults(row);
    if (!result.included) return base;
    const computed: Computed = {};
    const copy = <K extends keyof Computed>(key: K) => (computed[key] = result[key]);
    for (const key of COMPUTED_KEYS) copy(key);
    return { ...base, ...computed };
  });
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A typed number, or null when the text is not one (the caller turns null into 0 on commit). */
export function parseNumberInput(text: string): number | null {
  const t = text.trim();
  return NUMBER.test(t) ? Number(t) : null;
}

/** Typed odds: decimal ("6.5"), fractional ("11/4") or "evs", to decimal with 2 decimals (step 0.01). */
export function parseOddsInput(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const odds = parseOdds(t);
  return odds === null ? null : round(odds, 2);
}

export type EditableField = 'name' | 'rating' | 'adjustment' | 'marketOdds';

/**
 * The committed value of a field from its text: non-numeric becomes 0; the adjustment
 * keeps its 0.1 step and odds their 0.01 step.
 */
export function committedValue(field: EditableField, text: string): string | number {
  if (field === 'name') return text.trim();
  if (field === 'marketOdds') return parseOddsInput(text) ?? 0;
  const n = parseNumberInput(text) ?? 0;
  return field === 'adjustment' ? round(n, 1) : n;
}

/** Whether text typed so far can be committed before blur (the 300 ms debounce skips half-typed "5/"). */
export function isCompleteInput(field: EditableField, text: string): boolean {
  if (field === 'name') return true;
  return field === 'marketOdds' ? parseOddsInput(text) !== null : parseNumberInput(text) !== null;
}

/** Display of numbers: 1 decimal for ratings, tissue odds and corrections. */
export function oneDecimal(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(1);
}

/** Market correction as "+x.x". */
export function formatCorrection(value: number | undefined): string {
  return value === undefined ? '–' : `+${value.toFixed(1)}`;
}

/**
 * Odds as shown in the odds input, in the member's format (either is accepted when typed):
 * fractional "5/2", "evs"; decimal "6.0", "3.75". Blank for none.
 */
export function formatOddsInput(value: number, format: OddsFormat): string {
  if (!(value > 0)) return '';
  if (format === 'fractional') return formatOdds(value, 'fractional');
  const r = round(value, 2);
  return Math.abs(r * 10 - Math.round(r * 10)) < 1e-9 ? r.toFixed(1) : r.toFixed(2);
}

/** Tissue odds in both formats, the member's first: "3/1 (4.1)" or "4.1 (3/1)"; '–' for none. */
export function tissueOddsText(value: number | undefined, format: OddsFormat): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  const fractional = nearestLadderPrice(value);
  const decimal = oneDecimal(value);
  return format === 'fractional' ? `${fractional} (${decimal})` : `${decimal} (${fractional})`;
}

/** A number as shown in a rating or adjustment input (0 shows as "0"). */
export function formatNumber(value: number): string {
  return String(round(value, 2));
}
