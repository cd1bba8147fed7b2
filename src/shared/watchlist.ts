/**
 * Which of a watched horse's races the watch list shows as its next run. Pure: no clock, no I/O.
 */
import { byTime, raceIsOff } from './race-times';

export interface CandidateRun {
  raceDate: string;
  time: string;
  course: string;
}

/**
 * The run a member wants to see, from the horse's races on the cards: the first one still to run
 * today or on a later day (a race stays "to run" through its off minute); once today's are all
 * off and no later card has it, today's last run (so its result shows on the day); never a
 * race of an earlier day. Undefined when none qualifies.
 */
export function nextRun<R extends CandidateRun>(runs: readonly R[], today: string, clock: string): R | undefined {
  const ordered = [...new Set(runs.map((r) => r.raceDate))]
    .sort()
    .flatMap((day) => byTime(runs.filter((r) => r.raceDate === day)));
  const toRun = ordered.find((r) => r.raceDate >= today && !raceIsOff(r, today, clock));
  return toRun ?? ordered.filter((r) => r.raceDate === today).at(-1);
}
