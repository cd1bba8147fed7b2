import type { Finish } from '../race-results';
import { z } from 'zod';
import { WEEKDAYS, type Weekday } from '../london-time';
import type { PricePoint } from './prices';
import type { Rule4 } from '../proofing/rule4';
import { isOneOf } from '../unknown-values';

/** A weekday tab as the admin form sends it ("saturday" or "Saturday"), normalised to lowercase. */
export const weekdayParam = (label: string) =>
  z
    .string({ message: `${label} is required: choose a weekday.` })
    .trim()
    .min(1, `${label} is required: choose a weekday.`)
    .transform((v) => v.toLowerCase())
    .refine((v) => isOneOf(WEEKDAYS, v), {
      message: `${label} must be a weekday (sunday to saturday).`,
    });

export const targetTabSchema = weekdayParam('targetTab');

/** One runner of a race card; bookieOdds is decimal. */
export interface RaceCardHorse {
  id: number;
  position: number;
  name: string;
  number: number | null;
  draw: number | null;
  dslr: number | null;
  sire: string;
  dam: string;
  form: string;
  formHistory: string;
  jockey: string;
  jockeyClaim: number | null;
  trainer: string;
  vbRating: number | null;
  age: number | null;
  equipment: string;
  runsWins: string;
  officialRating: number | null;
  weight: string;
  summary: string;
  bookieOdds: number | null;
  bookieOddsText: string | null;
  potentialNonRunner: boolean;
  /** How this runner finished, once the race is resulted (members' cards only). */
  result?: RunnerResult;
  /** The runner's prices of the day, oldest first, the latest few only, when it has any (members' cards only). */
  priceHistory?: PricePoint[];
}

/** How one runner finished: position 1 for the winner, 2.. for the placed; none for the rest. */
export interface RunnerResult {
  finish: Finish;
  position: number | null;
  startingPrice: string | null;
}

export interface RaceCard {
  id: number;
  weekday: Weekday;
  raceDate: string;
  time: string;
  course: string;
  title: string;
  distance: string;
  raceType: string;
  classNumber: string;
  prizeMoney: string;
  ageHandicapInfo: string;
  verdict: string;
  runnerCount: number;
  horses: RaceCardHorse[];
  /** How the race finished, once the analyst has entered its result (members' cards only). */
  result?: RaceCardResult;
}

/** A race's result on its card: every runner as entered, winner first, then the placed in order. */
export interface RaceCardResult {
  runners: Array<{ name: string } & RunnerResult>;
  /** Tattersalls Rule 4 on the race, when there was one. */
  rule4?: Rule4;
}

/** What merging a workbook into a weekday's cards does (server merge-plan.ts; the re-process preview shows it). */
export interface MergeSummary {
  racesKept: number;
  racesAdded: number;
  racesRemoved: number;
  runnersKept: number;
  runnersAdded: number;
  runnersRemoved: number;
  /** Runners keeping values a later stage set (the workbook did not change those fields). */
  laterValuesKept: number;
  /** Runners whose later-stage values the workbook now changes (the workbook wins there). */
  laterValuesReplaced: number;
}

export interface RaceSummary {
  id: number;
  /** The London day the race is run (YYYY-MM-DD): the weekday tabs show it. */
  raceDate: string;
  time: string;
  course: string;
  title: string;
  runnerCount: number;
}

/** GET /api/vbg-race-cards-metadata: every weekday (lowercase) with its races, plus the stamps. */
export type RaceCardsMetadata = Record<Weekday, RaceSummary[]> & { _timestamp: number; _cacheBuster: number };

/** POST /api/admin-settings/default-weekday: { weekday } any case, stored capitalised. */
export const defaultWeekdayBody = z.object(
  { weekday: weekdayParam('weekday') },
  { message: 'Send JSON { "weekday": "Thursday" }.' },
);
export type DefaultWeekdayBody = z.infer<typeof defaultWeekdayBody>;

/** GET /api/admin-settings/default-weekday. */
export interface DefaultWeekday {
  value: string;
}

/** POST /api/free-race/nominate: the race is named by its time, course and weekday tab. */
export const nominateFreeRaceBody = z.object(
  {
    raceTime: z
      .string({ message: 'raceTime is required, e.g. "14:10".' })
      .trim()
      .regex(/^\d{1,2}[:.]\d{2}$/, 'raceTime must look like 14:10.'),
    course: z
      .string({ message: 'course is required.' })
      .trim()
      .min(1, 'course is required.')
      .max(100, 'course is too long.'),
    weekday: weekdayParam('weekday'),
  },
  { message: 'Send JSON { "raceTime", "course", "weekday" }.' },
);
export type NominateFreeRaceBody = z.infer<typeof nominateFreeRaceBody>;

/** The nominated race; weekday is the lowercase tab. */
export interface FreeRace {
  raceTime: string;
  course: string;
  weekday: Weekday;
}

/** GET /api/free-race/today. */
export interface FreeRaceToday {
  freeRace: FreeRace | null;
}

/** GET /api/free-race-preview: only ever the nominated race. */
export interface FreeRacePreview {
  available: boolean;
  race_time: string | null;
  venue: string | null;
  weekday: Weekday | null;
  raceData: RaceCard | null;
  message: string;
}

/**
 * GET /api/vbg-race-cards: every weekday (lowercase) with its races, plus which weekday tab is
 * yesterday, today and tomorrow in London (lowercase weekday names).
 */
export type RaceCardsByDay = Record<Weekday, RaceSummary[]> & { yesterday: Weekday; today: Weekday; tomorrow: Weekday };

/** DELETE /api/vbg-race-cards/clear-day/{day}. */
export const clearDayParam = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .refine((v) => isOneOf(['yesterday', 'today', 'tomorrow'], v), {
    message: 'The day must be yesterday, today or tomorrow.',
  });

/** POST /api/vbg-race-cards/morning-odds: one "Horse: odds" line per runner for one weekday tab. */
export const morningOddsTextBody = z.object(
  {
    tabType: weekdayParam('tabType'),
    morningOdds: z
      .string({ message: 'morningOdds is required: one "Horse: odds" line per runner.' })
      .max(64 * 1024, 'The morning odds text is too long (64 KB at most).'),
  },
  { message: 'Send JSON { "tabType": "saturday", "morningOdds": "Horse: 5/1" }.' },
);
