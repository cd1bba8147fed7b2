import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { valueDownTo } from '#shared/odds-format';
import { valueField } from '#shared/value-field';
import type { WatchedHorse, WatchlistResponse } from '#shared/schemas/watchlist';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { MORNING, raceCard, setMorning, TODAY, uploadDay, uploadMorningOdds } from './prices-helpers';
import { enterResults, resultLine } from './race-results-helpers';

/**
 * GET /api/watchlist: each starred horse with its next run on the cards — the first race still to
 * run today or later, else today's last run with its result — and the race card's figures for it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  setMorning(t); // Wednesday 25 November 2026, 09:00 London
});

const TOMORROW = '2026-11-26';
const at = (day: string, hhmm: string) => t.clock.set(new Date(`${day}T${hhmm}:00Z`)); // London is on GMT in November

/** A fresh session after the clock jumped past the idle limit. */
async function signInAgain(email: string): Promise<HttpClient> {
  const client = t.client();
  expect((await client.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  return client;
}

async function watched(member: HttpClient): Promise<Record<string, WatchedHorse['nextRun']>> {
  const res = await member.get('/api/watchlist');
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries((res.json as WatchlistResponse).horses.map((h) => [h.horseName, h.nextRun]));
}

/** Today's two races (12:15 and 12:50 Ascot, morning odds on) and tomorrow's one, whose first runner also runs today at 12:50. */
async function cards(admin: HttpClient) {
  const today = await uploadDay(admin);
  await uploadMorningOdds(admin, today, MORNING);
  const tomorrow = makeRaceDay({ races: 1, runners: 3, seed: 3 });
  tomorrow[0].horses[0].name = today[1].horses[2].name;
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook(tomorrow), 'thursday'),
  );
  expect(res.status, res.text).toBe(200);
  return { today, tomorrow };
}

describe('the next run of a watched horse', () => {
  it('is the first race still to run, with the race card’s price, VB rating and value down to; null when no card has the horse', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { today, tomorrow } = await cards(admin);
    const { client: member } = await signedIn(t, 'member');
    const onlyToday = today[0].horses[1].name;
    const twice = today[1].horses[2].name;
    const onlyTomorrow = tomorrow[0].horses[1].name;
    for (const horseName of [onlyToday, twice.toUpperCase(), onlyTomorrow, 'Not Declared Yet'])
      expect((await member.post('/api/watchlist', { horseName })).status).toBe(201);

    const runs = await watched(member);
    const card = await raceCard(member, today[0]);
    const field = valueField(card.horses);
    const h1 = card.horses[1];
    expect(runs[onlyToday]).toEqual({
      raceId: card.id,
      date: TODAY,
      time: today[0].time,
      course: today[0].course,
      title: card.title,
      horseName: onlyToday,
      vbRating: h1.vbRating,
      price: 2.5,
      priceText: '6/4',
      valueDownTo: valueDownTo(field, 1),
      nonRunner: false,
      off: false,
      result: null,
    });
    expect(runs[onlyToday]!.valueDownTo).not.toBeNull();
    // Starred in capitals: the card's spelling is the run's; the member's stays on the row.
    expect(runs[twice.toUpperCase()]).toMatchObject({ date: TODAY, time: today[1].time, horseName: twice, off: false });
    expect(runs[onlyTomorrow]).toMatchObject({
      date: TOMORROW,
      time: tomorrow[0].time,
      course: tomorrow[0].course,
      horseName: onlyTomorrow,
      off: false,
      result: null,
    });
    expect(runs['Not Declared Yet']).toBeNull();
  });

  it('moves on once a race is off: to a later day’s card, or stays on today’s last run and shows its result once entered', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { today, tomorrow } = await cards(admin);
    const { client: member } = await signedIn(t, 'member');
    const winner = today[0].horses[2].name;
    const twice = today[1].horses[2].name;
    for (const horseName of [winner, twice]) await member.post('/api/watchlist', { horseName });
    expect(Object.values(await watched(member)).map((r) => r?.time)).toEqual([today[1].time, today[0].time]); // and now cached

    // 12:50: the 12:50 is still to run (through its minute); the 12:15 is off.
    at(TODAY, today[1].time);
    let runs = await watched(await signInAgain('member@example.com'));
    expect(runs[twice]).toMatchObject({ date: TODAY, time: today[1].time, off: false });
    expect(runs[winner]).toMatchObject({ date: TODAY, time: today[0].time, off: true, result: null });

    at(TODAY, '12:51');
    const later = await signInAgain('member@example.com');
    runs = await watched(later);
    expect(runs[twice]).toMatchObject({ date: TOMORROW, time: tomorrow[0].time, off: false });

    // A result entered drops the cached cards: the run shows how it finished, and a non-runner is one.
    expect(
      (await enterResults(await signInAgain('admin@example.com'), TODAY, [resultLine(today[0], [2, 0, 4], [1])]))
        .status,
    ).toBe(200);
    await later.post('/api/watchlist', { horseName: today[0].horses[1].name });
    runs = await watched(later);
    expect(runs[winner]).toMatchObject({
      off: true,
      result: { finish: 'won', position: 1, startingPrice: '5/2' },
      nonRunner: false,
    });
    expect(runs[today[0].horses[1].name]).toMatchObject({
      off: true,
      result: { finish: 'nr', position: null, startingPrice: null },
      nonRunner: true,
    });

    // The next day: yesterday's runs are not shown; tomorrow's card is today's.
    at(TOMORROW, '09:00');
    runs = await watched(await signInAgain('member@example.com'));
    expect(runs[winner]).toBeNull();
    expect(runs[twice]).toMatchObject({ date: TOMORROW, off: false, result: null });
  });
});
