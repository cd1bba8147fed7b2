import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoFreeRace } from '#server/features/free-race/demo';
import { seedDemoRaceCards } from '#server/features/race-cards/demo';
import { seedDemoRacePreviews } from '#server/features/race-previews/demo';
import { calculateValue } from '#shared/value-model';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('demo race cards', () => {
  it("loads today's and tomorrow's cards through the stages, with verdicts, a default weekday and a free race", async () => {
    t.clock.set(new Date('2026-11-22T07:00:00Z')); // a Sunday in London
    await seedDemoRaceCards(t.ctx);
    await seedDemoFreeRace(t.ctx);
    const { client } = await signedIn(t, 'member');
    const byDay = (await client.get('/api/vbg-race-cards')).json;
    expect(byDay).toMatchObject({ today: 'sunday', tomorrow: 'monday' });
    expect(byDay.sunday).toHaveLength(8);
    expect(byDay.monday).toHaveLength(8);
    expect(byDay.tuesday).toHaveLength(0);
    const race = (await client.get(`/api/vbg-race-cards/race/${byDay.sunday[0].id}`)).json;
    expect(race.horses).toHaveLength(9);
    expect(race.verdict).toMatch(/tops the VB ratings/);
    expect((await client.get('/api/admin-settings/default-weekday')).json.value).toBe('Sunday');
    const free = (await t.client().get('/api/free-race-preview')).json;
    expect(free).toMatchObject({ available: true, weekday: 'sunday' });
  });

  it("prices like a real morning: each race's book is 110–130%, and with Market Correction the day shows every value score 1–5", async () => {
    t.clock.set(new Date('2026-11-22T07:00:00Z'));
    await seedDemoRaceCards(t.ctx);
    const { client } = await signedIn(t, 'member');
    const byDay = (await client.get('/api/vbg-race-cards')).json;
    for (const weekday of ['sunday', 'monday']) {
      const scores = new Set<number>();
      for (const { id } of byDay[weekday] as Array<{ id: number }>) {
        const race = (await client.get(`/api/vbg-race-cards/race/${id}`)).json as {
          horses: Array<{ name: string; vbRating: number; bookieOdds: number }>;
        };
        const book = race.horses.reduce((sum, h) => sum + 100 / h.bookieOdds, 0);
        expect(book, `${weekday} race ${id}`).toBeGreaterThanOrEqual(110);
        expect(book, `${weekday} race ${id}`).toBeLessThanOrEqual(130);
        const valued = calculateValue(
          race.horses.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: h.bookieOdds })),
          { marketCorrection: true },
        );
        for (const v of valued) scores.add(v.valueScore!);
      }
      expect([...scores].sort(), weekday).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it("splits a master PDF of today's demo races into one preview each, the first the feature race", async () => {
    t.clock.set(new Date('2026-11-22T07:00:00Z'));
    await seedDemoRaceCards(t.ctx);
    await seedDemoRacePreviews(t.ctx);
    const { client } = await signedIn(t, 'member');
    const byDay = (await client.get('/api/vbg-race-cards')).json;
    const res = await client.get('/api/race-previews');
    expect(res.status).toBe(200);
    const previews = res.json as Array<{ raceTime: string; course: string; isFeature: boolean; url: string }>;
    expect(previews).toHaveLength(8);
    // The same races as today's demo cards.
    const cards = (byDay.sunday as Array<{ time: string; course: string }>).map((r) => `${r.time} ${r.course}`).sort();
    expect(previews.map((p) => `${p.raceTime} ${p.course}`).sort()).toEqual(cards);
    expect(previews.filter((p) => p.isFeature)).toHaveLength(1);
    const pdf = await client.get(previews[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});
