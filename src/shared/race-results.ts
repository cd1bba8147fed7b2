/**
 * The day's results as the admin pastes them (docs/decisions/0028), read and matched to the race cards.
 * One line a race: "14:10 Ascot: Northern Star 5/2, Harbour Light 7/1, Silver Comet 12/1; NR: Velvet Arrow"
 * — the winner first, then the placed horses in order, each with its starting price (optional),
 * then the non-runners, and last any Tattersalls Rule 4 ("; R4 15p", "R4 15p SP"). Pure: no clock, no I/O.
 */
import { nameKey } from './name-key';
import { parseOdds } from './odds';
import { readRule4, type Rule4 } from './proofing/rule4';
import { cardRaceAt, readPastedRaceLines, type PastedRace, type ResultProblem } from './pasted-race-lines';
import { normaliseOdds, normaliseRaceTime, type ParsedTip } from './tip-text';
import type { TipResult } from './tip-stats';

/** How a runner finished: won, placed, ran (unplaced) or nr (a non-runner). */
export const FINISHES = ['won', 'placed', 'ran', 'nr'] as const;
export type Finish = (typeof FINISHES)[number];

/** How a tip settles from its horse's finish: placed is PLACED, ran (unplaced) is LOST. */
export const TIP_RESULT_OF_FINISH: Record<Finish, TipResult> = { won: 'WON', placed: 'PLACED', ran: 'LOST', nr: 'NR' };

interface ResultFinisher {
  name: string;
  /** As written and normalised ("5/2", "evs", "6.5"), or null when none was given. */
  startingPrice: string | null;
}

export type ParsedRaceResult = PastedRace<{
  /** Winner first, then the placed horses in the order entered. */
  finishers: ResultFinisher[];
  nonRunners: string[];
  /** Rule 4 as the line ends ("R4 15p", "R4 15p SP"); absent when the line names none. */
  rule4?: Rule4;
}>;

/** A starting price at the end of a finisher, with an optional favourite mark ("5/2F", "2/1 jf"). */
const TRAILING_SP = /\s+(\d{1,4}\s*[/-]\s*\d{1,4}|evs|evens|even|evns|\d{1,4}\.\d{1,3})\s*(?:f|fav|jf|cf|j)?$/i;
export const RESULT_LINE_EXAMPLE = '14:10 Ascot: Northern Star 5/2, Harbour Light 7/1; NR: Velvet Arrow';

export { nameKey };

const names = (text: string) =>
  text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** Every line read, or the problems of those that could not be; blank lines are skipped. */
export function parseResultLines(text: string): { races: ParsedRaceResult[]; problems: ResultProblem[] } {
  return readPastedRaceLines(text, RESULT_LINE_EXAMPLE, readResultEntries);
}

/** "Northern Star 5/2, Harbour Light 7/1; NR: Velvet Arrow; R4 15p" → the finishers in order, the non-runners and Rule 4. */
function readResultEntries(
  line: string,
): { entries: Pick<ParsedRaceResult, 'finishers' | 'nonRunners' | 'rule4'>; horses: string[] } | string {
  const r4 = readRule4(line);
  if (typeof r4 === 'string') return r4;
  const { rest, rule4 } = r4;
  const [placings, ...others] = rest.split(';');
  const finishers: ResultFinisher[] = [];
  for (const entry of names(placings)) {
    const sp = TRAILING_SP.exec(entry);
    const name = (sp ? entry.slice(0, sp.index) : entry).trim();
    if (sp && parseOdds(sp[1]) === null) return `"${sp[1]}" is not a starting price (like 5/2, evs or 3.5).`;
    if (!name) return `A horse's name is missing before "${entry}".`;
    finishers.push({ name, startingPrice: sp ? normaliseOdds(sp[1]) : null });
  }
  if (finishers.length === 0) return 'No winner: the winner comes first after the course and a colon.';
  const nonRunners: string[] = [];
  for (const part of others) {
    const nr = /^\s*(?:nr|non[- ]?runners?)\s*:?\s*(.*)$/i.exec(part);
    if (!nr) return `After ";" only non-runners may follow, as "NR: Horse, Horse".`;
    nonRunners.push(...names(nr[1]));
  }
  return {
    entries: { finishers, nonRunners, ...(rule4 && { rule4 }) },
    horses: [...finishers.map((f) => f.name), ...nonRunners],
  };
}

/** A race of the day's cards, as the matcher needs it. */
export interface CardRace {
  time: string;
  course: string;
  runners: { name: string }[];
}
type RunnerOf<C extends CardRace> = C['runners'][number];

export interface MatchedRunner<R> {
  runner: R;
  finish: Finish;
  position: number | null;
  startingPrice: string | null;
}

export interface MatchedRace<C extends CardRace> {
  parsed: ParsedRaceResult;
  card: C;
  /** Every runner of the card, in card order, with how it finished (not named = ran unplaced). */
  runners: MatchedRunner<RunnerOf<C>>[];
}

/**
 * Matches read lines to the day's cards: the race by time and course, each named horse among its
 * runners. Problems name every race and horse not found; all-or-nothing is the caller's rule.
 */
export function matchResults<C extends CardRace>(
  parsed: ParsedRaceResult[],
  cards: C[],
): { matched: MatchedRace<C>[]; problems: ResultProblem[] } {
  type R = RunnerOf<C>;
  const matched: MatchedRace<C>[] = [];
  const problems: ResultProblem[] = [];
  for (const race of parsed) {
    const text = `${race.time} ${race.course}`;
    const card = cardRaceAt(cards, race.time, race.course);
    if (!card) {
      problems.push({ line: race.line, text, message: `No race at ${text} on the cards of that day.` });
      continue;
    }
    const byKey = new Map<string, R>(card.runners.map((r) => [nameKey(r.name), r]));
    const finishOf = new Map<R, Omit<MatchedRunner<R>, 'runner'>>();
    const unknown: string[] = [];
    race.finishers.forEach((f, i) => {
      const runner = byKey.get(nameKey(f.name));
      if (runner)
        finishOf.set(runner, { finish: i === 0 ? 'won' : 'placed', position: i + 1, startingPrice: f.startingPrice });
      else unknown.push(f.name);
    });
    for (const name of race.nonRunners) {
      const runner = byKey.get(nameKey(name));
      if (runner) finishOf.set(runner, { finish: 'nr', position: null, startingPrice: null });
      else unknown.push(name);
    }
    if (unknown.length) {
      for (const name of unknown)
        problems.push({ line: race.line, text, message: `${name} is not a runner in ${card.time} ${card.course}.` });
      continue;
    }
    matched.push({
      parsed: race,
      card,
      runners: card.runners.map((runner) => ({
        runner,
        ...(finishOf.get(runner) ?? { finish: 'ran', position: null, startingPrice: null }),
      })),
    });
  }
  return { matched, problems };
}

/**
 * The day's race a published tip is for: the same 24-hour time and, when the tip names one, the
 * same course (compared like results names).
 */
export function raceOfTip<R extends { time: string; course: string }>(
  races: readonly R[],
  tip: Pick<ParsedTip, 'raceTime' | 'raceLocation'>,
): R | undefined {
  return races.find(
    (r) => r.time === tip.raceTime && (!tip.raceLocation || nameKey(r.course) === nameKey(tip.raceLocation)),
  );
}

/** The race of a tip record: "14:10" + "Ascot", or a manual entry's "2:10 Ascot" + 'Daily Tips'. */
export function tipRace(raceTime: string, raceLocation: string): { time: string; course: string } | null {
  const location = raceLocation === 'Daily Tips' ? '' : raceLocation.trim();
  const m = /^\s*(\d{1,2})[:.](\d{2})\s*(am|pm)?\s*(.*)$/i.exec(raceTime);
  if (!m) return null;
  const time = normaliseRaceTime(Number(m[1]), Number(m[2]), m[3]);
  const course = (m[4].trim() || location).trim();
  return time ? { time, course } : null;
}
