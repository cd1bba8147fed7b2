import { addDays, londonDate, weekdayOf, type Weekday } from '#shared/london-time';

/** The London day of the next occurrence of a weekday, today included (DESIGN decision 9). */
export function nextRaceDate(now: Date, weekday: Weekday): string {
  const today = londonDate(now);
  for (let i = 0; i < 7; i++) {
    const day = addDays(today, i);
    if (weekdayOf(day) === weekday) return day;
  }
  throw new Error(`unknown weekday ${weekday}`);
}
