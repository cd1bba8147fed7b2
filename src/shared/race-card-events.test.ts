import { describe, expect, it } from 'vitest';
import {
  applyRaceDayEvent,
  applyRaceDayEventToCard,
  changedFigures,
  eventNeedsReload,
  parseRaceCardEvent,
  reconnectDelay,
  rereadDelay,
  type RaceCardEventData,
} from './race-card-events';
import type { RaceCard, RaceCardHorse } from './schemas/race-cards';
import type { ValueBoard, ValueBoardRunner } from './schemas/value-board';

const runner = (id: number, over: Partial<ValueBoardRunner> = {}): ValueBoardRunner => ({
  id,
  horseName: `Horse ${id}`,
  number: id,
  vbRating: 50,
  price: 5,
  priceText: '4/1',
  priceSource: 'morning',
  priceAt: '2026-11-28T08:00:00.000Z',
  morningPrice: 5,
  morningPriceText: '4/1',
  move: 0,
  tissueOdds: 4.5,
  valueScore: 3,
  value: 1.5,
  valueDownTo: null,
  history: [{ price: 5, priceText: '4/1', source: 'morning', observedAt: '2026-11-28T08:00:00.000Z' }],
  isTip: false,
  tip: null,
  nonRunner: false,
  result: null,
  ...over,
});

const board = (runners: ValueBoardRunner[]): ValueBoard => ({
  date: '2026-11-28',
  races: [{ id: 7, time: '14:10', course: 'Ascot', title: 'A race', off: false, resulted: false, runners }],
});

describe('changedFigures and applyRaceDayEvent', () => {
  it('names only the runners whose figures changed, and applying them gives the board after', () => {
    const before = board([runner(1), runner(2)]);
    const after = board([
      runner(1, {
        price: 4.5,
        priceText: '7/2',
        priceSource: 'analyst',
        priceAt: '2026-11-28T12:00:00.000Z',
        valueScore: 4,
        history: [
          ...runner(1).history,
          { price: 4.5, priceText: '7/2', source: 'analyst', observedAt: '2026-11-28T12:00:00.000Z' },
        ],
      }),
      runner(2),
    ]);
    const change = changedFigures(before, after);
    expect(change.runners.map((r) => r.id)).toEqual([1]);
    expect(change.runners[0]).toMatchObject({ raceId: 7, price: 4.5, priceText: '7/2', priceSource: 'analyst' });
    expect(change.races).toEqual([]);
    const event: RaceCardEventData = { type: 'prices', weekday: 'saturday', at: '', date: '2026-11-28', ...change };
    expect(applyRaceDayEvent(before, event)).toEqual(after);
  });

  it('leaves another day, an upload and a reload alone', () => {
    const b = board([runner(1)]);
    const runners = changedFigures(b, board([runner(1, { price: 9 })])).runners;
    expect(applyRaceDayEvent(b, { type: 'prices', weekday: null, at: '', date: '2026-11-29', runners })).toBe(b);
    expect(applyRaceDayEvent(b, { type: 'upload', weekday: null, at: '' })).toBe(b);
    expect(applyRaceDayEvent(b, { type: 'prices', weekday: null, at: '', reload: true })).toBe(b);
  });

  it("marks a race resulted and sets its runners' results", () => {
    const before = board([runner(1)]);
    const after: ValueBoard = {
      ...board([runner(1, { result: { finish: 'won', position: 1, startingPrice: '4/1' } })]),
    };
    after.races[0] = { ...after.races[0], resulted: true };
    const change = changedFigures(before, after);
    expect(change.races).toEqual([{ id: 7, resulted: true }]);
    expect(applyRaceDayEvent(before, { type: 'results', weekday: null, at: '', date: before.date, ...change })).toEqual(
      after,
    );
  });
});

describe('applyRaceDayEventToCard', () => {
  it("sets a named runner's price and adds it to the card's price line", () => {
    const horse = { id: 1, name: 'Horse 1', bookieOdds: 5, bookieOddsText: '4/1' } as RaceCardHorse;
    const card = { id: 7, horses: [horse, { ...horse, id: 2 }] } as RaceCard;
    const [changed] = changedFigures(
      board([runner(1)]),
      board([runner(1, { price: 3, priceText: '2/1', priceSource: 'analyst', priceAt: '2026-11-28T12:00:00.000Z' })]),
    ).runners;
    const next = applyRaceDayEventToCard(card, { type: 'prices', weekday: null, at: '', runners: [changed] });
    expect(next.horses[0]).toMatchObject({ bookieOdds: 3, bookieOddsText: '2/1' });
    expect(next.horses[0].priceHistory?.at(-1)).toEqual({
      price: 3,
      priceText: '2/1',
      source: 'analyst',
      observedAt: '2026-11-28T12:00:00.000Z',
    });
    expect(next.horses[1]).toBe(card.horses[1]);
    expect(
      applyRaceDayEventToCard({ ...card, id: 8 }, { type: 'prices', weekday: null, at: '', runners: [changed] }).horses,
    ).toEqual(card.horses);
  });
});

describe('applyRaceDayEventToCard with a result', () => {
  it("gives the card its runners' finishes and the race's result, winner first", () => {
    const horse = (id: number) => ({ id, name: `Horse ${id}`, bookieOdds: 5, bookieOddsText: '4/1' }) as RaceCardHorse;
    const card = { id: 7, horses: [horse(1), horse(2), horse(3)] } as RaceCard;
    const before = board([runner(1), runner(2), runner(3)]);
    const after = board([
      runner(1, { result: { finish: 'placed', position: 2, startingPrice: '3/1' } }),
      runner(2, { result: { finish: 'won', position: 1, startingPrice: '4/1' } }),
      runner(3, { result: { finish: 'ran', position: null, startingPrice: null } }),
    ]);
    after.races[0] = { ...after.races[0], resulted: true };
    const next = applyRaceDayEventToCard(card, {
      type: 'results',
      weekday: null,
      at: '',
      ...changedFigures(before, after),
    });
    expect(next.horses[1].result).toEqual({ finish: 'won', position: 1, startingPrice: '4/1' });
    expect(next.result?.runners.map((r) => [r.name, r.finish])).toEqual([
      ['Horse 2', 'won'],
      ['Horse 1', 'placed'],
      ['Horse 3', 'ran'],
    ]);
  });
});

describe('the stream protocol', () => {
  it('reads only known event types', () => {
    expect(parseRaceCardEvent('{"type":"prices","weekday":null,"at":"x","runners":[]}')?.type).toBe('prices');
    expect(parseRaceCardEvent('{"type":"tips","weekday":"wednesday","at":"x"}')?.type).toBe('tips');
    expect(parseRaceCardEvent('{"type":"other"}')).toBeNull();
    expect(parseRaceCardEvent('not json')).toBeNull();
    expect(parseRaceCardEvent('null')).toBeNull();
  });

  it('re-reads for uploads, updates, the day’s tips (the board marks them) and reloads only', () => {
    expect(eventNeedsReload({ type: 'upload', weekday: null, at: '' })).toBe(true);
    expect(eventNeedsReload({ type: 'tips', weekday: 'wednesday', at: '' })).toBe(true);
    expect(eventNeedsReload({ type: 'update', weekday: null, at: '' })).toBe(true);
    expect(eventNeedsReload({ type: 'prices', weekday: null, at: '', reload: true })).toBe(true);
    expect(eventNeedsReload({ type: 'results', weekday: null, at: '', runners: [] })).toBe(false);
  });

  it('spreads re-reads over the window and backs reconnects off to 30 s with jitter', () => {
    expect(rereadDelay(0)).toBe(0);
    expect(rereadDelay(0.999)).toBeLessThan(5_000);
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(0, 0.999)).toBeLessThan(1_500);
    expect(reconnectDelay(3, 0.999)).toBeGreaterThan(reconnectDelay(0, 0.999));
    expect(reconnectDelay(20, 0.999)).toBeLessThanOrEqual(30_500);
  });
});
