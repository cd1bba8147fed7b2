/**
 * Finds each selection of a multiple on the day's cards, so its race, and so its receipt, are
 * known. A selection is matched by its name as results compare names (nameKey); when it names its
 * race too ("Northern Star 2:10 Ascot"), only that race counts. A name found in no race, or in more
 * than one, is not matched.
 */
import { nameKey } from '../name-key';
import { raceOfTip } from '../race-results';
import { parseTipText } from '../tip-text';

interface CardRunner {
  name: string;
  bookieOddsText: string | null;
}
interface CardRace<H extends CardRunner> {
  time: string;
  course: string;
  runners: readonly H[];
}

export type LegMatch<R, H> =
  | { found: 'one'; horse: string; advised: string; race: R; runner: H }
  | { found: 'none' | 'several'; horse: string; advised: string; races: R[] };

/** One selection as typed ("Northern Star", "Northern Star – 2:10 Ascot (7/1)") matched to the cards. */
export function matchLeg<H extends CardRunner, R extends CardRace<H>>(
  races: readonly R[],
  text: string,
): LegMatch<R, H> {
  const parsed = parseTipText(text);
  const horse = parsed?.selectionName ?? text.trim();
  const advised = parsed?.advisedOdds ?? '';
  const named = parsed?.raceTime ? raceOfTip(races, parsed) : undefined;
  const within = parsed?.raceTime ? (named ? [named] : []) : races;
  const key = nameKey(horse);
  const hits = within.flatMap((race) =>
    race.runners.filter((h) => nameKey(h.name) === key).map((runner) => ({ race, runner })),
  );
  if (hits.length === 1) return { found: 'one', horse, advised, race: hits[0].race, runner: hits[0].runner };
  return { found: hits.length === 0 ? 'none' : 'several', horse, advised, races: hits.map((h) => h.race) };
}

/** "Copper Coast (not on today's cards)", "Silver Dawn (runs in the 14:10 Ascot and the 16:20 Kempton)". */
export function unmatchedLegText<R extends { time: string; course: string }>(leg: {
  found: 'none' | 'several';
  horse: string;
  races: readonly R[];
}): string {
  if (leg.found === 'none') return `${leg.horse} (not on today's cards)`;
  const races = leg.races.map((r) => `the ${r.time} ${r.course}`);
  return `${leg.horse} (runs in ${races.slice(0, -1).join(', ')} and ${races.at(-1)})`;
}
