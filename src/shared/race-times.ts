/**
 * A race day in time order: which races are off and which is next. Apart from the race card's own
 * rules, so the value board does not load those and the free race's card does not load these (the
 * public pages' JavaScript budget). Pure: no clock, no I/O.
 */

/** "14:10" and "9:05" as minutes past midnight, so times compare whatever their padding. */
function minutesOf(time: string): number {
  const [h, m] = time.split(/[:.]/).map(Number);
  return h * 60 + m;
}

/** A day's races in the order they are off (time, then course), whatever their venue. */
export function byTime<R extends { time: string; course: string }>(races: readonly R[]): R[] {
  return [...races].sort((a, b) => minutesOf(a.time) - minutesOf(b.time) || a.course.localeCompare(b.course));
}

/**
 * The next race off: on the day itself, the first race whose time (London) is still to come; none
 * on another day, or once the last race is off.
 */
export function nextOff<R extends { id: number; time: string; course: string; raceDate: string }>(
  races: readonly R[],
  today: string,
  clock: string,
): R | undefined {
  return byTime(races).find((r) => r.raceDate === today && minutesOf(r.time) >= minutesOf(clock));
}

/**
 * A race is off once its London minute has passed on its day (so at 14:10 the 14:10 is still the
 * next off, as `nextOff` says), and every race of an earlier day is.
 */
export function raceIsOff(race: { raceDate: string; time: string }, today: string, clock: string): boolean {
  return race.raceDate < today || (race.raceDate === today && minutesOf(clock) > minutesOf(race.time));
}
