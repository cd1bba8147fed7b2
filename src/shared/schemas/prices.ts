/** Where a price came from: the morning odds, the analyst's paste, a Betfair BSP file, The Racing API. */
export const PRICE_SOURCES = ['morning', 'analyst', 'bsp', 'racing-api'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** One price of a runner as the API sends it (its history is a list of these, oldest first). */
export interface PricePoint {
  /** Decimal odds. */
  price: number;
  /** As given, normalised ("9/2", "5.5"). */
  priceText: string;
  source: PriceSource;
  /** ISO instant. */
  observedAt: string;
}
