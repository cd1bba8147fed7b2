import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardsOfDay } from '#server/db/day-cards';
import { recordPrices } from '#server/db/price-snapshots';
import { multipleBets, multipleLegs, raceResults, tipRecords } from '#server/db/schema';
import { saveMatchedResults } from '#server/features/race-results/enter-results';
import type { MyBetsResponse } from '#shared/schemas/my-bets';
import type { RaceCard } from '#shared/schemas/race-cards';
import type { ResultsResponse } from '#shared/schemas/performance';
import type { RaceResultsAnswer } from '#shared/schemas/race-results';
import type { SampleRace } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { record, settle } from './performance-helpers';
import { enterResults, resultLine, uploadCards } from './race-results-helpers';

// The record settled with Rule 4, at three price bases, with its multiples apart and its
// significance: GET /api/results and the results paste.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 17:00 London (GMT): the sample races (12:15, 12:50) are over.
  t.clock.set(new Date('2026-11-22T17:00:00Z'));
});

const TODAY = '2026-11-22';
type Admin = Awaited<ReturnType<typeof signedIn>>['client'];

async function results(client: Admin): Promise<ResultsResponse> {
  const res = await client.get('/api/results');
  expect(res.status, res.text).toBe(200);
  return res.json as ResultsResponse;
}

async function bsp(race: SampleRace, horseName: string, price: number) {
  await t.ctx.db.transaction((tx) =>
    recordPrices(tx, {
      date: TODAY,
      source: 'bsp',
      observedAt: new Date('2026-11-22T13:00:00Z'),
      recordedBy: null,
      prices: [{ time: race.time, course: race.course, horseName, price, priceText: String(price) }],
    }),
  );
}

describe('Rule 4 on the results paste', () => {
  it('stores "R4 25p", settles the tips and a member\'s bet with it, and shows each basis', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    const winner = race.horses[2].name;
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: winner,
      selectionType: 'nap',
      advisedOdds: '8/1',
    });
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: race.horses[0].name,
      selectionType: 'nb',
      advisedOdds: '3/1',
    });
    await bsp(race, winner, 9);
    const { client: member } = await signedIn(t, 'member');
    const bet = await member.post('/api/my-bets', {
      raceDate: TODAY,
      raceTime: race.time,
      course: race.course,
      horseName: winner,
      price: '8/1',
      stake: 10,
    });
    expect(bet.status, bet.text).toBe(200);

    // Winner at SP 5/2, second at 7/1, Rule 4 of 25p (a 3/1 shot withdrawn at the start).
    const res = await enterResults(admin, TODAY, [`${resultLine(race, [2, 0])}; R4 25p`]);
    expect(res.status, res.text).toBe(200);
    expect((res.json as RaceResultsAnswer).races[0].rule4).toEqual({ pence: 25, appliesSp: false });
    expect((await t.ctx.db.select().from(raceResults)).map((r) => [r.rule4Pence, r.rule4AppliesSp])).toEqual([
      [25, false],
    ]);

    // 8/1 less 25p: 8 × 0.75 = +6 points; the NB placed: −1.
    const tips = await t.ctx.db.select().from(tipRecords);
    expect(tips.map((r) => [r.selectionType, r.result, r.profitLoss]).sort()).toEqual([
      ['nap', 'WON', 6],
      ['nb', 'PLACED', -1],
    ]);
    // £10 at 8/1 less 25p: £70 back, +£60.
    const bets = (await member.get('/api/my-bets')).json as MyBetsResponse;
    expect(bets.bets[0]).toMatchObject({ status: 'won', returnPence: 7000, profitPence: 6000 });
    // The members' race card shows it with the result.
    const metadata = (await member.get('/api/vbg-race-cards-metadata')).json as {
      sunday: Array<{ id: number; time: string }>;
    };
    const id = metadata.sunday.find((r) => r.time === race.time)!.id;
    const card = (await member.get(`/api/vbg-race-cards/race/${id}`)).json as RaceCard;
    expect(card.result?.rule4).toEqual({ pence: 25, appliesSp: false });

    let body = await results(admin);
    expect(body.tips.find((tip) => tip.selectionType === 'nap')).toMatchObject({
      rule4: { pence: 25, appliesSp: false },
      profits: { advised: 6, sp: 2.5, bsp: 8 },
    });
    // The advised basis is the record's own figures; SP is uncut; BSP only for the tip that has one.
    expect(body.bases).toEqual({
      advised: { bets: 2, staked: 2, profit: 5, roi: 250 },
      sp: { bets: 2, staked: 2, profit: 1.5, roi: 75 },
      bsp: { bets: 1, staked: 1, profit: 8, roi: 800 },
    });
    expect(body.stats.overall).toMatchObject({ staked: 2, profitLoss: 5, roi: 250 });
    expect(body.significance).toBeNull(); // two bets say nothing

    // "SP" on the line: SP bets are cut too (2.5 × 0.75 = 1.875, to 1.88); BSP never.
    expect((await enterResults(admin, TODAY, [`${resultLine(race, [2, 0])} R4 25p SP`])).status).toBe(200);
    body = await results(admin);
    expect(body.bases.sp.profit).toBe(0.88);
    expect(body.bases.bsp.profit).toBe(8);

    // A source that says nothing of Rule 4 (a feed) keeps the stored figure when it saves the race again.
    const [cardRace] = (await cardsOfDay(t.ctx.db, TODAY)).filter((c) => c.time === race.time);
    await saveMatchedResults(
      t.ctx,
      TODAY,
      [
        {
          card: cardRace,
          runners: cardRace.runners.map((runner) => ({
            runner,
            finish: runner.name === winner ? 'won' : 'ran',
            position: runner.name === winner ? 1 : null,
            startingPrice: runner.name === winner ? '5/2' : null,
          })),
        },
      ],
      null,
      { source: 'racing-api' },
    );
    expect((await t.ctx.db.select().from(raceResults)).map((r) => [r.source, r.rule4Pence, r.rule4AppliesSp])).toEqual([
      ['racing-api', 25, true],
    ]);

    // The line again without R4: none any more, the tip is paid in full (+8) as a correction.
    expect((await enterResults(admin, TODAY, [resultLine(race, [2, 0])])).status).toBe(200);
    const nap = (await t.ctx.db.select().from(tipRecords)).find((r) => r.selectionType === 'nap')!;
    expect(nap.profitLoss).toBe(8);
    expect(nap.correctedAt).toBeInstanceOf(Date);
    expect((await results(admin)).bases.advised.profit).toBe(7);
  });

  it("a tip settled by hand takes its race's Rule 4 too", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    expect((await enterResults(admin, TODAY, [`${resultLine(race, [2, 0])}; R4 10p`])).status).toBe(200);
    // Recorded after the result under another spelling of the horse: the results cannot settle it.
    const id = await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: 'Someone Else',
      selectionType: 'nap',
      advisedOdds: '11/2',
    });
    // 11/2 less 10p: 5.5 × 0.9 = +4.95.
    expect((await settle(admin, id, 'WON')).json).toMatchObject({ record: { result: 'WON', profitLoss: 4.95 } });
  });

  it('refuses a Rule 4 that is not whole pence from 0 to 90, saving nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race, other] = await uploadCards(admin, 'sunday');
    const res = await enterResults(admin, TODAY, [
      `${resultLine(race, [2, 0])}; R4 95p`,
      `${resultLine(other, [1])}; R4 twelve`,
    ]);
    expect(res.status).toBe(400);
    expect((res.json as { unmatched: Array<{ line: number; message: string }> }).unmatched).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('at most 90p') }),
      expect.objectContaining({ line: 2, message: expect.stringContaining('whole pence from 0 to 90') }),
    ]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
  });
});

describe('multiples in GET /api/results', () => {
  it('settles a Lucky 15 with a non-runner leg at each basis, apart from the singles', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race, other] = await uploadCards(admin, 'sunday');
    const [multiple] = await t.ctx.db
      .insert(multipleBets)
      .values({
        raceDate: TODAY,
        multipleNo: 1,
        label: 'Lucky 15',
        betType: 'lucky15',
        publishedAt: new Date('2026-11-22T09:00:00Z'),
      })
      .returning();
    const leg = (legNo: number, r: SampleRace, horse: number, advisedOdds: string) => ({
      multipleId: multiple.id,
      legNo,
      horse: r.horses[horse].name.toUpperCase(), // legs are matched like names
      raceTime: r.time,
      course: r.course,
      advisedOdds,
    });
    await t.ctx.db
      .insert(multipleLegs)
      .values([leg(1, race, 2, '2/1'), leg(2, other, 0, '3/1'), leg(3, race, 0, '5/1'), leg(4, other, 4, '6/1')]);

    // Before any result: pending, nothing counted.
    let body = await results(admin);
    expect(body.multiples).toMatchObject({ pending: 1, advised: { bets: 0, staked: 0, profit: 0, roi: 0 } });

    // A won 2/1, B won 3/1, C placed (a loser to win), D a non-runner.
    const res = await enterResults(admin, TODAY, [resultLine(race, [2, 0]), resultLine(other, [0], [4])]);
    expect(res.status, res.text).toBe(200);
    body = await results(admin);
    expect(body.multiples.advised).toEqual({ bets: 14, staked: 14, profit: 24, roi: 171.4 });
    // At SP both winners were 5/2 (3.5): 7 + 19.25 + 12.25 back = +24.5.
    expect(body.multiples.sp).toEqual({ bets: 14, staked: 14, profit: 24.5, roi: 175 });
    // No leg has a BSP: no BSP bet.
    expect(body.multiples.bsp).toEqual({ bets: 0, staked: 0, profit: 0, roi: 0 });
    expect(body.multiples.pending).toBe(0);
    expect(body.multiples.list).toHaveLength(1);
    expect(body.multiples.list[0]).toMatchObject({
      raceDate: TODAY,
      label: 'Lucky 15',
      betType: 'lucky15',
      settled: { advised: { bets: 14, void: 1, staked: 14, returns: 38, profit: 24 }, bsp: null },
    });
    expect(body.multiples.list[0].legs.map((l) => [l.legNo, l.result, l.startingPrice])).toEqual([
      [1, 'WON', '5/2'],
      [2, 'WON', '5/2'],
      [3, 'LOST', '7/1'],
      [4, 'NR', null],
    ]);
    // The singles are not touched by it.
    expect(body.bases.advised).toEqual({ bets: 0, staked: 0, profit: 0, roi: 0 });

    // A visitor sees today's multiples tomorrow, like the tips.
    const visitor = await results(t.client());
    expect(visitor.multiples.list).toEqual([]);
    expect(visitor.multiples.advised.bets).toBe(0);
  });
});

describe('significance in GET /api/results', () => {
  /** n settled NAPs on days in turn: a 9/2 winner every fifth, the rest losers. */
  async function settledTips(n: number) {
    await t.ctx.db.insert(tipRecords).values(
      Array.from({ length: n }, (_, i): typeof tipRecords.$inferInsert => ({
        raceDate: `2026-${String(9 + Math.floor(i / 28)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        raceTime: '14:10',
        raceLocation: 'Ascot',
        selectionName: `Horse ${i}`,
        selectionType: 'nap',
        advisedOdds: '9/2',
        result: i % 5 === 0 ? 'WON' : 'LOST',
        profitLoss: i % 5 === 0 ? 4.5 : -1,
        settledAt: new Date('2026-11-01T00:00:00Z'),
      })),
    );
  }

  it('gives the p-value and the drawdowns of the seeded simulations from 30 bets', async () => {
    await settledTips(40);
    const body = await results(t.client());
    expect(body.stats.overall).toMatchObject({ staked: 40, profitLoss: 4, roi: 10 });
    // The same record as the unit test's: the same seed, the same figures.
    expect(body.significance).toEqual({
      pValue: 0.3883,
      drawdown50: 12,
      drawdown99: 29,
      simulations: 10_000,
      bank: 100,
    });
  });

  it('gives none below 30 bets', async () => {
    await settledTips(29);
    expect((await results(t.client())).significance).toBeNull();
  });
});
