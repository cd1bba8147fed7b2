import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
});

const UPLOAD = '/api/vbg-race-cards/upload-master-excel';
const METADATA = '/api/vbg-race-cards-metadata';

async function loadCards() {
  const { client: admin } = await signedIn(t, 'admin');
  const saturday = makeRaceDay({ races: 4, runners: 6, seed: 21 });
  const friday = makeRaceDay({ races: 2, runners: 5, seed: 22 });
  expect((await admin.post(UPLOAD, masterForm(await raceDayWorkbook(saturday), 'saturday'))).status).toBe(200);
  expect((await admin.post(UPLOAD, masterForm(await raceDayWorkbook(friday), 'Friday'))).status).toBe(200);
  return { admin, saturday, friday };
}

describe('race card read APIs', () => {
  it('metadata: 401 visitor, 403 non-member, 200 member with every weekday, summaries and stamps', async () => {
    const { saturday } = await loadCards();
    expect((await t.client().get(METADATA)).status).toBe(401);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get(METADATA)).status).toBe(403);
    const { client: member } = await signedIn(t, 'member');
    const res = await member.get(`${METADATA}?t=1234567`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    for (const day of WEEKDAYS) expect(Array.isArray(res.json[day])).toBe(true);
    expect(res.json._cacheBuster).toBe(1234567);
    // The test clock runs on from 09:00 London: the stamp is the server's (moved) clock.
    expect(res.json._timestamp - new Date('2026-11-22T09:00:00Z').getTime()).toBeGreaterThanOrEqual(0);
    expect(res.json._timestamp - new Date('2026-11-22T09:00:00Z').getTime()).toBeLessThan(60_000);
    expect(res.json.friday).toHaveLength(2);
    expect(res.json.friday.map((r: { raceDate: string }) => r.raceDate)).toEqual(['2026-11-27', '2026-11-27']);
    expect(res.json.sunday).toEqual([]);
    // Without a cache-busting number: stamped with the start of the minute, the same bytes all minute.
    const plain = await member.get(METADATA);
    expect(plain.json._timestamp % 60_000).toBe(0);
    expect(plain.json._cacheBuster).toBe(plain.json._timestamp);
    expect(res.json._timestamp - plain.json._timestamp).toBeLessThan(60_000);
    t.clock.advance(1000 - (t.clock.now().getTime() % 60_000)); // a second into the same minute
    expect((await member.get(METADATA)).text).toBe(plain.text);
    const sat = res.json.saturday as Array<{
      id: number;
      time: string;
      course: string;
      title: string;
      runnerCount: number;
    }>;
    expect(sat).toHaveLength(4);
    expect(sat.map((r) => r.time)).toEqual([...sat.map((r) => r.time)].sort());
    // Each summary carries its London race day: the weekday tabs show it.
    expect(sat[0]).toEqual({
      id: expect.any(Number),
      raceDate: '2026-11-28',
      time: saturday[0].time,
      course: saturday[0].course,
      title: saturday[0].title,
      runnerCount: 6,
    });
  });

  it('race: the race with every horse field, bookieOdds numeric; 404 JSON when unknown', async () => {
    const { saturday } = await loadCards();
    const { client: member } = await signedIn(t, 'member');
    const meta = (await member.get(METADATA)).json;
    const id = meta.saturday[0].id as number;
    expect((await t.client().get(`/api/vbg-race-cards/race/${id}`)).status).toBe(401);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get(`/api/vbg-race-cards/race/${id}`)).status).toBe(403);

    const res = await member.get(`/api/vbg-race-cards/race/${id}?v=1&t=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    const s = saturday[0];
    expect(res.json).toMatchObject({
      id,
      weekday: 'saturday',
      raceDate: '2026-11-28',
      time: s.time,
      course: s.course,
      title: s.title,
      distance: s.distance,
      raceType: s.raceType,
      classNumber: s.classNumber,
      prizeMoney: s.prizeMoney,
      ageHandicapInfo: s.ageHandicapInfo,
      verdict: '',
      runnerCount: 6,
    });
    const first = res.json.horses[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'position',
        'name',
        'number',
        'draw',
        'dslr',
        'sire',
        'dam',
        'form',
        'formHistory',
        'jockey',
        'jockeyClaim',
        'trainer',
        'vbRating',
        'age',
        'equipment',
        'runsWins',
        'officialRating',
        'weight',
        'summary',
        'bookieOdds',
        'bookieOddsText',
        'potentialNonRunner',
      ].sort(),
    );
    expect(first).toMatchObject({
      name: s.horses[0].name,
      vbRating: s.horses[0].vbRating,
      runsWins: s.horses[0].runsWins,
    });
    expect(typeof first.bookieOdds).toBe('number');
    expect(res.json.horses.map((h: { name: string }) => h.name)).toEqual(s.horses.map((h) => h.name));

    for (const bad of ['999999', 'abc', '1e3', '-1']) {
      const missing = await member.get(`/api/vbg-race-cards/race/${bad}`);
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ message: expect.stringMatching(/Race not found/) });
    }
  });

  it('clear-weekday: admin only; clears that weekday and nothing else', async () => {
    const { admin } = await loadCards();
    expect((await t.client().delete('/api/vbg-race-cards/clear-weekday/saturday')).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.delete('/api/vbg-race-cards/clear-weekday/saturday')).status).toBe(403);
    const bad = await admin.delete('/api/vbg-race-cards/clear-weekday/someday');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/must be a weekday/);

    // Read (and kept for the minute) before the write: the write drops it.
    expect((await member.get(METADATA)).json.saturday).toHaveLength(4);
    const res = await admin.delete('/api/vbg-race-cards/clear-weekday/saturday');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Cleared 4 races from Saturday.' });
    const meta = (await member.get(METADATA)).json;
    expect(meta.saturday).toEqual([]);
    expect(meta.friday).toHaveLength(2);
    expect((await admin.delete('/api/vbg-race-cards/clear-weekday/saturday')).json).toEqual({
      message: 'Saturday had no races to clear.',
    });
  });

  it('upload is admin only, decided before the body is read', async () => {
    const bytes = await raceDayWorkbook(makeRaceDay({ races: 1 }));
    const anon = await t.client().post(UPLOAD, masterForm(bytes, 'saturday'));
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ success: false, message: 'Please sign in to continue.' });
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post(UPLOAD, masterForm(bytes, 'saturday'))).status).toBe(403);
    const { client: nonMember } = await signedIn(t, 'nonMember', 'other@example.com');
    expect((await nonMember.post(UPLOAD, masterForm(bytes, 'saturday'))).status).toBe(403);
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.get(METADATA)).json.saturday).toEqual([]);
  });
});
