/**
 * "Today", "yesterday", weekdays and race dates are London calendar days whatever the server's
 * zone (DESIGN rule). No clock is read here.
 */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * From this year on, London is UTC+1 (British Summer Time) from 01:00 UTC on the last Sunday of
 * March to 01:00 UTC on the last Sunday of October, and UTC otherwise (the Summer Time Order 2002,
 * the same rule since 1996). Those instants are converted by that rule: making an Intl formatter
 * with a time zone costs ≈40 ms of script (≈160 ms on Lighthouse's throttled phone), in one piece,
 * on the first page that prints a London day or time. Earlier instants go through Intl. Should
 * the rule change, change it here (london-time.test.ts compares the two over the years ahead).
 */
const SUMMER_TIME_RULE_SINCE = 1996;

/** 01:00 UTC on the last Sunday of a month (0-based) of a year, in milliseconds. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The instant shifted to London's wall clock (read with the UTC getters), or null before the rule. */
function londonWallClock(instant: Date): Date | null {
  const t = instant.getTime();
  const year = instant.getUTCFullYear();
  if (!(year >= SUMMER_TIME_RULE_SINCE && year <= 9999)) return null;
  const summer = t >= lastSundayOneAm(year, 2) && t < lastSundayOneAm(year, 9);
  return new Date(t + (summer ? 3600_000 : 0));
}

let dayFormatter: Intl.DateTimeFormat | undefined;

/** The London calendar day of an instant, as YYYY-MM-DD. */
export function londonDate(instant: Date): string {
  // Asked on most requests: the London date cannot change within a minute (its offsets are whole
  // hours), so the last minute's answer is reused instead of working it out again.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastDay?.minute === minute) return lastDay.date;
  const wall = londonWallClock(instant);
  if (wall) {
    lastDay = { minute, date: wall.toISOString().slice(0, 10) };
    return lastDay.date;
  }
  dayFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const date = dayFormatter.format(instant);
  lastDay = { minute, date };
  return date;
}

let lastDay: { minute: number; date: string } | undefined;

let clockFormatter: Intl.DateTimeFormat | undefined;

/** The London wall-clock time of an instant, as 24-hour HH:MM. */
export function londonClock(instant: Date): string {
  const wall = londonWallClock(instant);
  if (wall) return wall.toISOString().slice(11, 16);
  clockFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return clockFormatter.format(instant);
}

/**
 * The instant a London wall-clock time happens on a London day ("2026-07-14", "14:10" is 13:10
 * UTC in summer). A time the clocks skip is read as the hour after; a repeated one as the first.
 */
export function londonInstant(isoDay: string, hhmm: string): Date {
  const [y, m, d] = isoDay.split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  // London is UTC or UTC+1: try both offsets and keep the one whose London clock reads hhmm.
  for (const offsetHours of [1, 0]) {
    const instant = new Date(asUtc - offsetHours * 3600_000);
    if (londonDate(instant) === isoDay && londonClock(instant) === hhmm) return instant;
  }
  return new Date(asUtc);
}

/** Adds whole days to a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(isoDay: string, days: number): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

export function weekdayOf(isoDay: string): Weekday {
  const [y, m, d] = isoDay.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The months' English names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "sunday" → "Sunday": a weekday (any case) as people read it. */
export const weekdayName = (weekday: string): string => weekday[0].toUpperCase() + weekday.slice(1).toLowerCase();

/**
 * "Sunday 22 November 2026" style long British date of a YYYY-MM-DD day. Built by hand because
 * ICU versions disagree on the comma after the weekday (Node 20 adds one, browsers may not).
 */
export function formatLongDay(isoDay: string, withWeekday = true): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  const weekday = weekdayOf(isoDay);
  const date = `${d} ${MONTHS[m - 1]} ${y}`;
  return withWeekday ? `${weekdayName(weekday)} ${date}` : date;
}

/** "Mon 30 Nov": the short day a race-card tab holds; built by hand like formatLongDay. */
export function formatShortDay(isoDay: string, withWeekday = true): string {
  const [, m, d] = isoDay.split('-').map(Number);
  const weekday = weekdayOf(isoDay);
  const date = `${d} ${MONTHS[m - 1].slice(0, 3)}`;
  return withWeekday ? `${weekdayName(weekday).slice(0, 3)} ${date}` : date;
}

/**
 * The instant a London calendar day begins. Midnight in London is 00:00 UTC in winter and 23:00
 * UTC the day before in summer; the clocks change at 01:00 UTC, never at midnight.
 */
export function startOfLondonDay(isoDay: string): Date {
  const [y, m, d] = isoDay.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  const hourBefore = new Date(utcMidnight - 3600_000);
  return londonDate(hourBefore) === isoDay ? hourBefore : new Date(utcMidnight);
}

/** The last instant of a London calendar day (YYYY-MM-DD): an annual special runs through its end date. */
export function endOfLondonDay(isoDay: string): Date {
  const [y, m, d] = isoDay.split('-').map(Number);
  const utc = new Date(Date.UTC(y, m - 1, d, 23, 59, 59, 999));
  // London is UTC or UTC+1: in summer 23:59 UTC is already tomorrow there.
  return londonDate(utc) === isoDay ? utc : new Date(utc.getTime() - 3600_000);
}
