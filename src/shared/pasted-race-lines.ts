/**
 * What the analyst's pastes share (the prices through the day, the day's results): one line a
 * race, "14:10 Ascot: …", blank lines skipped, every problem named by its line, a horse named once
 * in its race and a race once in the paste. Pure: no clock, no I/O.
 */
import { nameKey } from './name-key';
import { normaliseRaceTime } from './tip-text';

export interface ResultProblem {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  message: string;
}

/** A paste refused as a whole: why, and each line that could not be read or matched. */
export interface PasteRefusal {
  message: string;
  unmatched: ResultProblem[];
}

/** A pasted line read: its number, the race, and what the paste's own reader made of the rest. */
export type PastedRace<T> = T & { line: number; time: string; course: string };

const LINE = /^(\d{1,2})[:.](\d{2})\s*(am|pm)?\s+([^:]+?)\s*:\s*(.*)$/i;

/** "14:10 Ascot: …" (or "2.10pm Ascot: …"): the race's 24-hour time, its course and what follows the colon; null when the line does not start so. */
function readRaceLine(lineText: string): { time: string; course: string; rest: string } | null {
  const m = LINE.exec(lineText);
  const time = m ? normaliseRaceTime(Number(m[1]), Number(m[2]), m[3]) : null;
  return m && time ? { time, course: m[4].trim(), rest: m[5] } : null;
}

/**
 * Reads every line of a paste. `readRest` reads what follows a race's colon: the entries and the
 * horses they name, or why it cannot (a message). A line that cannot be read is a problem, never
 * half a race.
 */
export function readPastedRaceLines<T>(
  text: string,
  example: string,
  readRest: (rest: string) => { entries: T; horses: string[] } | string,
): { races: PastedRace<T>[]; problems: ResultProblem[] } {
  const races: PastedRace<T>[] = [];
  const problems: ResultProblem[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const lineText = raw.replace(/\s+/g, ' ').trim();
    if (!lineText) return;
    const line = i + 1;
    const problem = (message: string) => problems.push({ line, text: lineText, message });
    const race = readRaceLine(lineText);
    if (!race) return problem(`Could not read the race: write it like "${example}".`);
    const read = readRest(race.rest);
    if (typeof read === 'string') return problem(read);
    const keys = read.horses.map(nameKey);
    if (keys.some((k, j) => keys.indexOf(k) !== j)) return problem('A horse is named twice in this race.');
    const raceKey = `${race.time} ${nameKey(race.course)}`;
    const earlier = seen.get(raceKey);
    if (earlier !== undefined) return problem(`${race.time} ${race.course} is already on line ${earlier}.`);
    seen.set(raceKey, line);
    races.push({ ...read.entries, line, time: race.time, course: race.course });
  });
  return { races, problems };
}

/** The card's race at this 24-hour time and course (compared like names). */
export function cardRaceAt<C extends { time: string; course: string }>(
  cards: readonly C[],
  time: string,
  course: string,
): C | undefined {
  return cards.find((c) => c.time === time && nameKey(c.course) === nameKey(course));
}
