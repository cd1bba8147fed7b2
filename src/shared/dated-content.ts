import { londonDate } from './london-time';

/**
 * DESIGN decision 10 (docs/decisions/0017): dated paid content — a day's tips, a day's guide —
 * is for everyone only once its London day is over; today's and later days' are for members.
 * YYYY-MM-DD days compare as text.
 */
export function isPastLondonDay(isoDay: string, now: Date): boolean {
  return isoDay < londonDate(now);
}
