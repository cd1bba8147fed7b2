/**
 * Prices through the day as the analyst pastes them, read and matched to the race cards.
 * One line a race: "14:10 Ascot: Northern Star 9/2, Harbour Light 8/1" — any number of
 * "Horse price" pairs, each price fractional (9/2, 9-2), evens (evs) or decimal (5.5).
 * Read like the results paste (pasted-race-lines.ts): the same race line, the same name
 * comparison, every problem named by its line. Pure: no clock, no I/O.
 */
import { parseOdds, round } from './odds';
import { nameKey } from './name-key';
import { cardRaceAt, readPastedRaceLines, type PastedRace, type ResultProblem } from './pasted-race-lines';
import type { CardRace } from './race-results';
import { normaliseOdds } from './tip-text';

export const PRICE_LINE_EXAMPLE = '14:10 Ascot: Northern Star 9/2, Harbour Light 8/1';
/** Betfair's ceiling; anything longer is a slip of the keyboard. */
const LONGEST_PRICE = 1000;
const TRAILING_PRICE = /\s+(\d{1,4}\s*[/-]\s*\d{1,4}|evs|evens|even|evns|\d{1,4}(?:\.\d{1,3})?)$/i;

interface PastedPrice {
  name: string;
  /** Decimal odds, stake included, to two places. */
  price: number;
  /** As written, normalised ("9/2", "evs", "5.5"). */
  priceText: string;
}

export type ParsedPriceRace = PastedRace<{ prices: PastedPrice[] }>;

/** Every line read, or the problems of those that could not be; blank lines are skipped. */
export function parsePriceLines(text: string): { races: ParsedPriceRace[]; problems: ResultProblem[] } {
  return readPastedRaceLines(text, PRICE_LINE_EXAMPLE, (rest) => {
    const prices: PastedPrice[] = [];
    for (const entry of rest.split(',').map((e) => e.trim())) {
      if (!entry) continue;
      const read = readPrice(entry);
      if (typeof read === 'string') return read;
      prices.push(read);
    }
    if (prices.length === 0) return `No prices after the course: write them like "${PRICE_LINE_EXAMPLE}".`;
    return { entries: { prices }, horses: prices.map((p) => p.name) };
  });
}

/** "Northern Star 9/2" → the horse and its price, or why it cannot be read. */
function readPrice(entry: string): PastedPrice | string {
  const m = TRAILING_PRICE.exec(entry);
  const name = m ? entry.slice(0, m.index).trim() : '';
  if (!m || !name) return `"${entry}" needs a horse and its price, like "Northern Star 9/2".`;
  const decimal = parseOdds(m[1]);
  if (decimal === null || decimal > LONGEST_PRICE)
    return `"${m[1]}" is not a price for ${name} (like 9/2, evs or 5.5).`;
  return { name, price: round(decimal, 2), priceText: normaliseOdds(m[1]) };
}

interface MatchedPrice<R> {
  runner: R;
  price: number;
  priceText: string;
}

export interface MatchedPriceRace<C extends CardRace> {
  parsed: ParsedPriceRace;
  card: C;
  prices: MatchedPrice<C['runners'][number]>[];
}

/**
 * Matches read lines to the day's cards: the race by time and course, each named horse among its
 * runners. Problems name every race and horse not found; all-or-nothing is the caller's rule.
 */
export function matchPrices<C extends CardRace>(
  parsed: readonly ParsedPriceRace[],
  cards: readonly C[],
): { matched: MatchedPriceRace<C>[]; problems: ResultProblem[] } {
  const matched: MatchedPriceRace<C>[] = [];
  const problems: ResultProblem[] = [];
  for (const race of parsed) {
    const text = `${race.time} ${race.course}`;
    const card = cardRaceAt(cards, race.time, race.course);
    if (!card) {
      problems.push({ line: race.line, text, message: `No race at ${text} on the cards of that day.` });
      continue;
    }
    const byKey = new Map(card.runners.map((r) => [nameKey(r.name), r] as const));
    const prices: MatchedPriceRace<C>['prices'] = [];
    const unknown: string[] = [];
    for (const p of race.prices) {
      const runner = byKey.get(nameKey(p.name));
      if (runner) prices.push({ runner, price: p.price, priceText: p.priceText });
      else unknown.push(p.name);
    }
    for (const name of unknown)
      problems.push({ line: race.line, text, message: `${name} is not a runner in ${card.time} ${card.course}.` });
    if (unknown.length === 0) matched.push({ parsed: race, card, prices });
  }
  return { matched, problems };
}
