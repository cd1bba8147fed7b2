import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoRaceResults } from '#server/features/race-results/demo';
import { DEMO_MEMBER_EMAIL } from '#server/seed/demo';
import type { MyBetsResponse } from '#shared/schemas/my-bets';
import { calibrate } from '#shared/calibration';
import { parseOdds } from '#shared/odds';
import type { RaceResultsAnswer, CalibrationResponse } from '#shared/schemas/race-results';
import type { TipRecord } from '#shared/schemas/performance';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { record, settle } from './performance-helpers';
import { enterResults, resultLine, uploadCards } from './race-results-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 17:00 London (GMT).
  t.clock.set(new Date('2026-11-22T17:00:00Z'));
});

const TODAY = '2026-11-22';

async function tips(admin: Awaited<ReturnType<typeof signedIn>>['client']): Promise<Record<string, TipRecord>> {
  const list = (await admin.get('/api/daily-performance-history')).json as TipRecord[];
  return Object.fromEntries(list.map((r) => [r.selectionType, r]));
}

describe('tips settle from the results', () => {
  it('WON at advised odds, PLACED, NR; a tip not in the results stays pending', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race, other] = await uploadCards(admin, 'sunday');
    // A manual entry ("12:15 Ascot" + 'Daily Tips') and auto-populated shapes ("12:15" + "Ascot").
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: race.horses[2].name.toLowerCase(),
      selectionType: 'nap',
      advisedOdds: '11/4',
    });
    await record(admin, {
      raceDate: TODAY,
      raceTime: race.time,
      raceLocation: race.course,
      selectionName: race.horses[0].name,
      selectionType: 'nb',
      advisedOdds: '8/1',
    });
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${other.time} ${other.course}`,
      selectionName: other.horses[4].name,
      selectionType: 'longshot',
      advisedOdds: '20/1',
    });

    const res = await enterResults(admin, TODAY, [resultLine(race, [2, 0])]);
    expect(res.status, res.text).toBe(200);
    const answer = res.json as RaceResultsAnswer;
    expect(answer.tipsSettled.map((s) => [s.selectionType, s.result])).toEqual([
      ['nap', 'WON'],
      ['nb', 'PLACED'],
    ]);
    expect(answer.message).toContain(
      `Settled: ${race.horses[2].name.toLowerCase()} WON, ${race.horses[0].name} PLACED.`,
    );
    let now = await tips(admin);
    expect(now.nap).toMatchObject({ result: 'WON', startingPrice: '5/2', profitLoss: 2.75, correctedAt: null });
    expect(now.nb).toMatchObject({ result: 'PLACED', startingPrice: '7/1', profitLoss: -1 });
    expect(now.longshot).toMatchObject({ result: null, profitLoss: null });

    // The other race: the longshot a non-runner.
    expect((await enterResults(admin, TODAY, [resultLine(other, [0], [4])])).status).toBe(200);
    now = await tips(admin);
    expect(now.longshot).toMatchObject({ result: 'NR', profitLoss: 0 });
  });

  it('a re-entered result settles again as a correction; a tip the admin settled by hand is never touched', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: race.horses[1].name,
      selectionType: 'nap',
      advisedOdds: '4/1',
    });
    const overridden = await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: race.horses[3].name,
      selectionType: 'nb',
      advisedOdds: '6/1',
    });
    await settle(admin, overridden, 'WON'); // the admin's own settlement (e.g. a dead heat they saw)

    expect((await enterResults(admin, TODAY, [resultLine(race, [0, 1])])).status).toBe(200);
    let now = await tips(admin);
    expect(now.nap).toMatchObject({ result: 'PLACED', profitLoss: -1, correctedAt: null });
    expect(now.nb).toMatchObject({ result: 'WON', profitLoss: 6 });

    t.clock.advance(60_000);
    const again = await enterResults(admin, TODAY, [resultLine(race, [1, 0])]);
    expect((again.json as RaceResultsAnswer).tipsSettled.map((s) => s.selectionType)).toEqual(['nap']);
    now = await tips(admin);
    expect(now.nap).toMatchObject({
      result: 'WON',
      profitLoss: 4,
      correctedAt: expect.stringMatching(/^2026-11-22T17:01:0\d/),
    });
    expect(now.nb).toMatchObject({ result: 'WON', profitLoss: 6 });

    // The admin can still override a tip the results settled.
    const nap = now.nap.id;
    expect((await settle(admin, nap, 'LOST')).json.record).toMatchObject({ result: 'LOST', profitLoss: -1 });
    await enterResults(admin, TODAY, [resultLine(race, [1, 0])]);
    expect((await tips(admin)).nap).toMatchObject({ result: 'LOST' });
  });
});

describe('a tip recorded after its result', () => {
  it('settles as it is recorded', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    expect((await enterResults(admin, TODAY, [resultLine(race, [3])])).status).toBe(200);
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: race.horses[3].name,
      selectionType: 'nap',
      advisedOdds: '3/1',
    });
    await record(admin, {
      raceDate: TODAY,
      raceTime: `${race.time} ${race.course}`,
      selectionName: race.horses[1].name,
      selectionType: 'nb',
      advisedOdds: '3/1',
    });
    expect(await tips(admin)).toMatchObject({
      nap: { result: 'WON', profitLoss: 3 },
      nb: { result: 'LOST', profitLoss: -1 },
    });
  });
});

describe('GET /api/value-calibration', () => {
  it("counts past days only, for everyone, with the shared calibration's numbers", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadCards(admin, 'sunday');
    const [race, other] = sample;
    expect((await enterResults(admin, TODAY, [resultLine(race, [2, 0], [1]), resultLine(other, [4])])).status).toBe(
      200,
    );

    // Today's races are members' business until tomorrow: nobody sees them counted.
    const { client: member } = await signedIn(t, 'member');
    for (const client of [t.client(), member, admin]) {
      const today = (await client.get('/api/value-calibration')).json as CalibrationResponse;
      expect(today).toMatchObject({ before: TODAY, races: 0, from: null });
    }

    t.clock.set(new Date('2026-11-23T08:00:00Z'));
    // Clearing the cards does not matter: the results keep the runners' morning figures.
    const { client: nextMorning } = await signedIn(t, 'admin', 'admin-monday@example.com');
    expect((await nextMorning.request('DELETE', '/api/vbg-race-cards/clear-weekday/sunday')).status).toBe(200);
    const res = await t.client().get('/api/value-calibration');
    expect(res.status).toBe(200);
    const body = res.json as CalibrationResponse;
    expect(body).toMatchObject({ before: '2026-11-23', from: TODAY, to: TODAY, races: 2 });
    const finish = (r: number, h: number) =>
      r === 0 ? (h === 2 ? 'won' : h === 0 ? 'placed' : h === 1 ? 'nr' : 'ran') : h === 4 ? 'won' : 'ran';
    const expected = calibrate(
      sample.map((s, r) => ({
        raceDate: TODAY,
        runners: s.horses.map((h, i) => ({
          name: h.name,
          vbRating: h.vbRating,
          morningOdds: parseOdds(h.odds),
          finish: finish(r, i) as 'won',
        })),
      })),
    );
    expect(body.byScore).toEqual(expected.byScore);
    expect(body.byRank).toEqual(expected.byRank);
    expect(body.overall).toMatchObject({ runners: 9, winners: 2 });
    expect(body.byScore.reduce((n, r) => n + r.runners, 0)).toBe(9);
  });
});

describe('demo results', () => {
  it("four past days of results fill the calibration and the demo member's bet log on a fresh start", async () => {
    const { client: demoMember } = await signedIn(t, 'member', DEMO_MEMBER_EMAIL);
    await seedDemoRaceResults(t.ctx);
    const bets = (await demoMember.get('/api/my-bets')).json as MyBetsResponse;
    expect(bets.stats).toMatchObject({ bets: 9, settled: 9 });
    const body = (await t.client().get('/api/value-calibration')).json as CalibrationResponse;
    expect(body).toMatchObject({ from: '2026-11-18', to: '2026-11-21', races: 32 });
    // 8 races of 9 runners a day, a non-runner in 3 of them.
    expect(body.overall).toMatchObject({ runners: 4 * (72 - 3), winners: 32 });
    expect(body.byScore.filter((r) => r.runners > 0).length).toBeGreaterThanOrEqual(4);
    // Running it again replaces the same races.
    await seedDemoRaceResults(t.ctx);
    expect(((await t.client().get('/api/value-calibration')).json as CalibrationResponse).races).toBe(32);
  });
});
