import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberBets } from '#server/db/schema';
import type { MyBet, MyBetsResponse } from '#shared/schemas/my-bets';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { afterTheOff, enterResults, resultLine, uploadCards } from './race-results-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 12:00 London (GMT): the day's racing is to come.
  t.clock.set(new Date('2026-11-22T12:00:00Z'));
});

const TODAY = '2026-11-22';

describe('/api/my-bets', () => {
  it('a member logs bets that settle from the results, with their own P/L, strike rate and ROI', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race, other] = await uploadCards(admin, 'sunday');
    const { client: member } = await signedIn(t, 'member');
    const log = (body: Record<string, unknown>) =>
      member.post('/api/my-bets', {
        raceDate: TODAY,
        raceTime: race.time,
        course: race.course,
        source: 'race-card',
        ...body,
      });

    const win = await log({ horseName: race.horses[2].name, price: '9/2', stake: 10 });
    expect(win.status, win.text).toBe(200);
    expect(win.json.message).toBe(`${race.horses[2].name} logged: £10.00 at 9/2.`);
    const ew = await log({
      raceTime: other.time,
      course: other.course,
      horseName: other.horses[3].name,
      price: '3/1',
      stake: 2,
      eachWay: true,
    });
    expect(ew.json.message).toBe(`${other.horses[3].name} logged: £2.00 each way at 3/1 (total outlay £4.00).`);
    expect((await member.request('DELETE', `/api/my-bets/${ew.json.bet.id}`)).status).toBe(200);
    expect(win.json.bet).toMatchObject({ status: 'pending', stakePence: 1000, returnPence: null });
    // Time as a tip writes it, the course in another case, each way: 5 runners, so two places at 1/4.
    const [h, m] = race.time.split(':').map(Number);
    expect(
      (
        await log({
          raceTime: `${h > 12 ? h - 12 : h}:${String(m).padStart(2, '0')}`,
          course: race.course.toUpperCase(),
          horseName: race.horses[0].name,
          price: '8/1',
          stake: 4,
          eachWay: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await log({
          raceTime: other.time,
          course: other.course,
          horseName: other.horses[1].name,
          price: 'evs',
          stake: 2.5,
        })
      ).status,
    ).toBe(200);

    t.clock.set(afterTheOff(TODAY, race.time));
    expect((await enterResults(admin, TODAY, [resultLine(race, [2, 0])])).status).toBe(200);

    const body = (await member.get('/api/my-bets')).json as MyBetsResponse;
    const byHorse = Object.fromEntries(body.bets.map((b) => [b.horseName, b]));
    // £10 at 9/2 wins: £55 back. £4 each way (£4 win + £4 place, £8 laid out) at 8/1, second of 5:
    // the place part pays £4 × (1 + 8/4) = £12, so +£4.
    expect(byHorse[race.horses[2].name]).toMatchObject({ status: 'won', returnPence: 5500, profitPence: 4500 });
    expect(byHorse[race.horses[0].name]).toMatchObject({
      status: 'placed',
      stakePence: 400,
      returnPence: 1200,
      profitPence: 400,
      eachWay: true,
      raceTime: race.time,
    });
    expect(byHorse[other.horses[1].name]).toMatchObject({ status: 'pending' });
    expect(body.stats).toEqual({
      bets: 3,
      settled: 2,
      winners: 1,
      strikeRate: 50,
      stakedPence: 1800,
      profitPence: 4900,
      roi: 272.2,
    });
    expect(body.series.map((p) => p.cumulativePence).at(-1)).toBe(4900);
  });

  it('a bet logged before the per-part rule ("£2" with each way ticked) settles as £2 e/w: £2 win + £2 place, £4 laid out', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    // Nine runners, one a non-runner: eight ran, so three places at 1/5.
    const [race] = makeRaceDay({ races: 1, runners: 9, seed: 23 });
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook([race]), 'sunday')))
        .status,
    ).toBe(200);
    const { client: member, user } = await signedIn(t, 'member');
    // Rows exactly as the earlier code stored "£2, each way": stake_pence 200, each_way true.
    const asStored = (horse: number) => ({
      userId: user.id,
      raceDate: TODAY,
      raceTime: race.time,
      course: race.course,
      horseName: race.horses[horse].name,
      price: '3/1',
      stakePence: 200,
      eachWay: true,
      source: 'race-card',
      createdAt: t.clock.now(),
    });
    await t.ctx.db.insert(memberBets).values([asStored(2), asStored(8)]);
    t.clock.set(afterTheOff(TODAY, race.time));
    expect((await enterResults(admin, TODAY, [resultLine(race, [0, 1, 2], [8])])).status).toBe(200);

    const body = (await member.get('/api/my-bets')).json as MyBetsResponse;
    const byHorse = Object.fromEntries(body.bets.map((b) => [b.horseName, b]));
    // Third at 3/1: the win part loses £2; the place part returns £2 + £2 × 3/5 = £3.20; net −£0.80.
    expect(byHorse[race.horses[2].name]).toMatchObject({
      status: 'placed',
      stakePence: 200,
      eachWay: true,
      returnPence: 320,
      profitPence: -80,
    });
    // The non-runner returns both parts: £4.
    expect(byHorse[race.horses[8].name]).toMatchObject({ status: 'nr', returnPence: 400, profitPence: 0 });
    // Staked counts both parts of the settled bet (the non-runner is left out): £4, −£0.80, ROI −20 %.
    expect(body.stats).toMatchObject({ stakedPence: 400, profitPence: -80, roi: -20 });
  });

  it("another member's bets are never shown, and cannot be deleted", async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: rival } = await signedIn(t, 'member', 'rival@example.com');
    const bet = (
      await member.post('/api/my-bets', {
        raceDate: TODAY,
        raceTime: '14:10',
        course: 'Ascot',
        horseName: 'Northern Star',
        price: '5/1',
        stake: 5,
      })
    ).json.bet as MyBet;
    expect(((await rival.get('/api/my-bets')).json as MyBetsResponse).bets).toEqual([]);
    const refused = await rival.request('DELETE', `/api/my-bets/${bet.id}`);
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe('Bet not found.');
    expect(await t.ctx.db.select().from(memberBets)).toHaveLength(1);
    expect((await member.request('DELETE', `/api/my-bets/${bet.id}`)).status).toBe(200);
    expect(await t.ctx.db.select().from(memberBets)).toHaveLength(0);
  });

  it('refuses bad bets and non-members, writing nothing', async () => {
    const { client: member } = await signedIn(t, 'member');
    const good = {
      raceDate: TODAY,
      raceTime: '14:10',
      course: 'Ascot',
      horseName: 'Northern Star',
      price: '5/1',
      stake: 5,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: 'lots' }, 'Price taken must be odds like 9/2, evs or 5.5'],
      [{ stake: 0 }, 'Stake must be between £0.01 and £100,000'],
      [{ stake: 1.234 }, 'Stake must be in pounds and pence'],
      [{ raceTime: 'noon' }, 'Race time must be like 14:10 or 2:10'],
      [{ raceDate: '2026-02-30' }, 'Race date must be a date (YYYY-MM-DD)'],
      [{ horseName: '  ' }, 'Horse is required'],
    ];
    for (const [change, message] of cases) {
      const res = await member.post('/api/my-bets', { ...good, ...change });
      expect(res.status, message).toBe(400);
      expect(res.json.message).toBe(message);
    }
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.post('/api/my-bets', good)).status).toBe(403);
    expect((await nonMember.get('/api/my-bets')).status).toBe(403);
    expect((await t.client().get('/api/my-bets')).status).toBe(401);
    expect(await t.ctx.db.select().from(memberBets)).toEqual([]);
  });
});
