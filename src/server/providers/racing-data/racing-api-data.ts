import { z } from 'zod';
import { londonClock, londonDate } from '#shared/london-time';
import { placeTerms } from '#shared/my-bets';
import { parseOdds } from '#shared/odds';
import { nameKey } from '#shared/race-results';
import type { FeedPrice, FeedRace, FeedRunner } from '#shared/racing-feeds';
import { normaliseOdds, normaliseRaceTime } from '#shared/tip-text';

/**
 * The Racing API's documented JSON (api.theracingapi.com/documentation), only the fields VBG
 * reads: `GET /v1/racecards/standard` (RacecardsOddsPage: each racecard's course, date, off_time
 * "1:50" and off_dt "2023-05-02T13:50:00+01:00", runners with their bookmakers' `odds`) and
 * `GET /v1/results` (ResultsStandardPage: each result's course, date, off, off_dt, race_name,
 * non_runners, runners with `position`, `sp`, `sp_dec` and `bsp`). Everything else is ignored.
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
        runners: z.array(z.object({ horse: z.string(), position: z.string(), sp: text, sp_dec: text, bsp: text })),
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
 * A runner's price: the best (longest) decimal price among its bookmakers, or only the named
 * bookmaker's when one is configured. Written as the bookmaker's fraction when it gives one
 * ("15/2"), else as the decimal.
 */
export function chosenPrice(
  odds: ReadonlyArray<{ bookmaker: string; fractional: string; decimal: string }>,
  bookmaker?: string,
): { price: number; priceText: string } | null {
  const wanted = bookmaker ? nameKey(bookmaker) : null;
  let best: { price: number; priceText: string } | null = null;
  for (const q of odds) {
    if (wanted !== null && nameKey(q.bookmaker) !== wanted) continue;
    const price = Number(q.decimal);
    if (!Number.isFinite(price) || price <= 1) continue;
    if (best && price <= best.price) continue;
    const fraction = q.fractional.trim();
    best = {
      price,
      priceText:
        /^\d+\s*\/\s*\d+$/.test(fraction) || /^ev(en)?s?$/i.test(fraction) ? normaliseOdds(fraction) : String(price),
    };
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
 * finisher, and a runner that did not finish (PU, F, UR…), ran unplaced. The listed non-runners
 * (without "(reserve)" and other notes) are non-runners. A result without a winner does not settle.
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
      const bsp = Number(r.bsp);
      return {
        horseName: r.horse,
        finish,
        position,
        startingPrice: startingPrice(r.sp, r.sp_dec),
        bsp: Number.isFinite(bsp) && bsp > 1 ? bsp : null,
      };
    });
    const nonRunners = (result.non_runners ?? '')
      .split(',')
      .map((n) => n.replace(/\([^)]*\)/g, '').trim())
      .filter(Boolean);
    for (const name of nonRunners)
      runners.push({ horseName: name, finish: 'nr', position: null, startingPrice: null, bsp: null });
    races.push({ ...when, course: result.course, runners, settles: runners.some((r) => r.finish === 'won') });
  }
  return races;
}
