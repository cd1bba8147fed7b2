/**
 * How much a record's profit could be luck, and how deep its losing spells can be expected to go.
 * Pure and reproducible: the simulations draw from a PRNG seeded by the record itself, so every
 * instance (and every test) gets the same figures for the same bets.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { errorFunction, mean, quantile, sampleStandardDeviation } from 'simple-statistics';
import { round } from '../odds';

/** Fewer bets than this say too little: no figures are given. */
const SIGNIFICANCE_MIN_BETS = 30;
/** Below this many tips the page warns that the sample is small. */
export const SMALL_SAMPLE_TIPS = 500;
const SIMULATIONS = 10_000;

export interface Significance {
  /** One-sided p-value of the mean profit per bet against zero (H1: the ROI is above 0). */
  pValue: number;
  /** Median of the simulated records' largest drawdowns, in points. */
  drawdown50: number;
  /** 99th percentile of the simulated records' largest drawdowns, in points. */
  drawdown99: number;
  simulations: number;
  /** The bank the drawdowns are measured against, in points. */
  bank: number;
}

/** mulberry32: a small, fast 32-bit PRNG; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of a record: the first 32 bits of the SHA-256 of its profits in order, to 2 decimals. */
export function recordSeed(profits: readonly number[]): number {
  const digest = sha256(utf8ToBytes(profits.map((p) => p.toFixed(2)).join(',')));
  return ((digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]) >>> 0;
}

/** Φ(z), the standard normal CDF, from the error function (exact enough for small p). */
const normalCdf = (z: number) => 0.5 * (1 + errorFunction(z / Math.SQRT2));

/**
 * One-sided p-value that the mean profit per bet is above zero: t = mean ÷ (sample SD ÷ √n),
 * p = 1 − Φ(t) (with 30 bets or more the t and normal distributions agree to about 2 decimals).
 */
export function pValueAboveZero(profits: readonly number[]): number {
  const m = mean(profits);
  const sd = sampleStandardDeviation(profits);
  if (sd === 0) return m > 0 ? 0 : m < 0 ? 1 : 0.5;
  return 1 - normalCdf(m / (sd / Math.sqrt(profits.length)));
}

/**
 * The largest drawdowns of `simulations` records as long as this one, each drawn with
 * replacement from its own profits per bet (so its prices, edge and skew are kept): the fall of
 * the running total from its previous high, the start (0) counting as a high.
 */
export function simulatedDrawdowns(profits: readonly number[], simulations: number, random: () => number): number[] {
  const n = profits.length;
  const drawdowns = new Array<number>(simulations);
  for (let s = 0; s < simulations; s++) {
    let total = 0;
    let peak = 0;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      total += profits[Math.floor(random() * n)];
      if (total > peak) peak = total;
      else if (peak - total > worst) worst = peak - total;
    }
    drawdowns[s] = worst;
  }
  return drawdowns;
}

/**
 * The record's significance from its profits per staked bet (in the order they were settled):
 * null below 30 bets.
 */
export function significance(profits: readonly number[], bank: number, simulations = SIMULATIONS): Significance | null {
  if (profits.length < SIGNIFICANCE_MIN_BETS) return null;
  const drawdowns = simulatedDrawdowns(profits, simulations, mulberry32(recordSeed(profits)));
  return {
    pValue: round(pValueAboveZero(profits), 4),
    drawdown50: round(quantile(drawdowns, 0.5), 2),
    drawdown99: round(quantile(drawdowns, 0.99), 2),
    simulations,
    bank,
  };
}
