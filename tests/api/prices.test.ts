import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { horses, priceSnapshots } from '#server/db/schema';
import type { PricesAnswer, PricesRefusal } from '#shared/schemas/prices';
import type { RaceCard } from '#shared/schemas/race-cards';
import { calculateValue } from '#shared/value-model';
import { valueField } from '#shared/value-field';
import { valueDownTo } from '#shared/odds-format';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { MORNING, pastePrices, raceCard, setMorning, TODAY, uploadDay, uploadMorningOdds } from './prices-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  setMorning(t);
});

const snapshots = () => t.ctx.db.select().from(priceSnapshots).orderBy(asc(priceSnapshots.id));
const cardPrices = () =>
  t.ctx.db
    .select({ name: horses.name, odds: horses.bookieOdds, text: horses.bookieOddsText })
    .from(horses)
    .orderBy(asc(horses.id));
/** The value model over a card as the race card, the generator and the export read it. */
const scores = (card: RaceCard) =>
  calculateValue(valueField(card.horses), { marketCorrection: true }).map((r) => r.valueScore);

describe('stage 3 keeps the morning odds as dated snapshots', () => {
  it("records each runner's morning price, for the race's London day, as the card's price; a second upload adds to the history", async () => {
    const { client: admin, user } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    expect(await snapshots()).toEqual([]); // stage 1's odds are the workbook's, dated nowhere
    await uploadMorningOdds(admin, sample, MORNING);
    const rows = await snapshots();
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => JSON.stringify([r.source, r.raceDate, r.recordedBy])))).toEqual(
      new Set([JSON.stringify(['morning', TODAY, user.id])]),
    );
    expect(new Set(rows.map((r) => r.observedAt.getTime())).size).toBe(1); // one upload, one instant
    expect(Math.abs(rows[0].observedAt.getTime() - t.clock.now().getTime())).toBeLessThan(10_000);
    expect(rows.slice(0, 5).map((r) => [r.time, r.course, r.horseName, r.price, r.priceText])).toEqual(
      sample[0].horses.map((h, i) => [
        sample[0].time,
        sample[0].course,
        h.name,
        [6, 2.5, 9, 12, 4][i],
        ['5/1', '6/4', '8/1', '12', '3/1'][i],
      ]),
    );
    const card = (await cardPrices()).find((h) => h.name === sample[1].horses[2].name)!;
    expect(card).toMatchObject({ odds: 2, text: 'evs' });

    t.clock.advance(60_000);
    await uploadMorningOdds(admin, sample, [['9/2', '6/4', '8/1', 12, '3/1'], MORNING[1]]);
    const again = await snapshots();
    expect(again).toHaveLength(20);
    expect(again.filter((r) => r.horseName === sample[0].horses[0].name).map((r) => r.priceText)).toEqual([
      '5/1',
      '9/2',
    ]);
  });
});

describe('POST /api/admin/prices', () => {
  it("keeps each price as an analyst snapshot and makes it the card's price: the race card, its value scores and value-down-to follow", async () => {
    const { client: admin, user } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const { client: member } = await signedIn(t, 'member');
    const [race] = sample;
    const before = await raceCard(member, race); // and now cached
    const favourite = race.horses[1]; // 6/4 in the morning
    const field = (card: RaceCard) => valueField(card.horses);

    t.clock.advance(20 * 60_000);
    const pastedAt = t.clock.now().getTime();
    const res = await pastePrices(admin, TODAY, [
      `${race.time} ${race.course}: ${favourite.name.toLowerCase()} 25/1, ${race.horses[0].name} 9-2`,
    ]);
    expect(res.status, res.text).toBe(200);
    const answer = res.json as PricesAnswer;
    expect(answer).toEqual({
      success: true,
      message: `Prices saved for 2 runners in 1 race on ${TODAY}: the cards, the value scores and the value board now use them.`,
      races: [{ time: race.time, course: race.course, runners: 2 }],
      runners: 2,
    });
    const analyst = (await snapshots()).filter((s) => s.source === 'analyst');
    expect(analyst.map((s) => [s.horseName, s.price, s.priceText, s.recordedBy])).toEqual([
      [favourite.name, 26, '25/1', user.id],
      [race.horses[0].name, 5.5, '9/2', user.id],
    ]);
    expect(analyst[0].observedAt.getTime() - pastedAt).toBeGreaterThanOrEqual(0);
    expect(analyst[0].observedAt.getTime() - pastedAt).toBeLessThan(10_000);

    const after = await raceCard(member, race);
    const horse = (card: RaceCard, name: string) => card.horses.find((h) => h.name === name)!;
    expect(horse(before, favourite.name)).toMatchObject({ bookieOdds: 2.5, bookieOddsText: '6/4' });
    expect(horse(after, favourite.name)).toMatchObject({ bookieOdds: 26, bookieOddsText: '25/1' });
    expect(horse(after, race.horses[0].name)).toMatchObject({ bookieOdds: 5.5, bookieOddsText: '9/2' });
    expect(horse(after, race.horses[2].name)).toMatchObject({ bookieOdds: 9, bookieOddsText: '8/1' }); // not named: unchanged
    // At 25/1 the favourite's value score rises; its value-down-to price moves as the others' prices do.
    const i = after.horses.findIndex((h) => h.name === favourite.name);
    expect(scores(after)[i]).toBeGreaterThan(scores(before)[i]!);
    const j = after.horses.findIndex((h) => h.name === race.horses[2].name);
    expect(valueDownTo(field(after), j)).not.toEqual(valueDownTo(field(before), j));
    // The members' card draws the day's prices of each runner.
    expect(horse(after, favourite.name).priceHistory!.map((p) => [p.source, p.priceText])).toEqual([
      ['morning', '6/4'],
      ['analyst', '25/1'],
    ]);
    expect(horse(after, race.horses[3].name).priceHistory!.map((p) => p.priceText)).toEqual(['12']);
  });

  it('refuses an unreadable line with 400, naming it, and writes nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race] = sample;
    const [before, cards] = [await snapshots(), await cardPrices()];
    const res = await pastePrices(admin, TODAY, [
      `${race.time} ${race.course}: ${race.horses[0].name} 9/2`,
      `${race.time} York ${race.horses[1].name} 2/1`,
      `13:00 ${race.course}: ${race.horses[2].name}`,
    ]);
    expect(res.status).toBe(400);
    const refusal = res.json as PricesRefusal;
    expect(refusal.message).toBe('2 lines could not be read; nothing was saved.');
    expect(refusal.unmatched.map((p) => [p.line, p.message])).toEqual([
      [2, 'Could not read the race: write it like "14:10 Ascot: Northern Star 9/2, Harbour Light 8/1".'],
      [3, `"${race.horses[2].name}" needs a horse and its price, like "Northern Star 9/2".`],
    ]);
    expect(await snapshots()).toEqual(before);
    expect(await cardPrices()).toEqual(cards);
  });

  it('refuses a race or horse not on the cards with 422, naming each, and writes nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race, other] = sample;
    const [before, cards] = [await snapshots(), await cardPrices()];
    const res = await pastePrices(admin, TODAY, [
      `${race.time} ${race.course}: ${race.horses[0].name} 9/2`,
      `${other.time} ${other.course}: Nobody Special 3/1`,
      `20:50 Wolverhampton: Somebody 2/1`,
    ]);
    expect(res.status).toBe(422);
    const refusal = res.json as PricesRefusal;
    expect(refusal.message).toBe(`2 races or horses not found on the cards of ${TODAY}; nothing was saved.`);
    expect(refusal.unmatched).toEqual([
      {
        line: 2,
        text: `${other.time} ${other.course}`,
        message: `Nobody Special is not a runner in ${other.time} ${other.course}.`,
      },
      { line: 3, text: '20:50 Wolverhampton', message: 'No race at 20:50 Wolverhampton on the cards of that day.' },
    ]);
    expect(await snapshots()).toEqual(before);
    expect(await cardPrices()).toEqual(cards);

    const noCards = await pastePrices(admin, '2026-11-24', [`${race.time} ${race.course}: ${race.horses[0].name} 9/2`]);
    expect(noCards.status).toBe(422);
    expect((noCards.json as PricesRefusal).message).toBe('There are no race cards for 2026-11-24; nothing was saved.');
  });

  it('says what is wrong with a body that is not a day and lines', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post('/api/admin/prices', { date: '25/11/2026', lines: '14:10 Ascot: A 2/1' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Date must be YYYY-MM-DD' });
    expect((await admin.post('/api/admin/prices', { date: TODAY, lines: '  ' })).json).toEqual({
      message: 'Paste the prices, one race a line',
    });
  });

  it('keeps the history when the cards are uploaded again: prices are kept by day, time, course and name', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadDay(admin);
    await uploadMorningOdds(admin, sample, MORNING);
    const [race] = sample;
    expect((await pastePrices(admin, TODAY, [`${race.time} ${race.course}: ${race.horses[0].name} 9/2`])).status).toBe(
      200,
    );
    const { client: member } = await signedIn(t, 'member');
    const before = (await raceCard(member, race)).horses[0];

    // Cleared and loaded again: new rows, the same runners.
    expect((await admin.delete('/api/vbg-race-cards/clear-weekday/wednesday')).status).toBe(200);
    await uploadDay(admin);
    const after = (await raceCard(member, race)).horses[0];
    expect(after.id).not.toBe(before.id);
    expect(after.priceHistory).toEqual(before.priceHistory);
    expect(after.priceHistory!.map((p) => p.priceText)).toEqual(['5/1', '9/2']);
  });
});
