import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoPrices } from '#server/features/prices/demo';
import { seedDemoRaceCards } from '#server/features/race-cards/demo';
import { publishTips } from '#server/features/tips/publish-tips';
import { valueDownTo } from '#shared/odds-format';
import type { RaceCard } from '#shared/schemas/race-cards';
import type { ValueBoard, ValueBoardRunner } from '#shared/schemas/value-board';
import { priceMove } from '#shared/value-board';
import { calculateValue } from '#shared/value-model';
import { valueField } from '#shared/value-field';
import { dayTips } from '../fixtures/day-tips';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { MORNING, pastePrices, raceCard, setMorning, TODAY, uploadDay, uploadMorningOdds } from './prices-helpers';
import { enterResults, resultLine } from './race-results-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  setMorning(t);
});

const BOARD = '/api/value-now';
const runnerOf = (board: ValueBoard, name: string): ValueBoardRunner =>
  board.races.flatMap((r) => r.runners).find((h) => h.horseName === name)!;

describe('GET /api/value-now', () => {
  it('is for members only, never kept by a shared cache', async () => {
    const visitor = await t.client().get(BOARD);
    expect(visitor.status).toBe(401);
    expect(visitor.json).toEqual({ message: 'Please sign in to continue.' });
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get(BOARD)).status).toBe(403);
    const { client: member } = await signedIn(t, 'member');
    const res = await member.get(BOARD);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    // No cards today: an empty board for today.
    expect(res.json).toEqual({ date: TODAY, races: [] });
  });

  it("lists today's races only, each runner at its latest price with its morning price, move, history and the race card's value model", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    // Tomorrow's cards are not today's board.
    const tomorrow = makeRaceDay({ races: 1, runners: 3, seed: 3 });
    expect(
      (
        await admin.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook(tomorrow), 'thursday'),
        )
      ).status,
    ).toBe(200);
    const { client: member } = await signedIn(t, 'member');
    const [race] = sample;
    const before = (await member.get(BOARD)).json as ValueBoard; // and now cached
    expect(before.races.map((r) => [r.time, r.course, r.runners.length, r.off, r.resulted])).toEqual(
      sample.map((r) => [r.time, r.course, 5, false, false]),
    );
    expect(runnerOf(before, race.horses[1].name)).toMatchObject({
      price: 2.5,
      priceText: '6/4',
      priceSource: 'morning',
      morningPrice: 2.5,
      move: 0,
    });

    t.clock.advance(10 * 60_000);
    expect((await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${race.horses[1].name} 3/1`])).status).toBe(
      200,
    );
    const board = (await member.get(BOARD)).json as ValueBoard;
    const moved = runnerOf(board, race.horses[1].name);
    expect(moved).toMatchObject({
      price: 4,
      priceText: '3/1',
      priceSource: 'analyst',
      morningPrice: 2.5,
      morningPriceText: '6/4',
      move: priceMove(2.5, 4),
      isTip: false,
      result: null,
    });
    expect(moved.move).toBe(-15); // 40% to 25%: drifted
    expect(Math.abs(new Date(moved.priceAt!).getTime() - t.clock.now().getTime())).toBeLessThan(10_000);
    expect(moved.history.map((p) => [p.source, p.priceText])).toEqual([
      ['morning', '6/4'],
      ['analyst', '3/1'],
    ]);
    // The same numbers as the members' race card gives through the value model.
    const card: RaceCard = await raceCard(member, race);
    const field = valueField(card.horses);
    const model = calculateValue(field, { marketCorrection: true });
    const onBoard = board.races[0].runners;
    card.horses.forEach((h, i) => {
      const r = onBoard.find((x) => x.horseName === h.name)!;
      expect([r.price, r.valueScore]).toEqual([h.bookieOdds, model[i].valueScore]);
      // The tissue shown is the fair price the card computes: value down to's threshold (decision 0053).
      expect(r.valueDownTo).toEqual(valueDownTo(field, i));
      expect(r.tissueOdds).toBe(valueDownTo(field, i)?.decimal ?? null);
    });
    expect(runnerOf(board, race.horses[1].name).valueScore).not.toBe(runnerOf(before, race.horses[1].name).valueScore);
  });

  it("marks today's tips, and flags a race off once its London time has passed", async () => {
    t.clock.set(new Date(`${TODAY}T12:00:00Z`)); // the first race is at 12:15
    const { client: admin } = await signedIn(t, 'admin');
    const [first, second] = await uploadDay(admin);
    const nap = first.horses[3];
    await publishTips(
      t.ctx,
      dayTips({
        nap: `${nap.name} – ${first.time} ${first.course} (5/1)`,
        nb: 'Nobody Here – 3:15 Haydock (11/4)',
        longshot: '',
        confirmShortPrices: true,
      }),
    );
    const { client: member } = await signedIn(t, 'member');
    const board = (await member.get(BOARD)).json as ValueBoard;
    expect(board.races.flatMap((r) => r.runners.filter((h) => h.isTip).map((h) => [h.horseName, h.tip]))).toEqual([
      [nap.name, 'NAP'],
    ]);

    const [h, m] = first.time.split(':').map(Number);
    t.clock.set(new Date(`${TODAY}T${String(h).padStart(2, '0')}:${String(m + 1).padStart(2, '0')}:00Z`));
    const later = (await member.get(BOARD)).json as ValueBoard;
    expect(later.races.map((r) => [r.time, r.off])).toEqual([
      [first.time, true],
      [second.time, false],
    ]);
  });

  it("the demo's board shows today's prices moving since the morning, drawn from dated snapshots", async () => {
    t.clock.set(new Date('2026-11-22T07:00:00Z')); // a Sunday in London
    await seedDemoRaceCards(t.ctx);
    await seedDemoPrices(t.ctx);
    const { client: member } = await signedIn(t, 'member');
    const board = (await member.get(BOARD)).json as ValueBoard;
    expect(board.date).toBe('2026-11-22');
    expect(board.races).toHaveLength(8);
    const runners = board.races.flatMap((r) => r.runners);
    expect(runners.every((r) => r.morningPrice !== null && r.history.length >= 1)).toBe(true);
    const moved = runners.filter((r) => r.priceSource === 'analyst');
    expect(moved.length).toBeGreaterThanOrEqual(8);
    expect(moved.some((r) => r.move! > 0) && moved.some((r) => r.move! < 0)).toBe(true);
    expect(moved.every((r) => r.history.map((p) => p.source).join() === 'morning,analyst')).toBe(true);
  });

  it('carries each runner its result once the race is resulted, as the race card does for members; the free race carries none', async () => {
    t.clock.set(new Date(`${TODAY}T16:00:00Z`)); // the day's racing is over
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race] = sample;
    const { client: member } = await signedIn(t, 'member');
    expect(((await member.get(BOARD)).json as ValueBoard).races[0].resulted).toBe(false); // and now cached
    const [hh, mm] = race.time.split(':').map(Number);
    expect(
      (
        await admin.post('/api/free-race/nominate', {
          raceTime: `${hh}:${String(mm).padStart(2, '0')}`,
          course: race.course,
          weekday: 'wednesday',
        })
      ).status,
    ).toBe(200);

    expect((await enterResults(admin, TODAY, [resultLine(race, [2, 0, 4], [1])])).status).toBe(200);
    const board = (await member.get(BOARD)).json as ValueBoard;
    expect(board.races[0]).toMatchObject({ off: true, resulted: true });
    expect(board.races[1]).toMatchObject({ off: true, resulted: false });
    expect(board.races[0].runners.map((r) => [r.horseName, r.result, r.nonRunner])).toEqual([
      [race.horses[0].name, { finish: 'placed', position: 2, startingPrice: '7/1' }, false],
      [race.horses[1].name, { finish: 'nr', position: null, startingPrice: null }, true],
      [race.horses[2].name, { finish: 'won', position: 1, startingPrice: '5/2' }, false],
      [race.horses[3].name, { finish: 'ran', position: null, startingPrice: null }, false],
      [race.horses[4].name, { finish: 'placed', position: 3, startingPrice: '12/1' }, false],
    ]);
    expect(board.races[1].runners.every((r) => r.result === null)).toBe(true);

    const card = await raceCard(member, race);
    expect(card.horses.map((h) => h.result)).toEqual(board.races[0].runners.map((r) => r.result));
    expect(card.result!.runners[0]).toEqual({
      name: race.horses[2].name,
      finish: 'won',
      position: 1,
      startingPrice: '5/2',
    });
    // The visitor's free race is the same card without any runner's result or prices of the day.
    const free = (await t.client().get('/api/free-race-preview')).json as { raceData: RaceCard };
    expect(free.raceData.id).toBe(card.id);
    expect(free.raceData.horses.every((h) => h.result === undefined && h.priceHistory === undefined)).toBe(true);
  });
});
