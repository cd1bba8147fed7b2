import { WEEKDAYS, type Weekday } from './london-time';
import { isOneOf } from './unknown-values';

/** The order the weekday tabs appear in. */
const TAB_ORDER: readonly Weekday[] = ['wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'monday', 'tuesday'];
const FALLBACK_TABS: readonly Weekday[] = ['friday', 'saturday'];
const DEFAULT_TAB: Weekday = 'saturday';
export const MAX_TAB_COLUMNS = 4;

function isWeekday(value: unknown): value is Weekday {
  return isOneOf(WEEKDAYS, value);
}

/** Weekdays with at least one race, in tab order; friday and saturday when none have races. */
export function weekdayTabs(counts: Partial<Record<Weekday, number>>): Weekday[] {
  const withRaces = TAB_ORDER.filter((d) => (counts[d] ?? 0) > 0);
  return withRaces.length > 0 ? withRaces : [...FALLBACK_TABS];
}

/**
 * The tab to show: the user's choice when made; else the admin default weekday (any case) when that
 * day has races; else saturday. A tab that is not offered falls back to the first offered tab.
 */
export function defaultTab(
  tabs: readonly Weekday[],
  counts: Partial<Record<Weekday, number>>,
  adminDefault: string | null | undefined,
  chosen: Weekday | null,
): Weekday {
  if (chosen && tabs.includes(chosen)) return chosen;
  const admin = adminDefault?.trim().toLowerCase();
  if (isWeekday(admin) && (counts[admin] ?? 0) > 0 && tabs.includes(admin)) return admin;
  if (tabs.includes(DEFAULT_TAB)) return DEFAULT_TAB;
  return tabs[0] ?? DEFAULT_TAB;
}

/** 'View All {venue}': selects every race of the venue, or deselects them all when all are selected. */
export function toggleVenue<T>(selected: readonly T[], venueIds: readonly T[]): T[] {
  const allSelected = venueIds.length > 0 && venueIds.every((id) => selected.includes(id));
  if (allSelected) return selected.filter((id) => !venueIds.includes(id));
  return [...selected, ...venueIds.filter((id) => !selected.includes(id))];
}

/** A select toggle of one race. */
export function toggleRace<T>(selected: readonly T[], id: T): T[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Races grouped by venue, venues in order of their first race. */
export function groupByVenue<R extends { course: string }>(races: readonly R[]): Array<{ venue: string; races: R[] }> {
  const groups = new Map<string, R[]>();
  for (const r of races) {
    const list = groups.get(r.course);
    if (list) list.push(r);
    else groups.set(r.course, [r]);
  }
  return [...groups].map(([venue, list]) => ({ venue, races: list }));
}

/** Age/handicap text with ' (H/C Limit)' appended when it ends in a digit. */
export function ageHandicapLabel(info: string | null | undefined): string {
  const text = (info ?? '').trim();
  return /\d$/.test(text) ? `${text} (H/C Limit)` : text;
}

export type HorseSortKey = 'number' | 'draw' | 'vbRating';
type SortDirection = 'asc' | 'desc';
export interface HorseSort {
  key: HorseSortKey;
  direction: SortDirection;
}

export const DEFAULT_HORSE_SORT: HorseSort = { key: 'vbRating', direction: 'desc' };

/** Clicking a sort: the same key flips; a new key starts ascending (number, draw) or descending (VB rating). */
export function nextSort(current: HorseSort, key: HorseSortKey): HorseSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'vbRating' ? 'desc' : 'asc' };
}

/** Horses sorted by a key; missing values go last whatever the direction; ties keep card order. */
export function sortHorses<H extends { number: number | null; draw: number | null; vbRating: number | null }>(
  horses: readonly H[],
  sort: HorseSort,
): H[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return horses
    .map((h, i) => ({ h, i }))
    .sort((a, b) => {
      const x = a.h[sort.key];
      const y = b.h[sort.key];
      const xMissing = x === null || x === undefined || Number.isNaN(x);
      const yMissing = y === null || y === undefined || Number.isNaN(y);
      if (xMissing || yMissing) return xMissing === yMissing ? a.i - b.i : xMissing ? 1 : -1;
      return x === y ? a.i - b.i : (x - y) * sign;
    })
    .map(({ h }) => h);
}

export type RatingTone = 'green' | 'yellow' | 'grey';

/** VB rating badge colour: 70 or more green, 60 or more yellow, otherwise grey. */
export function ratingTone(rating: number | null | undefined): RatingTone {
  if (rating === null || rating === undefined || Number.isNaN(rating)) return 'grey';
  if (rating >= 70) return 'green';
  if (rating >= 60) return 'yellow';
  return 'grey';
}

export const DEFAULT_RUNS_WINS = '0-0';
export const DEFAULT_SUMMARY = 'Detailed analysis to be added for this horse.';
export const NO_VERDICT = 'Race verdicts will be inserted on the morning of the race.';

/** The jockey claim is shown only when 1 or more. */
export function showJockeyClaim(claim: number | null | undefined): claim is number {
  return typeof claim === 'number' && claim >= 1;
}
