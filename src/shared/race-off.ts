import { londonClock, londonDate } from './london-time';
import { raceIsOff } from './race-times';

/**
 * Whether a race of a London day at its card time (London) is off at an instant, as the race cards
 * and the watch list say (raceIsOff: once its minute has passed). Nothing about how it ran (a
 * result, a BSP, a settled tip) can be known before then.
 */
export function isOff(date: string, time: string, now: Date): boolean {
  return raceIsOff({ raceDate: date, time }, londonDate(now), londonClock(now));
}

/** "the 16:20 Ascot" */
const raceName = (race: { time: string; course: string }) => `the ${race.time} ${race.course}`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function listed(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Why a result was refused because its race is not off yet, naming each race and its off:
 * "The 16:20 Ascot is not off until 16:20 (London time); nothing was saved. If the race time is
 * wrong, correct it on the cards first." A race of a later day names its day.
 */
export function notOffMessage(
  date: string,
  races: ReadonlyArray<{ time: string; course: string }>,
  today: string,
): string {
  const on = date === today ? '' : ` on ${date}`;
  const offs = listed(races.map((r) => r.time));
  const one = races.length === 1;
  return (
    `${capitalised(listed(races.map(raceName)))} ${one ? 'is' : 'are'} not off until ${offs}${on} (London time); ` +
    `nothing was saved. If ${one ? 'the race time is' : 'a race time is'} wrong, correct it on the cards first.`
  );
}
