import type { ValueDownTo } from '../odds-format';
import type { PricePoint, PriceSource } from './prices';
import type { RunnerResult } from './race-cards';

/** One runner on the value board: its price now and through the day, and the VB tissue's view of it. */
export interface ValueBoardRunner {
  /** The card's horse id. */
  id: number;
  horseName: string;
  number: number | null;
  vbRating: number | null;
  /** The card's current price (decimal), the one the value model reads; null when it has none. */
  price: number | null;
  priceText: string | null;
  /** Where the current price came from and when; null when no dated price stands behind it (the workbook's own odds). */
  priceSource: PriceSource | null;
  priceAt: string | null;
  /** The newest morning-odds price of the day (stage 3), when there is one. */
  morningPrice: number | null;
  morningPriceText: string | null;
  /** Since the morning, in percentage points of implied chance: + shortened (a steamer), − drifted. */
  move: number | null;
  /**
   * The VB tissue's fair price (decision 0053): the decimal odds at which its value gap is 0, the
   * rest of the field corrected to the market at their prices and never itself, rounded up to two
   * places. Its own price never moves it; `valueDownTo` is the same price on the ladder.
   */
  tissueOdds: number | null;
  valueScore: 1 | 2 | 3 | 4 | 5 | null;
  /** The value gap in percentage points (tissue chance − market chance): what "best value" orders by. */
  value: number | null;
  valueDownTo: ValueDownTo | null;
  /** The day's prices, oldest first (the latest few). */
  history: PricePoint[];
  /** One of today's published tips (NAP, NB, Longshot). */
  isTip: boolean;
  tip: string | null;
  nonRunner: boolean;
  /** How it finished, once the race is resulted. */
  result: RunnerResult | null;
}

export interface ValueBoardRace {
  id: number;
  time: string;
  course: string;
  title: string;
  /** Past its London off time. */
  off: boolean;
  resulted: boolean;
  runners: ValueBoardRunner[];
}

/** GET /api/value-now (members): today's races in time order. */
export interface ValueBoard {
  date: string;
  races: ValueBoardRace[];
}
