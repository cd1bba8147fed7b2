/**
 * The race-card event stream's protocol (decision 0059), pure so the page and the bench apply an
 * event alike. A prices or results event carries the changed runners' new figures in the shape the
 * value board and the race cards read, so a page applies it to what it holds without a request; an
 * upload or update of the cards, the day's tips (or a change too big to carry) make the page read
 * again. Every race-day write announces itself with one such event: the member alerts hear it too.
 */
import type { PricePoint } from './schemas/prices';
import type { RaceCard, RaceCardHorse } from './schemas/race-cards';
import type { ValueBoard, ValueBoardRunner } from './schemas/value-board';
import { HISTORY_POINTS } from './recent-prices';
import { fieldOf, isOneOf } from './unknown-values';

/**
 * What a race-day event says changed: the cards, a runner's details, prices, results, or the day's
 * tips (which the value board marks; a page reads again).
 */
const RACE_CARD_EVENT_TYPES = ['upload', 'update', 'prices', 'results', 'tips'] as const;
export type RaceCardEventType = (typeof RACE_CARD_EVENT_TYPES)[number];

/** The most an event's data may weigh (serialised); a bigger change is sent as `reload: true`. */
export const MAX_EVENT_BYTES = 4096;

/** One changed runner's new figures, by the card's horse id (the board's runner id). */
type EventRunner = Pick<
  ValueBoardRunner,
  | 'id'
  | 'price'
  | 'priceText'
  | 'priceSource'
  | 'priceAt'
  | 'move'
  | 'tissueOdds'
  | 'valueScore'
  | 'value'
  | 'valueDownTo'
  | 'nonRunner'
  | 'result'
> & { raceId: number };

/** The data of one event as the stream sends it; `id` is the stream's global event id (its version). */
export interface RaceCardEventData {
  type: RaceCardEventType;
  /** The weekday tab it concerns, null for every one. */
  weekday: string | null;
  /** When it was published (ISO instant). */
  at: string;
  /** The global event id: the same on every instance, ascending in commit order. */
  version?: number;
  /** The London day the runners race on (prices and results). */
  date?: string;
  /** The runners whose figures changed (prices and results). */
  runners?: EventRunner[];
  /** Races whose "resulted" changed. */
  races?: Array<{ id: number; resulted: boolean }>;
  /** The change is too big to carry (or could not be described): read again. */
  reload?: true;
}

/** An event of a type this page knows; the server writes the rest of its data. */
function isRaceCardEvent(value: unknown): value is RaceCardEventData {
  return isOneOf(RACE_CARD_EVENT_TYPES, fieldOf(value, 'type'));
}

/** Reads one event's data; null for anything else (a newer server's unknown type included). */
export function parseRaceCardEvent(text: string): RaceCardEventData | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRaceCardEvent(value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a page must read its queries again for this event (rather than apply it). */
export function eventNeedsReload(event: RaceCardEventData): boolean {
  return (
    event.reload === true || !Array.isArray(event.runners) || (event.type !== 'prices' && event.type !== 'results')
  );
}

/** A runner's history with the new current price as its latest point, when it is a new one. */
function withLatest(history: readonly PricePoint[], r: EventRunner): PricePoint[] {
  const last = history.at(-1);
  if (r.price === null || r.priceText === null || r.priceSource === null || r.priceAt === null) return [...history];
  if (last && last.observedAt === r.priceAt && last.source === r.priceSource) return [...history];
  const point: PricePoint = {
    price: r.price,
    priceText: r.priceText,
    source: r.priceSource,
    observedAt: r.priceAt,
  };
  return [...history, point].slice(-HISTORY_POINTS);
}

/**
 * The value board with a prices or results event applied: each named runner takes its new
 * figures, a race its "resulted". Returns the same board when the event changes nothing on it
 * (another day, unknown runners, or an event that needs a reload).
 */
export function applyRaceDayEvent(board: ValueBoard, event: RaceCardEventData): ValueBoard {
  if (eventNeedsReload(event) || event.date !== board.date) return board;
  const byId = new Map(event.runners!.map((r) => [r.id, r]));
  const resulted = new Map((event.races ?? []).map((r) => [r.id, r.resulted]));
  let changed = false;
  const races = board.races.map((race) => {
    const runnersChange = race.runners.some((h) => byId.has(h.id));
    if (!runnersChange && !resulted.has(race.id)) return race;
    changed = true;
    return {
      ...race,
      resulted: resulted.get(race.id) ?? race.resulted,
      runners: race.runners.map((h): ValueBoardRunner => {
        const r = byId.get(h.id);
        if (!r) return h;
        const { raceId: _raceId, ...figures } = r;
        return { ...h, ...figures, history: withLatest(h.history, r) };
      }),
    };
  });
  return changed ? { ...board, races } : board;
}

/**
 * A race card with a prices or results event applied to its runners (the same card when none is
 * named). A results event for its race also gives it the race's result as the card shows it:
 * every runner with a finish, by position (Rule 4 comes with the card's next read).
 */
export function applyRaceDayEventToCard(card: RaceCard, event: RaceCardEventData): RaceCard {
  if (eventNeedsReload(event)) return card;
  const byId = new Map(event.runners!.filter((r) => r.raceId === card.id).map((r) => [r.id, r]));
  if (byId.size === 0 && !eventResultsRace(card, event)) return card;
  const horses = card.horses.map((h) => {
    const r = byId.get(h.id);
    if (!r) return h;
    const next: RaceCardHorse = { ...h, bookieOdds: r.price, bookieOddsText: r.priceText };
    if (h.priceHistory || r.priceAt) next.priceHistory = withLatest(h.priceHistory ?? [], r);
    if (r.result) next.result = r.result;
    else delete next.result;
    return next;
  });
  const next: RaceCard = { ...card, horses };
  if (event.type !== 'results') return next;
  const rank = (position: number | null) => position ?? Number.MAX_SAFE_INTEGER;
  const runners = horses
    .flatMap((h) => (h.result ? [{ name: h.name, ...h.result }] : []))
    .sort((a, b) => rank(a.position) - rank(b.position));
  if (runners.length === 0) delete next.result;
  else next.result = { runners, ...(card.result?.rule4 && { rule4: card.result.rule4 }) };
  return next;
}

/** Whether a results event concerns this card's race (whose card then reads its Rule 4 again). */
export function eventResultsRace(card: RaceCard, event: RaceCardEventData): boolean {
  return (
    event.type === 'results' &&
    ((event.races ?? []).some((r) => r.id === card.id) || (event.runners ?? []).some((r) => r.raceId === card.id))
  );
}

/**
 * How long a page waits before reading again after an upload (or a change too big to carry):
 * spread at random over `spreadMs`, so thousands of open pages do not read in the same second.
 */
export function rereadDelay(random: number, spreadMs = 5_000): number {
  return Math.floor(random * spreadMs);
}

/** The wait before reconnecting after the `attempt`-th failure in a row: doubling to 30 s, with full jitter. */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return 500 + Math.floor(random * ceiling);
}

const FIGURES = [
  'price',
  'priceText',
  'priceSource',
  'priceAt',
  'move',
  'tissueOdds',
  'valueScore',
  'value',
  'valueDownTo',
  'nonRunner',
  'result',
] as const;

/** The runners (and races' "resulted") that differ between a day's board before and after a write. */
export function changedFigures(
  before: ValueBoard,
  after: ValueBoard,
): Required<Pick<RaceCardEventData, 'runners' | 'races'>> {
  const old = new Map(before.races.flatMap((race) => race.runners.map((h) => [h.id, h])));
  const wasResulted = new Map(before.races.map((race) => [race.id, race.resulted]));
  const runners: EventRunner[] = [];
  const races: Array<{ id: number; resulted: boolean }> = [];
  for (const race of after.races) {
    if (wasResulted.get(race.id) !== race.resulted) races.push({ id: race.id, resulted: race.resulted });
    for (const h of race.runners) {
      const was = old.get(h.id);
      if (was && FIGURES.every((k) => JSON.stringify(was[k]) === JSON.stringify(h[k]))) continue;
      const figures = Object.fromEntries(FIGURES.map((k) => [k, h[k]])) as Omit<EventRunner, 'id' | 'raceId'>;
      runners.push({ id: h.id, raceId: race.id, ...figures });
    }
  }
  return { runners, races };
}
