import { describe, expect, it } from 'vitest';
import { currentPrice } from './current-price';
import { parseOdds } from './odds';
import { valueDownTo } from './odds-format';
import { valueField } from './value-field';
import type { PricePoint } from './schemas/prices';
import type { ValueBoardRace, ValueBoardRunner } from './schemas/value-board';
import { calculateValue } from './value-model';
import { HISTORY_POINTS, recentPrices } from './recent-prices';
import {
  boardCourses,
  buildValueBoard,
  priceMove,
  viewBoard,
  type BoardRaceInput,
  type BoardRunnerInput,
} from './value-board';

const at = (hhmm: string) => `2026-11-25T${hhmm}:00.000Z`;
const point = (price: number, priceText: string, source: PricePoint['source'], time: string): PricePoint => ({
  price,
  priceText,
  source,
  observedAt: at(time),
});
const runner = (
  id: number,
  name: string,
  vbRating: number | null,
  bookieOdds: number | null,
  over: Partial<BoardRunnerInput> = {},
): BoardRunnerInput => ({
  id,
  name,
  number: id,
  vbRating,
  bookieOdds,
  bookieOddsText: bookieOdds === null ? null : String(bookieOdds),
  potentialNonRunner: false,
  history: [],
  result: null,
  ...over,
});
const race = (
  id: number,
  time: string,
  course: string,
  runners: BoardRunnerInput[],
  resulted = false,
): BoardRaceInput => ({
  id,
  raceDate: '2026-11-25',
  time,
  course,
  title: `Race ${id}`,
  resulted,
  runners,
});

describe('priceMove', () => {
  it('is the change in implied chance in points: + for a shortening price, − for a drifting one', () => {
    expect(priceMove(6, 4)).toBe(8.3); // 5/1 → 3/1: 16.7% → 25%
    expect(priceMove(4, 6)).toBe(-8.3);
    expect(priceMove(3, 3)).toBe(0);
  });
});

describe('recentPrices', () => {
  it('keeps the latest few, oldest first', () => {
    const history = Array.from({ length: HISTORY_POINTS + 3 }, (_, i) =>
      point(2 + i, String(2 + i), 'analyst', `${10 + i}:00`),
    );
    const kept = recentPrices(history);
    expect(kept).toHaveLength(HISTORY_POINTS);
    expect(kept[0]).toBe(history[3]);
    expect(kept.at(-1)).toBe(history.at(-1));
  });
});

describe('buildValueBoard', () => {
  const star = runner(1, 'Northern Star (IRE)', 80, 4, {
    history: [
      point(6, '5/1', 'morning', '08:00'),
      point(5, '4/1', 'analyst', '10:00'),
      point(4, '3/1', 'analyst', '11:00'),
    ],
  });
  const light = runner(2, 'Harbour Light', 75, 9, {
    history: [point(7, '6/1', 'morning', '08:00'), point(3.5, '5/2', 'bsp', '14:11')],
  });
  const comet = runner(3, 'Silver Comet', 70, 13, { history: [point(11, '10/1', 'morning', '08:00')] });
  const noPrice = runner(4, 'Velvet Arrow', 60, null, { potentialNonRunner: true });
  const ascot = race(10, '14:10', 'Ascot', [star, light, comet, noPrice]);
  const board = (
    clock = '09:00',
    tips = [{ label: 'NAP', tip: { selectionName: 'Northern Star', raceTime: '14:10', raceLocation: 'ascot' } }],
  ) =>
    buildValueBoard({
      date: '2026-11-25',
      clock,
      races: [race(11, '15:00', 'Kempton', [runner(5, 'Bold Echo', 70, 3)]), ascot],
      tips,
    });

  it('lists the races by time, each runner at its card price with the value model of the race card (market correction on)', () => {
    const b = board();
    expect(b.date).toBe('2026-11-25');
    expect(b.races.map((r) => r.course)).toEqual(['Ascot', 'Kempton']);
    const field = valueField(ascot.runners);
    const model = calculateValue(field, { marketCorrection: true });
    b.races[0].runners.forEach((r, i) => {
      expect(r.price).toBe(ascot.runners[i].bookieOdds);
      expect(r.valueScore).toBe(model[i].included ? model[i].valueScore : null);
      // The tissue shown is the fair price: value down to's threshold, not the model's corrected tissue.
      expect(r.valueDownTo).toEqual(valueDownTo(field, i));
      expect(r.tissueOdds).toBe(r.valueDownTo?.decimal ?? null);
    });
    expect(b.races[0].runners[3]).toMatchObject({
      valueScore: null,
      value: null,
      tissueOdds: null,
      valueDownTo: null,
      nonRunner: true,
    });
  });

  it("says where and when the card's price came from, the morning price and the move since", () => {
    const [s, l, c] = board().races[0].runners;
    expect(s).toMatchObject({
      priceSource: 'analyst',
      priceAt: at('11:00'),
      morningPrice: 6,
      morningPriceText: '5/1',
      move: 8.3,
    });
    expect(s.history.map((p) => p.priceText)).toEqual(['5/1', '4/1', '3/1']);
    // The Betfair starting price is history, never the current price; the card's 9.0 is no snapshot's.
    expect(l).toMatchObject({ price: 9, priceSource: null, priceAt: null, morningPrice: 7, move: priceMove(7, 9) });
    expect(l.history.map((p) => p.source)).toEqual(['morning', 'bsp']);
    expect(c).toMatchObject({ priceSource: null, morningPrice: 11, move: priceMove(11, 13) });
  });

  it("shows each runner's fair price, which its own price never moves, and value down to beside it is that price on the ladder", () => {
    // Silver Comet (70) in a field rated 80 and 75: at 2/1 the market correction lifts it, at 12/1 it does not.
    const at = (odds: number) =>
      buildValueBoard({
        date: '2026-11-25',
        clock: '09:00',
        races: [race(10, '14:10', 'Ascot', [star, light, { ...comet, bookieOdds: odds, bookieOddsText: null }])],
        tips: [],
      }).races[0].runners[2];
    const field = (odds: number) =>
      [star, light, { ...comet, bookieOdds: odds }].map((h) => ({
        name: h.name,
        rating: h.vbRating!,
        marketOdds: h.bookieOdds!,
      }));
    expect(calculateValue(field(3), { marketCorrection: true })[2].marketCorrection).toBeGreaterThan(0);
    const shown = [1.5, 3, 6, 13, 51].map(at);
    for (const r of shown) {
      expect(r.tissueOdds).toBe(shown[0].tissueOdds);
      expect(r.valueDownTo).toEqual(shown[0].valueDownTo);
      // Value down to is never shorter than the tissue beside it, and within a ladder step of it.
      expect(parseOdds(r.valueDownTo!.fractional)!).toBeGreaterThanOrEqual(r.tissueOdds! - 0.01);
      expect(r.valueDownTo!.decimal).toBe(r.tissueOdds);
      // At or longer than its fair price it is value; shorter, it is not.
      expect(r.valueScore! >= 3).toBe(r.price! >= r.valueDownTo!.threshold);
    }
  });

  it('takes the price now from the card, never from a Betfair starting price recorded after it', () => {
    const history = [
      point(11, '10/1', 'morning', '08:00'),
      point(26, '25/1', 'racing-api', '12:00'),
      point(7.2, '7.2', 'bsp', '16:45'),
    ];
    expect(currentPrice({ bookieOdds: 26, bookieOddsText: '25/1', history })).toEqual({
      price: 26,
      priceText: '25/1',
      source: 'racing-api',
      observedAt: at('12:00'),
    });
    // A card price no market snapshot gave (the workbook's) has no source or time; no price, nothing.
    expect(currentPrice({ bookieOdds: 9, bookieOddsText: '8/1', history })).toMatchObject({
      price: 9,
      source: null,
      observedAt: null,
    });
    expect(currentPrice({ bookieOdds: null, bookieOddsText: null, history })).toBeNull();
  });

  it("marks today's tips by race and name, whatever the spelling", () => {
    const b = board();
    expect(b.races[0].runners.map((r) => r.tip)).toEqual(['NAP', null, null, null]);
    expect(b.races[0].runners[0].isTip).toBe(true);
    // A tip for another race's time marks nobody.
    const other = board('09:00', [
      { label: 'NB', tip: { selectionName: 'Northern Star', raceTime: '15:00', raceLocation: '' } },
    ]);
    expect(other.races.flatMap((r) => r.runners).filter((r) => r.isTip)).toEqual([]);
  });

  it('flags a race off once its London minute has passed', () => {
    expect(board('14:10').races.map((r) => r.off)).toEqual([false, false]);
    expect(board('14:11').races.map((r) => r.off)).toEqual([true, false]);
  });

  it('carries each runner its result, and a non-runner by result is one', () => {
    const resulted = race(10, '14:10', 'Ascot', [
      { ...star, result: { finish: 'won', position: 1, startingPrice: '3/1' } },
      { ...light, result: { finish: 'nr', position: null, startingPrice: null } },
    ]);
    const [r] = buildValueBoard({
      date: '2026-11-25',
      clock: '16:00',
      races: [{ ...resulted, resulted: true }],
      tips: [],
    }).races;
    expect(r).toMatchObject({ off: true, resulted: true });
    expect(r.runners.map((h) => [h.result?.finish, h.nonRunner])).toEqual([
      ['won', false],
      ['nr', true],
    ]);
  });
});

describe('viewBoard', () => {
  const r = (id: number, value: number | null, over: Partial<ValueBoardRunner> = {}): ValueBoardRunner =>
    ({
      id,
      horseName: `H${id}`,
      value,
      valueScore: value === null ? null : value >= 3 ? 4 : 2,
      isTip: false,
      ...over,
    }) as ValueBoardRunner;
  const race = (
    id: number,
    time: string,
    course: string,
    runners: ValueBoardRunner[],
    over: Partial<ValueBoardRace> = {},
  ): ValueBoardRace => ({
    id,
    time,
    course,
    title: '',
    off: false,
    resulted: false,
    runners,
    ...over,
  });
  const races = [
    race(1, '13:00', 'Ascot', [r(1, -5), r(2, 1)]),
    race(2, '14:00', 'Kempton', [r(3, null), r(4, 6, { isTip: true }), r(5, 2)]),
    race(3, '12:00', 'Ascot', [r(6, 9)], { off: true }),
    race(4, '9:30', 'Kempton', [r(7, 4)], { resulted: true }),
    race(5, '15:00', 'York', [r(8, null)]),
  ];
  const all = { minScore: null, course: null, tipsOnly: false };

  it('puts the races to come first, by best value or by time, then those off or resulted by time', () => {
    const byValue = viewBoard(races, 'value', all);
    expect(byValue.upcoming.map((x) => x.id)).toEqual([2, 1, 5]);
    expect(byValue.finished.map((x) => x.id)).toEqual([4, 3]);
    expect(viewBoard(races, 'time', all).upcoming.map((x) => x.id)).toEqual([1, 2, 5]);
  });

  it('orders runners by value, best first, those without a score last', () => {
    expect(viewBoard(races, 'time', all).upcoming[1].runners.map((x) => x.id)).toEqual([4, 5, 3]);
  });

  it('filters by value score, course and tips, dropping races left empty', () => {
    expect(
      viewBoard(races, 'time', { ...all, minScore: 4 }).upcoming.map((x) => [x.id, x.runners.map((h) => h.id)]),
    ).toEqual([[2, [4]]]);
    const ascot = viewBoard(races, 'time', { ...all, course: 'ASCOT' });
    expect([...ascot.upcoming, ...ascot.finished].map((x) => x.id)).toEqual([1, 3]);
    expect(
      viewBoard(races, 'value', { ...all, tipsOnly: true }).upcoming.map((x) => x.runners.map((h) => h.id)),
    ).toEqual([[4]]);
  });

  it('lists each course once, in order', () => {
    expect(boardCourses(races)).toEqual(['Ascot', 'Kempton', 'York']);
  });
});
