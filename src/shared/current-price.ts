/**
 * A runner's price now (decision 0038): which prices are the market's, and which one is current.
 * Pure, and free of the schemas' zod, so a page showing a price does not carry it.
 */
import type { PricePoint, PriceSource } from './schemas/prices';

/**
 * The sources whose prices are the market before the off, and so become a runner's current price.
 * A Betfair starting price is the closing price: kept for the record and closing line value, never
 * the price the cards show.
 */
export const MARKET_PRICE_SOURCES: readonly PriceSource[] = ['morning', 'analyst', 'racing-api'];

/** Same price, to the stored two places. */
const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** A runner's price now, and where and when it came from when a dated market price stands behind it. */
interface CurrentPrice {
  price: number;
  priceText: string | null;
  source: PriceSource | null;
  /** ISO instant. */
  observedAt: string | null;
}

/**
 * The price a runner is at now, as every screen shows it: the card's price, which is the newest
 * market snapshot (the morning odds, the analyst's paste, the feed) and never the Betfair starting
 * price, a closing price kept for the record. Its source and time belong to it only when the newest
 * market snapshot is that price (a card priced by the workbook alone has neither). Null without a price.
 */
export function currentPrice(runner: {
  bookieOdds: number | null;
  bookieOddsText: string | null;
  history: readonly PricePoint[];
}): CurrentPrice | null {
  if (runner.bookieOdds === null || !(runner.bookieOdds > 0)) return null;
  const latest = runner.history.filter((p) => MARKET_PRICE_SOURCES.includes(p.source)).at(-1);
  const dated = latest && samePrice(latest.price, runner.bookieOdds) ? latest : undefined;
  return {
    price: runner.bookieOdds,
    priceText: runner.bookieOddsText,
    source: dated?.source ?? null,
    observedAt: dated?.observedAt ?? null,
  };
}
