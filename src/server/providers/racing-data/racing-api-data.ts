import { z } from 'zod';
import { londonClock, londonDate } from '#shared/london-time';
import { placeTerms } from '#shared/my-bets';
import { parseOdds } from '#shared/odds';
import { nameKey } from '#shared/race-results';
import { isExchange, nonRunnerNames, type FeedPrice, type FeedRace, type FeedRunner } from '#shared/racing-feeds';
import { normaliseOdds, normaliseRaceTime } from '#shared/tip-text';
import { fieldOf } from '#shared/unknown-values';

/**
 * The Racing API's published JSON (its OpenAPI; real answers in tests/fixtures/real/racing-api/),
 * only the fields VBG reads: `GET /v1/racecards/standard` (RacecardsOddsPage: each racecard's
 * course, date, off_time "1:50" and off_dt "2025-10-14T13:44:00+01:00", runners with the `odds` of
 * each bookmaker and of the Betfair Exchange) and `GET /v1/results` (ResultsPage: each result's
 * course, date, off, off_dt, race_name, the non_runners note, runners with `position`, `sp` and
 * `sp_dec`). A result carries no BSP: BSPs come from Betfair's own files. Everything else is ignored.
 */
const text = z.string().nullish();

const racecardsPage = z.object({
  racecards: z.array(
    z.object({
      course: z.string(),
      date: z.string(),
      off_time: z.string(),
      off_dt: text,
      is_abandoned: z.boolean().nullish(),
      runners: z.array(
        z.object({
          horse: z.string(),
          odds: z.array(z.object({ bookmaker: z.string(), fractional: z.string(), decimal: z.string() })).nullish(),
        }),
      ),
    }),
  ),
});

const resultsPage = z.object({
  results: z
    .array(
      z.object({
        course: z.string(),
        date: z.string(),
        off: z.string(),
        off_dt: text,
        race_name: z.string(),
        non_runners: text,
        runners: z.array(z.object({ horse: z.string(), position: z.string(), sp: text, sp_dec: text })),
      }),
    )
    .nullable(),
  total: z.number().int(),
});

export type RacecardsPage = z.infer<typeof racecardsPage>;
export type ResultsPage = z.infer<typeof resultsPage>;

/** The documented shape, or a message naming what is not (the first few problems). */
function readPage<T>(schema: z.ZodType<T>, what: string, body: string): T | string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${what} did not answer JSON.`;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'the answer'}: ${i.message}`);
  return `${what} answered in an unexpected shape (${where.join('; ')}).`;
}
export const readRacecards = (body: string) => readPage(racecardsPage, 'The Racing API racecards', body);
export const readResults = (body: string) => readPage(resultsPage, 'The Racing API results', body);

/**
 * The Racing API's validation answer (422, `{"detail":[{"loc":["query","limit"],"msg":…}]}`) as
 * "query.limit: ensure this value is less than or equal to 50"; null for any other body.
 */
export function validationDetail(body: string): string | null {
  try {
    const detail = fieldOf(JSON.parse(body), 'detail');
    if (!Array.isArray(detail)) return null;
    const parts = detail.slice(0, 3).map((d: unknown) => {
      const loc = fieldOf(d, 'loc');
      const msg = fieldOf(d, 'msg');
      return `${Array.isArray(loc) ? loc.join('.') : '?'}: ${typeof msg === 'string' ? msg : '?'}`.slice(0, 200);
    });
    return parts.length ? parts.join('; ') : null;
  } catch {
    return null;
  }
}

/** The race's London day and 24-hour time: from off_dt when given, else the day and "1:50" (afternoon, as racing is). */
function raceTime(day: string, off: string, offDt: string | null | undefined): { date: string; time: string } | null {
  if (offDt) {
    const instant = new Date(offDt);
    if (!Number.isNaN(instant.getTime())) return { date: londonDate(instant), time: londonClock(instant) };
  }
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(off.trim());
  const time = m ? normaliseRaceTime(Number(m[1]), Number(m[2])) : null;
  return time ? { date: day, time } : null;
}

/**
 * A bookmaker's price as it writes it: its fraction ("15/2", "evs"); a whole number one less than
 * the decimal is that many to one ("8" at 9.0 is 8/1); else the decimal.
 */
function bookmakerText(fractional: string, price: number): string {
  const fraction = fractional.trim();
  if (/^\d+\s*\/\s*\d+$/.test(fraction) || /^ev(en)?s?$/i.test(fraction)) return normaliseOdds(fraction);
  if (/^\d+$/.test(fraction) && Number(fraction) === price - 1) return `${Number(fraction)}/1`;
  return String(price);
}

/**
 * A runner's price: the best (longest) price among its bookmakers, or only the named bookmaker's
 * when one is configured, written as that bookmaker's fraction. An exchange (the Betfair Exchange
 * among the odds) is not a bookmaker: its decimal price is never taken.
 */
export function chosenPrice(
  odds: ReadonlyArray<{ bookmaker: string; fractional: string; decimal: string }>,
  bookmaker?: string,
): { price: number; priceText: string } | null {
  const wanted = bookmaker ? nameKey(bookmaker) : null;
  let best: { price: number; priceText: string } | null = null;
  for (const q of odds) {
    if (isExchange(q.bookmaker)) continue;
    if (wanted !== null && nameKey(q.bookmaker) !== wanted) continue;
    const price = Number(q.decimal);
    if (!Number.isFinite(price) || price <= 1) continue;
    if (best && price <= best.price) continue;
    best = { price, priceText: bookmakerText(q.fractional, price) };
  }
  return best;
}

/** Each card's runners' chosen prices, observed now. Abandoned races and runners without a price give none. */
export function racecardPrices(page: RacecardsPage, observedAt: Date, bookmaker?: string): FeedPrice[] {
  const prices: FeedPrice[] = [];
  for (const card of page.racecards) {
    const when = raceTime(card.date, card.off_time, card.off_dt);
    if (!when || card.is_abandoned) continue;
    for (const runner of card.runners) {
      const chosen = chosenPrice(runner.odds ?? [], bookmaker);
      if (chosen) prices.push({ ...when, course: card.course, horseName: runner.horse, ...chosen, observedAt });
    }
  }
  return prices;
}

/** "5/2F", "11/10jf", "Evens" → "5/2", "11/10", "evs"; the decimal SP when the fraction cannot be read. */
function startingPrice(sp: string | null | undefined, spDec: string | null | undefined): string | null {
  const m = /^\s*(\d+\s*\/\s*\d+|evs|evens|even)\s*(?:f|fav|jf|cf|j)?\s*$/i.exec(sp ?? '');
  if (m) return normaliseOdds(m[1]);
  const decimal = parseOdds(spDec ?? null);
  return decimal ? String(decimal) : null;
}

/**
 * Each result as VBG records it: position 1 won; the next positions within the UK place terms
 * for the runners that ran (placeTerms, handicap by the race's name) were placed; every other
 * finisher, and a runner that did not finish (PU, F, UR…), ran unplaced. The horses the
 * non-runners note names (nonRunnerNames: the reasons in parentheses are not names) are
 * non-runners. No runner has a BSP from here. A result without a winner does not settle.
 */
export function resultRaces(page: ResultsPage): FeedRace[] {
  const races: FeedRace[] = [];
  for (const result of page.results ?? []) {
    const when = raceTime(result.date, result.off, result.off_dt);
    if (!when) continue;
    const places = placeTerms(result.runners.length, /handicap/i.test(result.race_name)).places;
    const runners: FeedRunner[] = result.runners.map((r) => {
      const m = /^=?(\d+)$/.exec(r.position.trim());
      const position = m ? Number(m[1]) : null;
      const finish = position === 1 ? 'won' : position !== null && position <= places ? 'placed' : 'ran';
      return { horseName: r.horse, finish, position, startingPrice: startingPrice(r.sp, r.sp_dec), bsp: null };
    });
    for (const name of nonRunnerNames(result.non_runners))
      runners.push({ horseName: name, finish: 'nr', position: null, startingPrice: null, bsp: null });
    races.push({ ...when, course: result.course, runners, settles: runners.some((r) => r.finish === 'won') });
  }
  return races;
}
