import { z } from 'zod';
import { nameKey } from '../name-key';
import type { ValueDownTo } from '../odds-format';
import type { RunnerResult } from './race-cards';

/** How many horses one member may watch: plenty for a punter's notebook, small enough to read on every alert. */
export const WATCHLIST_CAP = 200;
/** A horse's name as a card writes it, with a country suffix ("Northern Star (IRE)") and room to spare. */
export const HORSE_NAME_MAX = 60;

/** POST /api/watchlist: star a horse by name (spaces collapsed; case and punctuation do not make another horse). */
export const starHorseBody = z.object({
  horseName: z
    .string({ message: 'Horse name is required' })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'Horse name is required')
        .max(HORSE_NAME_MAX, `Horse name is too long (at most ${HORSE_NAME_MAX} characters)`)
        .refine((v) => nameKey(v) !== '', 'Horse name must contain letters or digits'),
    ),
});
export type StarHorseBody = z.input<typeof starHorseBody>;

/** A watched horse's race on the cards: where and when, its figures there, and its result once entered. */
export interface WatchedRun {
  raceId: number;
  /** London day, YYYY-MM-DD. */
  date: string;
  time: string;
  course: string;
  title: string;
  /** The name as this card spells it. */
  horseName: string;
  vbRating: number | null;
  /** The card's current price (decimal) and as written; null when it has none. */
  price: number | null;
  priceText: string | null;
  valueDownTo: ValueDownTo | null;
  nonRunner: boolean;
  /** Past its London off time. */
  off: boolean;
  result: RunnerResult | null;
}

export interface WatchedHorse {
  id: number;
  horseName: string;
  createdAt: string;
  /** The run the member wants next (see nextRun in shared/watchlist.ts); null when no card has the horse. */
  nextRun: WatchedRun | null;
}

/** GET /api/watchlist (members): newest star first. */
export interface WatchlistResponse {
  horses: WatchedHorse[];
  cap: number;
}

/** POST /api/watchlist: the row, new (201) or already there (200). */
export interface StarHorseResponse {
  horse: Omit<WatchedHorse, 'nextRun'>;
  created: boolean;
  message: string;
}
