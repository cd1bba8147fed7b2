import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '#server/db/schema';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 09:00 London (GMT).
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
});

const NOMINATE = '/api/free-race/nominate';
const TODAY = '/api/free-race/today';
const PREVIEW = '/api/free-race-preview';
const NONE = {
  available: false,
  race_time: null,
  venue: null,
  weekday: null,
  raceData: null,
  message: 'No free race available',
};

async function adminWithDay(weekday: string, sample: SampleRace[]) {
  const { client: admin } = await signedIn(t, 'admin');
  expect(
    (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(sample), weekday)))
      .status,
  ).toBe(200);
  return admin;
}

describe('stage 5: free race', () => {
  it('serves nothing until a race is nominated for today', async () => {
    expect((await t.client().get(TODAY)).json).toEqual({ freeRace: null });
    const res = await t.client().get(PREVIEW);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(NONE);
  });

  it('serves the nominated race, and only it, to visitors for that London day', async () => {
    const sample = makeRaceDay({ races: 3, runners: 4, seed: 21 });
    const admin = await adminWithDay('sunday', sample);
    const chosen = sample[2]; // 13:25, nominated as "1:25"
    const [h, m] = chosen.time.split(':').map(Number);
    const res = await admin.post(NOMINATE, {
      raceTime: `${h > 12 ? h - 12 : h}:${String(m).padStart(2, '0')}`,
      course: ` ${chosen.course.toLowerCase()} `,
      weekday: 'Sunday',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: `Free race set: ${chosen.time} ${chosen.course} (Sunday).`,
    });

    expect((await t.client().get(TODAY)).json).toEqual({
      freeRace: { raceTime: chosen.time, course: chosen.course, weekday: 'sunday' },
    });
    const preview = await t.client().get(PREVIEW);
    expect(preview.json).toMatchObject({
      available: true,
      race_time: chosen.time,
      venue: chosen.course,
      weekday: 'sunday',
    });
    const raceData = preview.json.raceData;
    expect(raceData.horses.map((x: { name: string }) => x.name)).toEqual(chosen.horses.map((x) => x.name));
    // Same shape as the member race endpoint.
    const { client: member } = await signedIn(t, 'member');
    expect((await member.get(`/api/vbg-race-cards/race/${raceData.id}`)).json).toEqual(raceData);

    // No other race is ever reachable publicly.
    for (const other of [raceData.id - 1, raceData.id + 1]) {
      expect((await t.client().get(`/api/vbg-race-cards/race/${other}`)).status).toBe(401);
    }
    expect((await t.client().get('/api/vbg-race-cards-metadata')).status).toBe(401);
    const text = JSON.stringify(preview.json);
    for (const r of sample.filter((r) => r !== chosen))
      for (const horse of r.horses) expect(text).not.toContain(horse.name);

    // Tomorrow (London) the nomination has lapsed.
    t.clock.set(new Date('2026-11-23T00:30:00Z'));
    expect((await t.client().get(TODAY)).json).toEqual({ freeRace: null });
    expect((await t.client().get(PREVIEW)).json).toEqual(NONE);
  });

  it('lapses when the nominated race is gone', async () => {
    const sample = makeRaceDay({ races: 2, runners: 2, seed: 22 });
    const admin = await adminWithDay('sunday', sample);
    expect(
      (await admin.post(NOMINATE, { raceTime: sample[0].time, course: sample[0].course, weekday: 'sunday' })).status,
    ).toBe(200);
    expect((await admin.delete('/api/vbg-race-cards/clear-weekday/sunday')).status).toBe(200);
    expect((await t.client().get(PREVIEW)).json).toEqual(NONE);
    expect((await t.client().get(TODAY)).json).toEqual({ freeRace: null });
  });

  it('a nomination whose race is gone is dropped, so uploading the cards again later does not bring it back', async () => {
    const sample = makeRaceDay({ races: 2, runners: 2, seed: 22 });
    const admin = await adminWithDay('sunday', sample);
    expect(
      (await admin.post(NOMINATE, { raceTime: sample[0].time, course: sample[0].course, weekday: 'sunday' })).status,
    ).toBe(200);
    expect((await admin.delete('/api/vbg-race-cards/clear-weekday/sunday')).status).toBe(200);
    await expect
      .poll(async () => (await t.ctx.db.select().from(settings).where(eq(settings.key, 'freeRace'))).length)
      .toBe(0);
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(sample), 'sunday')))
        .status,
    ).toBe(200);
    expect((await t.client().get(TODAY)).json).toEqual({ freeRace: null });
    expect((await t.client().get(PREVIEW)).json).toEqual(NONE);
  });

  it('a new upload that still has the race keeps the nomination; one without it drops it', async () => {
    const sample = makeRaceDay({ races: 2, runners: 2, seed: 22 });
    const admin = await adminWithDay('sunday', sample);
    expect(
      (await admin.post(NOMINATE, { raceTime: sample[1].time, course: sample[1].course, weekday: 'sunday' })).status,
    ).toBe(200);
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(sample), 'sunday')))
        .status,
    ).toBe(200);
    expect((await t.client().get(TODAY)).json).toEqual({
      freeRace: { raceTime: sample[1].time, course: sample[1].course, weekday: 'sunday' },
    });
    expect(
      (
        await admin.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook([sample[0]]), 'sunday'),
        )
      ).status,
    ).toBe(200);
    await expect
      .poll(async () => (await t.ctx.db.select().from(settings).where(eq(settings.key, 'freeRace'))).length)
      .toBe(0);
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(sample), 'sunday')))
        .status,
    ).toBe(200);
    expect((await t.client().get(PREVIEW)).json).toEqual(NONE);
  });

  it('nominate: 404 for a race that does not exist, 400 for bad input, admin only', async () => {
    const sample = makeRaceDay({ races: 1, runners: 2, seed: 23 });
    const admin = await adminWithDay('saturday', sample);
    const body = { raceTime: sample[0].time, course: sample[0].course, weekday: 'saturday' };
    expect((await admin.post(NOMINATE, { ...body, weekday: 'friday' })).status).toBe(404);
    expect((await admin.post(NOMINATE, { ...body, course: 'Nowhere' })).status).toBe(404);
    for (const bad of [{ ...body, raceTime: 'soon' }, { ...body, weekday: 'someday' }, { ...body, course: '' }, {}]) {
      expect((await admin.post(NOMINATE, bad)).status).toBe(400);
    }
    expect((await t.client().post(NOMINATE, body)).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post(NOMINATE, body)).status).toBe(403);
    expect((await t.client().get(TODAY)).json).toEqual({ freeRace: null });
  });
});
