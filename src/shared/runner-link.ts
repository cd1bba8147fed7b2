import { isIsoDay } from './london-time';
import { RUNNER_LINK_PARAMS } from './paths';

/**
 * The address that opens one runner on the members' race cards: the day's tab, the race, and the
 * horse scrolled into view. Alerts, the watch list and the value board link to a runner this way.
 */
export interface RunnerAddress {
  date: string; // London day, YYYY-MM-DD
  time: string; // HH:MM
  course: string;
  horseName: string;
}

export function runnerCardUrl(runner: RunnerAddress): string {
  const query = new URLSearchParams({
    date: runner.date,
    time: runner.time,
    course: runner.course,
    horse: runner.horseName,
  });
  return `/vbg-race-cards?${query.toString()}`;
}

/** The runner an address names, or null when any part is missing or malformed. */
export function readRunnerLink(search: URLSearchParams): RunnerAddress | null {
  const [date, time, course, horseName] = RUNNER_LINK_PARAMS.map((name) => search.get(name)?.trim() ?? '');
  if (!isIsoDay(date) || !/^\d{2}:\d{2}$/.test(time) || !course || !horseName) return null;
  return { date, time, course, horseName };
}
