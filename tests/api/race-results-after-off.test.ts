import { describe, expect, it } from 'vitest';
import type { WatchlistResponse } from '#shared/schemas/watchlist';
import { memberAlerts, raceResultRunners, raceResults, tipRecords } from '#server/db/schema';
import { alertsIdle } from '#server/features/alerts/delivery-loop';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import type { PushService } from '../support/push-service';
import type { TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { alertedMember, star, withAlertsApp } from './alerts-helpers';
import { TODAY } from './prices-helpers';
import { afterTheOff, enterResults, resultLine } from './race-results-helpers';
import { publish } from './tips-helpers';

/**
 * A result can only be entered once its race is off (London time): before, the whole paste is
 * refused, naming the race, and nothing is written, settled or sent.
 */
let t: TestApp;
let push: PushService;
withAlertsApp((app, service) => {
  t = app;
  push = service;
});

const at = (hhmm: string) => t.clock.set(new Date(`${TODAY}T${hhmm}:00Z`)); // London is on GMT in November

async function signInAgain(email: string): Promise<HttpClient> {
  const client = t.client();
  expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

/** Wednesday's cards: the 12:15 Ascot and the 16:20 Ascot; the NAP and NB run in the 16:20. */
async function raceDay(admin: HttpClient): Promise<{ early: SampleRace; late: SampleRace }> {
  const [early, late] = makeRaceDay({ races: 2, runners: 5, seed: 11 });
  late.time = '16:20';
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook([early, late]), 'wednesday'),
  );
  expect(res.status, res.text).toBe(200);
  await publish(admin, {
    nap: `${late.horses[2].name} – 4:20 ${late.course}`,
    nb: `${late.horses[4].name} – 4:20 ${late.course}`,
    longshot: `${early.horses[3].name} – 12:15 ${early.course}`,
  });
  expect((await admin.post('/api/admin/auto-populate-performance', { date: TODAY })).status).toBe(200);
  return { early, late };
}

const settled = async () =>
  (await t.ctx.db.select().from(tipRecords)).filter((r) => r.result !== null).map((r) => [r.selectionName, r.result]);

async function watchedRun(member: HttpClient, horseName: string) {
  const res = await member.get('/api/watchlist');
  expect(res.status, res.text).toBe(200);
  return (res.json as WatchlistResponse).horses.find((h) => h.horseName === horseName)?.nextRun;
}

describe('results only after the off', () => {
  it('a 16:20 result pasted at 13:15 is refused whole: nothing saved or settled, no Won, no alert; at 16:21 it is accepted', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { early, late } = await raceDay(admin);
    const nap = late.horses[2].name;
    const nb = late.horses[4].name;
    const ann = await alertedMember(t, push, 'ann@example.com', { tipNonRunner: true, valueReached: true });
    await star(t, ann.user.id, nap);
    await alertsIdle(t.ctx);
    push.clear();

    // 13:15: the 12:15 is off, the 16:20 is not. The NAP "won", the NB a "non-runner".
    at('13:15');
    const analyst = await signInAgain('admin@example.com');
    const lines = [resultLine(early, [0, 1]), resultLine(late, [2, 0], [4])];
    const refused = await enterResults(analyst, TODAY, lines);
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      message:
        'The 16:20 Ascot is not off until 16:20 (London time); nothing was saved. If the race time is wrong, correct it on the cards first.',
      unmatched: [{ line: 2, text: '16:20 Ascot', message: 'Not off until 16:20 (London time).' }],
    });
    expect(late.course).toBe('Ascot');
    // Nothing at all: not even the 12:15, which was off.
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
    expect(await t.ctx.db.select().from(raceResultRunners)).toEqual([]);
    expect(await settled()).toEqual([]);
    const member = await signInAgain('ann@example.com');
    expect(await watchedRun(member, nap)).toMatchObject({ time: '16:20', off: false, result: null });
    await alertsIdle(t.ctx);
    expect(await t.ctx.db.select().from(memberAlerts)).toEqual([]);
    expect(push.to(ann.device!.endpoint)).toEqual([]);

    // Still refused in the minute of the off.
    at('16:20');
    const atTheOff = await enterResults(await signInAgain('admin@example.com'), TODAY, lines);
    expect(atTheOff.status).toBe(422);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);

    // 16:21: the same paste is saved; the tips settle, the watch list says Won, the NB's alert goes.
    at('16:21');
    const accepted = await enterResults(await signInAgain('admin@example.com'), TODAY, lines);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.message).toMatch(/^2 results saved for 2026-11-25\. Settled: /);
    expect(Object.fromEntries(await settled())).toEqual({
      [nap]: 'WON',
      [nb]: 'NR',
      [early.horses[3].name]: 'LOST',
    });
    expect(await watchedRun(await signInAgain('ann@example.com'), nap)).toMatchObject({
      off: true,
      result: { finish: 'won', position: 1 },
    });
    await alertsIdle(t.ctx);
    expect((await t.ctx.db.select().from(memberAlerts)).map((a) => [a.kind, a.title])).toEqual([
      ['non_runner', `Non-runner: ${nb}`],
    ]);
  });

  it('names every race not off', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [first, second] = makeRaceDay({ races: 2, runners: 5, seed: 11 });
    for (const tab of ['wednesday', 'thursday'])
      expect(
        (
          await admin.post(
            '/api/vbg-race-cards/upload-master-excel',
            masterForm(await raceDayWorkbook([first, second]), tab),
          )
        ).status,
      ).toBe(200);
    at('12:00');
    const analyst = await signInAgain('admin@example.com');
    const both = await enterResults(analyst, TODAY, [resultLine(first, [0]), resultLine(second, [1])]);
    expect(both.status).toBe(422);
    expect(both.json.message).toBe(
      'The 12:15 Ascot and the 12:50 Ascot are not off until 12:15 and 12:50 (London time); nothing was saved. If a race time is wrong, correct it on the cards first.',
    );
    expect((both.json.unmatched as Array<{ line: number }>).map((u) => u.line)).toEqual([1, 2]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
  });
});

describe('settling a tip by hand', () => {
  it('is refused before its race is off, and allowed after', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { late } = await raceDay(admin);
    const nap = (await t.ctx.db.select().from(tipRecords)).find((r) => r.selectionType === 'nap')!;
    expect([nap.raceTime, nap.raceLocation]).toEqual(['16:20', late.course]);

    at('13:15');
    const analyst = await signInAgain('admin@example.com');
    const early = await analyst.post(`/api/admin/tip-records/${nap.id}/settle`, {
      result: 'WON',
      startingPrice: '5/2',
    });
    expect(early.status).toBe(422);
    expect(early.json).toEqual({
      message: `The 16:20 Ascot is not off until 16:20 (London time); ${nap.selectionName} was not settled. If the race time is wrong, correct it first.`,
    });
    expect(await settled()).toEqual([]);

    t.clock.set(afterTheOff(TODAY, '16:20'));
    const later = await signInAgain('admin@example.com');
    const ok = await later.post(`/api/admin/tip-records/${nap.id}/settle`, { result: 'WON', startingPrice: '5/2' });
    expect(ok.status, ok.text).toBe(200);
    expect(await settled()).toEqual([[nap.selectionName, 'WON']]);
  });

  it('a tip with no race time waits for the day after its race day', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [row] = await t.ctx.db
      .insert(tipRecords)
      .values({ raceDate: TODAY, selectionName: 'Timeless', selectionType: 'nap', advisedOdds: '5/1' })
      .returning();
    const refused = await admin.post(`/api/admin/tip-records/${row.id}/settle`, { result: 'LOST' });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(
      'Timeless has no race time recorded, so it can be settled by hand from 2026-11-26; record its race time to settle it after the off.',
    );
    expect(await settled()).toEqual([]);
    t.clock.set(new Date('2026-11-26T00:00:00Z'));
    expect(
      (
        await (
          await signInAgain('admin@example.com')
        ).post(`/api/admin/tip-records/${row.id}/settle`, { result: 'LOST' })
      ).status,
    ).toBe(200);
    expect(await settled()).toEqual([['Timeless', 'LOST']]);
  });
});
