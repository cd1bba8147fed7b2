import { parseOdds, round } from './odds';
import type { TipResult } from './tip-stats';

/**
 * Closing line value: did a tip's price beat the market's last word on the horse? Over a short run
 * P/L is mostly luck; beating the starting price (SP) and the Betfair starting price (BSP) again
 * and again is the honest sign of skill. Pure: no clock, no I/O.
 *
 * A tip's price is the one its record settles at (the advised price, or a confirmed correction).
 * The edge is how much longer that price was than the closing one: taken ÷ closing − 1, in %
 * (6.0 taken against a 5.0 SP is +20%; the same as the closing implied chance over the taken one).
 * Non-runners and tips without the closing price are not counted.
 */
export interface ClosingLineTip {
  result: TipResult;
  /** The price the record settles at, as written ("11/2", "6.5"). */
  price: string | null;
  startingPrice: string | null;
  /** Decimal, or null when no BSP file gave one. */
  bsp: number | null;
}

export interface ClosingLineSummary {
  /** Tips with a price and this closing price (non-runners left out). */
  tips: number;
  /** Of those, tips whose price was longer than the closing price. */
  beat: number;
  /** beat ÷ tips × 100, one decimal; 0 with no tips. */
  share: number;
  /** The mean edge in %, one decimal; 0 with no tips. */
  averageEdge: number;
}

export interface ClosingLineValue {
  sp: ClosingLineSummary;
  bsp: ClosingLineSummary;
}

/** taken ÷ closing − 1, in %, one decimal. */
export function priceEdge(taken: number, closing: number): number {
  return round((taken / closing - 1) * 100, 1);
}

function summarise(pairs: Array<{ taken: number; closing: number }>): ClosingLineSummary {
  const tips = pairs.length;
  if (tips === 0) return { tips: 0, beat: 0, share: 0, averageEdge: 0 };
  const beat = pairs.filter((p) => p.taken > p.closing).length;
  const edges = pairs.reduce((sum, p) => sum + (p.taken / p.closing - 1) * 100, 0);
  // "+ 0" turns a rounded −0 (a tiny negative mean) into 0, which reads as no edge.
  return { tips, beat, share: round((beat / tips) * 100, 1), averageEdge: round(edges / tips, 1) + 0 };
}

export function closingLineValue(tips: readonly ClosingLineTip[]): ClosingLineValue {
  const sp: Array<{ taken: number; closing: number }> = [];
  const bsp: Array<{ taken: number; closing: number }> = [];
  for (const tip of tips) {
    if (tip.result === 'NR') continue;
    const taken = parseOdds(tip.price);
    if (taken === null) continue;
    const startingPrice = parseOdds(tip.startingPrice);
    if (startingPrice !== null) sp.push({ taken, closing: startingPrice });
    if (tip.bsp !== null && tip.bsp > 1) bsp.push({ taken, closing: tip.bsp });
  }
  return { sp: summarise(sp), bsp: summarise(bsp) };
}
