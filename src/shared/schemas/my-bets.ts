import { z } from 'zod';
import { isIsoDay } from '../london-time';
import type { BetSettlement, BetStats } from '../my-bets';
import { parseOdds } from '../odds';
import { normaliseRaceTime } from '../tip-text';

const text = (label: string, max = 100) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);

/** POST /api/my-bets: one bet the member took, recorded in their own log (docs/decisions/0031). */
export const newBetBody = z.object({
  raceDate: z
    .string({ message: 'Race date is required' })
    .trim()
    .refine(isIsoDay, 'Race date must be a date (YYYY-MM-DD)'),
  raceTime: text('Race time', 8).transform((v, ctx) => {
    const m = /^(\d{1,2})[:.](\d{2})$/.exec(v);
    const time = m ? normaliseRaceTime(Number(m[1]), Number(m[2])) : null;
    if (!time) ctx.addIssue({ code: 'custom', message: 'Race time must be like 14:10 or 2:10' });
    return time ?? v;
  }),
  course: text('Course'),
  horseName: text('Horse'),
  price: text('Price taken', 20).refine((v) => parseOdds(v) !== null, 'Price taken must be odds like 9/2, evs or 5.5'),
  /** In pounds, as a punter says it: each way, the stake on each part ("£2 e/w" = £2 win + £2 place). */
  stake: z.coerce
    .number({ message: 'Stake must be an amount in pounds' })
    .refine((v) => Number.isFinite(v) && v >= 0.01 && v <= 100_000, 'Stake must be between £0.01 and £100,000')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Stake must be in pounds and pence'),
  eachWay: z.boolean({ message: 'Each way must be true or false' }).optional().default(false),
  source: z
    .enum(['tip', 'race-card', 'generator', 'manual'], { message: 'Unknown source' })
    .optional()
    .default('manual'),
});
export type NewBetBody = z.input<typeof newBetBody>;

export interface MyBet extends BetSettlement {
  id: number;
  raceDate: string;
  raceTime: string;
  course: string;
  horseName: string;
  price: string;
  /** Each way: the stake on each part (betOutlayPence gives the money laid out). */
  stakePence: number;
  eachWay: boolean;
  source: string;
  createdAt: string;
}

export interface MyBetsResponse {
  /** Newest race first. */
  bets: MyBet[];
  stats: BetStats;
  /** Oldest settled bet first: running profit in pence after each. */
  series: Array<{ id: number; raceDate: string; horseName: string; profitPence: number; cumulativePence: number }>;
}
