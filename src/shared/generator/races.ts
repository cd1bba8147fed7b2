/** The generator's race selector (docs/decisions/0009): today's and tomorrow's races by time. */
import { weekdayName } from '../london-time';
import type { Weekday } from '../london-time';
import type { RaceCardsByDay, RaceSummary } from '../schemas/race-cards';

export const NO_RACES_TEXT =
  'No races uploaded yet. Upload race cards through the Admin panel to populate this dropdown.';

export interface RaceGroup {
  day: Weekday;
  /** "Sunday (6 races)". */
  label: string;
  races: RaceSummary[];
}

/** The race key is the time, a hyphen, then the course. */
export function raceKey(race: Pick<RaceSummary, 'time' | 'course'>): string {
  return `${race.time}-${race.course}`;
}

/** A select value unique across both days (a course can race at the same time two days running). */
export function raceOptionValue(day: Weekday, race: Pick<RaceSummary, 'time' | 'course'>): string {
  return `${day}|${raceKey(race)}`;
}

export function raceOptionLabel(race: RaceSummary): string {
  return `${race.time} - ${race.course} (${race.runnerCount} ${race.runnerCount === 1 ? 'runner' : 'runners'})`;
}

/** Today's then tomorrow's races, each sorted by time (then course), headed by day name and count. */
export function raceGroups(lists: RaceCardsByDay | null | undefined): RaceGroup[] {
  if (!lists) return [];
  const days = lists.today === lists.tomorrow ? [lists.today] : [lists.today, lists.tomorrow];
  return days
    .map((day) => {
      const races = [...(lists[day] ?? [])].sort(
        (a, b) => a.time.localeCompare(b.time) || a.course.localeCompare(b.course),
      );
      return { day, label: `${weekdayName(day)} (${races.length} ${races.length === 1 ? 'race' : 'races'})`, races };
    })
    .filter((g) => g.races.length > 0);
}

export function findRace(groups: readonly RaceGroup[], value: string): RaceSummary | undefined {
  for (const g of groups) for (const r of g.races) if (raceOptionValue(g.day, r) === value) return r;
  return undefined;
}
