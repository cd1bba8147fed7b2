import { z } from 'zod';
import { isIsoDay } from '../london-time';
import type { PasteRefusal } from '../pasted-race-lines';

/** Where a price came from: the morning odds (stage 3), the analyst's paste, the feeds. */
export const PRICE_SOURCES = ['morning', 'analyst', 'bsp', 'racing-api'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** One dated price of a runner, as the race card and the value board draw its history. */
export interface PricePoint {
  /** Decimal odds, stake included. */
  price: number;
  priceText: string;
  source: PriceSource;
  /** ISO instant. */
  observedAt: string;
}

/** POST /api/admin/prices: a day's price changes as pasted lines, one race a line. */
export const pricesBody = z.object({
  date: z.string({ message: 'Date is required' }).trim().refine(isIsoDay, 'Date must be YYYY-MM-DD'),
  lines: z
    .string({ message: 'Paste the prices, one race a line' })
    .max(50_000, 'Too much text: paste at most one day of prices')
    .refine((v) => v.trim() !== '', 'Paste the prices, one race a line'),
});
export type PricesBody = z.input<typeof pricesBody>;

/** Success: what was written. */
export interface PricesAnswer {
  success: true;
  message: string;
  races: Array<{ time: string; course: string; runners: number }>;
  runners: number;
}

/** Refusal (400 unreadable lines, 422 unknown races or horses): nothing written. */
export type PricesRefusal = PasteRefusal;
