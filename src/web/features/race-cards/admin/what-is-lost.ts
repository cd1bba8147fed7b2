import { formatShortDay, type Weekday, weekdayName } from '#shared/london-time';
import type { RaceSummary } from '#shared/schemas/race-cards';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * What clearing a weekday tab destroys, in the analyst's words, for the confirmation: how many races and runners, for which day, and what later stages added to them.
 */
export function whatIsLost(weekday: Weekday, races: readonly RaceSummary[]): string {
  const day = weekdayName(weekday);
  if (races.length === 0) return `The ${day} tab has no race cards: nothing will be removed.`;
  const runners = races.reduce((n, r) => n + r.runnerCount, 0);
  const dates = [...new Set(races.map((r) => r.raceDate).filter(Boolean))].map((d) => formatShortDay(d));
  const dated = dates.length > 0 ? ` for ${dates.join(' and ')}` : '';
  return (
    `All ${plural(races.length, 'race')} and ${plural(runners, 'runner')} in the ${day} tab${dated} will be removed, ` +
    'with their verdicts, morning odds, non-runner flags and summaries, and the free race if it is one of them. This cannot be undone.'
  );
}

/** What a clear's confirmation says while the lists it will describe are read, or when they could not be. */
export function whileReading(target: { lists: unknown; failed: string | null }, what: string): string | null {
  if (target.failed) return `${target.failed.replace(/\.$/, '')}. Nothing has been cleared: close this and try again.`;
  if (!target.lists) return `Reading ${what}…`;
  return null;
}
