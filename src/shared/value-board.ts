/**
 * The value board: today's runners with their price now and through the day, and the VB tissue's
 * view of that price — the same value model, market correction on, and the same fair price and
 * "value down to" as the race card computes from the card's current prices (decision 0053). Pure:
 * no clock, no I/O.
 */
import { valueDownTo } from './odds-format';
import { round } from './odds';
import { byTime, raceIsOff } from './race-times';
import { nameKey, raceOfTip } from './race-results';
import { currentPrice } from './current-price';
import type { PricePoint } from './schemas/prices';
import type { RunnerResult } from './schemas/race-cards';
import type { ValueBoard, ValueBoardRace, ValueBoardRunner } from './schemas/value-board';
import type { ParsedTip } from './tip-text';
import { isNonRunner, valueField } from './value-field';
import { calculateValue } from './value-model';
import { recentPrices } from './recent-prices';

/**
 * The move from one price to another in percentage points of implied chance (100 ÷ decimal odds),
 * one decimal: 5/1 to 3/1 is +8.3 (shortened, a steamer), 3/1 to 5/1 is −8.3 (drifted).
 */
export function priceMove(from: number, to: number): number {
  return round(100 / to - 100 / from, 1);
}

export interface BoardRunnerInput {
  id: number;
  name: string;
  number: number | null;
  vbRating: number | null;
  /** The card's current price. */
  bookieOdds: number | null;
  bookieOddsText: string | null;
  potentialNonRunner: boolean;
  /** Every price of the day, any source, oldest first. */
  history: readonly PricePoint[];
  result: RunnerResult | null;
}

export interface BoardRaceInput {
  id: number;
  raceDate: string;
  time: string;
  course: string;
  title: string;
  resulted: boolean;
  runners: readonly BoardRunnerInput[];
}

export interface BoardTip {
  /** "NAP", "NB", "Longshot". */
  label: string;
  tip: Pick<ParsedTip, 'selectionName' | 'raceTime' | 'raceLocation'>;
}

/** Today's races in time order, each runner with its prices, the model's figures and its tip label. */
export function buildValueBoard(input: {
  date: string;
  clock: string;
  races: readonly BoardRaceInput[];
  tips: readonly BoardTip[];
}): ValueBoard {
  const tipOf = new Map<string, string>();
  for (const { label, tip } of input.tips) {
    const race = raceOfTip(input.races, tip);
    if (race) tipOf.set(`${race.id}|${nameKey(tip.selectionName)}`, label);
  }
  const races = byTime(input.races).map((race): ValueBoardRace => {
    const field = valueField(race.runners);
    const model = calculateValue(field, { marketCorrection: true });
    const runners = race.runners.map((h, i): ValueBoardRunner => {
      const now = currentPrice(h);
      const morning = h.history.filter((p) => p.source === 'morning').at(-1);
      const m = model[i];
      const fair = valueDownTo(field, i);
      const tip = tipOf.get(`${race.id}|${nameKey(h.name)}`) ?? null;
      return {
        id: h.id,
        horseName: h.name,
        number: h.number,
        vbRating: h.vbRating,
        price: h.bookieOdds,
        priceText: h.bookieOddsText,
        priceSource: now?.source ?? null,
        priceAt: now?.observedAt ?? null,
        morningPrice: morning?.price ?? null,
        morningPriceText: morning?.priceText ?? null,
        move: morning && h.bookieOdds !== null ? priceMove(morning.price, h.bookieOdds) : null,
        tissueOdds: fair?.decimal ?? null,
        valueScore: m.included ? m.valueScore! : null,
        value: m.included ? round(m.value!, 2) : null,
        valueDownTo: fair,
        history: recentPrices(h.history),
        isTip: tip !== null,
        tip,
        nonRunner: isNonRunner(h),
        result: h.result,
      };
    });
    return {
      id: race.id,
      time: race.time,
      course: race.course,
      title: race.title,
      off: raceIsOff(race, input.date, input.clock),
      resulted: race.resulted,
      runners,
    };
  });
  return { date: input.date, races };
}

export type BoardSort = 'value' | 'time';

export interface BoardFilters {
  /** Only runners scoring at least this (4: good value and better). */
  minScore: number | null;
  /** One course, compared like names; null for every course. */
  course: string | null;
  tipsOnly: boolean;
}

/** Best value first; runners the model leaves out last, in card order. */
function byValue(a: ValueBoardRunner, b: ValueBoardRunner): number {
  if (a.value === null || b.value === null) return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0);
  return b.value - a.value;
}

/** A race's best value gap; a race the model scores nobody in comes after every scored one. */
const bestValue = (race: ValueBoardRace) =>
  Math.max(-1e9, ...race.runners.flatMap((r) => (r.value === null ? [] : [r.value])));

/**
 * What the board shows: the filtered runners of each race (best value first; a race left with
 * none is dropped), the races still to run first — by their best value or by time to the off —
 * then the races that are off or resulted, by time.
 */
export function viewBoard(
  races: readonly ValueBoardRace[],
  sort: BoardSort,
  filters: BoardFilters,
): { upcoming: ValueBoardRace[]; finished: ValueBoardRace[] } {
  const course = filters.course === null ? null : nameKey(filters.course);
  const shown = races
    .filter((race) => course === null || nameKey(race.course) === course)
    .map((race) => ({
      ...race,
      runners: race.runners
        .filter(
          (r) =>
            (filters.minScore === null || (r.valueScore ?? 0) >= filters.minScore) && (!filters.tipsOnly || r.isTip),
        )
        .sort(byValue),
    }))
    .filter((race) => race.runners.length > 0);
  const finished = byTime(shown.filter((r) => r.off || r.resulted));
  const upcoming = shown.filter((r) => !r.off && !r.resulted);
  return {
    upcoming: sort === 'time' ? byTime(upcoming) : [...byTime(upcoming)].sort((a, b) => bestValue(b) - bestValue(a)),
    finished,
  };
}

/** The day's courses, for the course filter. */
export function boardCourses(races: readonly ValueBoardRace[]): string[] {
  return [...new Set(races.map((r) => r.course))].sort((a, b) => a.localeCompare(b));
}
