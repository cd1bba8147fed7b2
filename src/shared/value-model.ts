/**
 * The VB tissue-odds and value model. Pure and
 * deterministic: members bet on these numbers, so every rule is here once and tested beside it.
 */
import { round } from './odds';

export interface ValueInput {
  name: string;
  rating: number;
  adjustment?: number;
  /** Decimal market odds (stake included). */
  marketOdds: number;
}

export interface ValueResult {
  name: string;
  rating: number;
  adjustment: number;
  marketOdds: number;
  /** False when left out (blank name, rating ≤ 0 or odds ≤ 0): no computed fields then. */
  included: boolean;
  adjustedRating?: number;
  marketCorrection?: number;
  llbsBehind?: number;
  multiplier?: number;
  oddsPercentage?: number;
  myProbability?: number;
  bookieProbability?: number;
  tissueOdds?: number;
  value?: number;
  altValue?: number;
  valueScore?: 1 | 2 | 3 | 4 | 5;
}

export interface ValueOptions {
  marketCorrection: boolean;
}

const MARKET_CORRECTION_STEP = 0.1;
const MARKET_CORRECTION_MAX = 20;
const MARKET_CORRECTION_TARGET = -10;
const MAX_TENTHS = Math.round(MARKET_CORRECTION_MAX / MARKET_CORRECTION_STEP);

export function valueScoreFor(value: number): 1 | 2 | 3 | 4 | 5 {
  if (value >= 8) return 5;
  if (value >= 3) return 4;
  if (value >= 0) return 3;
  if (value >= -2.9999) return 2;
  return 1;
}

/** 0.0503 × ln(sample SD) + 0.7666; null when the spread is undefined (one runner, equal ratings). */
export function spreadFactor(adjustedRatings: number[]): number | null {
  const n = adjustedRatings.length;
  if (n < 2) return null;
  const mean = adjustedRatings.reduce((a, b) => a + b, 0) / n;
  const variance = adjustedRatings.reduce((a, r) => a + (r - mean) ** 2, 0) / (n - 1);
  const sd = Math.sqrt(variance);
  if (!(sd > 0)) return null;
  const factor = 0.0503 * Math.log(sd) + 0.7666;
  // Only a spread of ratings narrower than ~2e-7 points makes this non-positive; treat it as equal.
  return factor > 0 ? factor : null;
}

const isIncluded = (r: ValueInput) => r.name.trim() !== '' && r.rating > 0 && r.marketOdds > 0;

/** One pass of the model for the included runners, with corrections given in tenths. */
function computePass(runners: ValueInput[], correctionTenths: number[]) {
  const adjusted = runners.map((r, i) => r.rating + (r.adjustment ?? 0) + correctionTenths[i] / 10);
  const top = Math.max(...adjusted);
  const factor = spreadFactor(adjusted);
  const weights = adjusted.map((a) => (factor === null ? 1 : factor ** (top - a)));
  const total = weights.reduce((a, b) => a + b, 0);
  return runners.map((r, i) => {
    const share = (weights[i] / total) * 100;
    const bookieProbability = 100 / r.marketOdds;
    return {
      adjusted: adjusted[i],
      top,
      weight: weights[i],
      share,
      bookieProbability,
      value: share - bookieProbability,
    };
  });
}

export function calculateValue(runners: ValueInput[], options: ValueOptions): ValueResult[] {
  const included = runners.map(isIncluded);
  const active = runners.filter((_, i) => included[i]);
  const tenths = active.map(() => 0);
  let pass = active.length ? computePass(active, tenths) : [];

  if (options.marketCorrection && active.length > 1) {
    // Raise every outlier together by one step, recompute, until nobody moves. Counting whole
    // tenths keeps 0.1 + 0.1 + … from drifting; the cap bounds the loop at 200 passes.
    for (;;) {
      let moved = false;
      pass.forEach((p, i) => {
        if (p.value < MARKET_CORRECTION_TARGET && tenths[i] < MAX_TENTHS) {
          tenths[i] += 1;
          moved = true;
        }
      });
      if (!moved) break;
      pass = computePass(active, tenths);
    }
  }

  let k = 0;
  return runners.map((r, i) => {
    const base = { name: r.name, rating: r.rating, adjustment: r.adjustment ?? 0, marketOdds: r.marketOdds };
    if (!included[i]) return { ...base, included: false };
    const p = pass[k];
    const correction = tenths[k] / 10;
    k++;
    return {
      ...base,
      included: true,
      adjustedRating: round(p.adjusted, 4),
      marketCorrection: correction,
      llbsBehind: round(p.top - p.adjusted, 4),
      multiplier: p.weight,
      oddsPercentage: p.share,
      myProbability: p.share,
      bookieProbability: p.bookieProbability,
      tissueOdds: tissueOddsFor(p.share),
      value: p.value,
      altValue: (p.share / 100) * r.marketOdds - 1,
      valueScore: valueScoreFor(p.value),
    };
  });
}

/** 100 ÷ share: two decimals under 4, one decimal otherwise. */
export function tissueOddsFor(share: number): number {
  const odds = 100 / share;
  return odds < 4 ? round(odds, 2) : round(odds, 1);
}
