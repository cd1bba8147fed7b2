/**
 * Prices and results from the racing-data feeds (Betfair's BSP files, The Racing API) in one shape
 * whatever their source, matched to a day's race cards by the results' rules: the race by time and
 * course, the horse by `nameKey`. Nothing is guessed: what does not match is listed. Pure: no
 * clock, no I/O.
 */
import { nameKey, type CardRace, type Finish } from './race-results';

/** The feeds that can be polled; `manual` (the analyst's uploads and pastes) is not one. */
export const FEED_PROVIDERS = ['bsp', 'racing-api'] as const;
export type FeedProvider = (typeof FEED_PROVIDERS)[number];
/** Who settled a race's result. */
export const RESULT_SOURCES = ['manual', ...FEED_PROVIDERS] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/** A price a feed saw for a runner, on the London day and at the London time of its race. */
export interface FeedPrice {
  date: string;
  time: string; // HH:MM
  course: string;
  horseName: string;
  price: number; // decimal odds
  priceText: string; // as the feed wrote it, normalised ("15/2", "11.26")
  observedAt: Date;
}

export interface FeedRunner {
  horseName: string;
  finish: Finish;
  /** The finishing position as the feed gives it (any finisher), or null when it does not say. */
  position: number | null;
  startingPrice: string | null;
  bsp: number | null;
}

export interface FeedRace {
  date: string;
  time: string; // HH:MM
  course: string;
  /** Every runner the feed names: those that ran and the non-runners it lists. A card runner it does not name did not run. */
  runners: FeedRunner[];
  /**
   * Whether the feed says how every runner finished. A race it cannot settle (a BSP win file
   * without its place market) still carries the runners' figures (BSP) and its winner.
   */
  settles: boolean;
}

export interface FeedBatch {
  prices: FeedPrice[];
  results: FeedRace[];
  /** What the feed itself could not do ("14:10 Ascot: no place market, not settled"), for the admin. */
  notes: string[];
  /**
   * A request that failed after others were read (the results after the prices): what was read is
   * still written, and the feed's status shows this failure.
   */
  failure?: Error;
}

/** One thing a run could not match to the cards, listed for the admin. */
export interface FeedProblem {
  date: string;
  /** "14:10 Ascot", or the course alone when no race there is on the cards. */
  race: string;
  horse: string | null;
  message: string;
}

/**
 * Betfair's short course names whose key is not the start of the course's own (most are: "Kemp",
 * "Wolv", "Newc", "Ling"); each maps to the key of the course as the cards name it.
 */
const COURSE_ABBREVIATIONS: Record<string, string> = {
  sthl: 'southwell',
  epsm: 'epsom',
  thsk: 'thirsk',
  mras: 'marketrasen',
  ntab: 'newtonabbot',
  tntn: 'taunton',
  wcnt: 'wincanton',
  droyal: 'downroyal',
};

/**
 * The card course a feed's course names on that day: the same name (nameKey: a country or surface
 * suffix such as "(IRE)" or "(AW)" does not count), a listed Betfair short name, or else the one
 * card course whose name starts with it or that it starts with ("Kemp" → Kempton, "Chelmsford
 * City" → Chelmsford). Two candidates, or none: null, never a guess.
 */
export function resolveCourse(feedCourse: string, cardCourses: readonly string[]): string | null {
  const raw = nameKey(feedCourse).replace(/^the/, '');
  const key = COURSE_ABBREVIATIONS[raw] ?? raw;
  if (key.length < 3) return null;
  const courses = [...new Map(cardCourses.map((c) => [nameKey(c).replace(/^the/, ''), c])).entries()];
  const exact = courses.find(([k]) => k === key);
  if (exact) return exact[1];
  const prefixed = courses.filter(([k]) => k.startsWith(key) || key.startsWith(k));
  return prefixed.length === 1 ? prefixed[0][1] : null;
}

type RunnerOf<C extends CardRace> = C['runners'][number];

interface MatchedFeedRunner<R> {
  runner: R;
  finish: Finish;
  position: number | null;
  startingPrice: string | null;
  bsp: number | null;
}

export interface MatchedFeedRace<C extends CardRace> {
  card: C;
  feed: FeedRace;
  /** Every runner of the card in card order: as the feed has it, or a non-runner when it does not name it. */
  runners: MatchedFeedRunner<RunnerOf<C>>[];
  /** Every runner that ran in the feed is on the card: only then may the race be settled from it. */
  complete: boolean;
}

interface MatchedFeedPrice<C extends CardRace> {
  card: C;
  runner: RunnerOf<C>;
  price: FeedPrice;
}

export interface FeedMatch<C extends CardRace> {
  prices: MatchedFeedPrice<C>[];
  results: MatchedFeedRace<C>[];
  problems: FeedProblem[];
}

/**
 * Matches one London day's feed prices and results to that day's cards. A race matches by its
 * time and course (resolveCourse), a horse by nameKey among the race's runners. Problems name each
 * course with no cards, each race not on the cards and each horse not among its race's runners
 * (a non-runner not on the card — a reserve — is no problem), once each.
 */
export function matchFeed<C extends CardRace>(
  date: string,
  cards: readonly C[],
  batch: Pick<FeedBatch, 'prices' | 'results'>,
): FeedMatch<C> {
  type R = RunnerOf<C>;
  const problems = new Map<string, FeedProblem>();
  const problem = (race: string, horse: string | null, message: string) => {
    const key = `${race}|${horse ?? ''}`;
    if (!problems.has(key)) problems.set(key, { date, race, horse, message });
  };
  const cardCourses = cards.map((c) => c.course);
  const runnerIndex = new Map<C, Map<string, R>>(
    cards.map((c) => [c, new Map(c.runners.map((r) => [nameKey(r.name), r]))]),
  );

  /** The card race of a feed race, or null with the problem listed. */
  const cardOf = (time: string, course: string): C | null => {
    const cardCourse = resolveCourse(course, cardCourses);
    if (!cardCourse) {
      problem(
        course,
        null,
        cards.length ? `No race cards at ${course} on ${date}.` : `There are no race cards for ${date}.`,
      );
      return null;
    }
    const card = cards.find((c) => c.time === time && c.course === cardCourse);
    if (!card) problem(`${time} ${cardCourse}`, null, `No race at ${time} ${cardCourse} on the cards of ${date}.`);
    return card ?? null;
  };
  const notARunner = (card: C, name: string) =>
    problem(
      `${card.time} ${card.course}`,
      name,
      `${name} is not a runner in ${card.time} ${card.course} on the cards.`,
    );

  const prices: MatchedFeedPrice<C>[] = [];
  for (const price of batch.prices) {
    if (price.date !== date) continue;
    const card = cardOf(price.time, price.course);
    if (!card) continue;
    const runner = runnerIndex.get(card)!.get(nameKey(price.horseName));
    if (runner) prices.push({ card, runner, price });
    else notARunner(card, price.horseName);
  }

  const results: MatchedFeedRace<C>[] = [];
  for (const race of batch.results) {
    if (race.date !== date) continue;
    const card = cardOf(race.time, race.course);
    if (!card) continue;
    const byKey = runnerIndex.get(card)!;
    const named = new Map<R, FeedRunner>();
    let complete = true;
    for (const fr of race.runners) {
      const runner = byKey.get(nameKey(fr.horseName));
      if (runner) named.set(runner, fr);
      else if (fr.finish !== 'nr') {
        complete = false;
        notARunner(card, fr.horseName);
      }
    }
    results.push({
      card,
      feed: race,
      complete,
      runners: card.runners.map((r) => {
        const fr = named.get(r);
        return fr
          ? { runner: r, finish: fr.finish, position: fr.position, startingPrice: fr.startingPrice, bsp: fr.bsp }
          : { runner: r, finish: 'nr' as const, position: null, startingPrice: null, bsp: null };
      }),
    });
  }
  return { prices, results, problems: [...problems.values()] };
}

/** Which result stands when two sources settle one race: the analyst's over any feed, a full finishing order over BSP files. */
const SOURCE_RANK: Record<ResultSource, number> = { manual: 3, 'racing-api': 2, bsp: 1 };

/** Whether a feed may write a race's result over one already stored from `existing`. */
export const feedMayReplace = (existing: ResultSource, feed: FeedProvider): boolean =>
  SOURCE_RANK[feed] >= SOURCE_RANK[existing];

interface StoredRunner {
  name: string;
  finish: Finish;
  position: number | null;
}

/**
 * Whether a feed's result agrees with a stored one: the same winner(s), and every stored placed
 * horse where the feed gives a position at that position. Placed horses the feed cannot order (a
 * BSP place market) and non-runners are not compared: place terms and reserves differ by source.
 */
export function feedAgrees(
  stored: readonly StoredRunner[],
  feed: ReadonlyArray<{ name: string; finish: Finish; position: number | null }>,
): boolean {
  const winners = (list: ReadonlyArray<{ name: string; finish: Finish }>) =>
    list
      .filter((r) => r.finish === 'won')
      .map((r) => nameKey(r.name))
      .sort()
      .join('|');
  if (winners(stored) !== winners(feed)) return false;
  const feedByKey = new Map(feed.map((r) => [nameKey(r.name), r]));
  return stored.every((r) => {
    if (r.finish !== 'placed' || r.position === null) return true;
    const f = feedByKey.get(nameKey(r.name));
    return !f || f.position === null || f.position === r.position;
  });
}

/** The longest a failing feed waits between attempts (unless its own interval is longer). */
const MAX_BACKOFF_MS = 3600_000;

/**
 * How long a feed waits after its `failures`-th failure in a row: twice its interval, doubling
 * with each further failure up to an hour, and never less than the Retry-After it was given.
 */
export function feedRetryDelayMs(intervalMs: number, failures: number, retryAfterMs: number | null): number {
  const backoff = Math.max(intervalMs, Math.min(intervalMs * 2 ** Math.max(1, failures), MAX_BACKOFF_MS));
  return Math.max(backoff, retryAfterMs ?? 0);
}

/**
 * Betting exchanges, where punters bet against each other at decimal odds before commission: their
 * price is not a bookmaker's, so it is never the card's price.
 */
const EXCHANGES = ['betdaq', 'matchbook', 'smarkets'];

/** Whether an odds source a feed names ("Betfair Exchange", "Betdaq") is an exchange rather than a bookmaker. */
export function isExchange(source: string): boolean {
  const key = nameKey(source);
  return EXCHANGES.includes(key) || key.endsWith('exchange');
}

/**
 * The horses a results feed's non-runners note names: "Darn Hot Time (self certificate, off feed),
 * Moostar (withdrawn, vet's advice)" → Darn Hot Time, Moostar. Names are separated by commas
 * outside parentheses; what is in parentheses is the reason. A part with no letters ("...") is no name.
 */
export function nonRunnerNames(note: string | null | undefined): string[] {
  const names: string[] = [];
  let depth = 0;
  let name = '';
  const add = () => {
    const n = name.replace(/\s+/g, ' ').trim();
    if (/\p{L}/u.test(n)) names.push(n);
    name = '';
  };
  for (const ch of note ?? '') {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && ch === ',') add();
    else if (depth === 0) name += ch;
  }
  add();
  return names;
}
