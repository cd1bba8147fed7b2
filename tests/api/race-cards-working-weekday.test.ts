import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoRaceCards } from '#server/features/race-cards/demo';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

// The race-card tab's morning stages start on the day being worked on, not always Monday.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Wednesday 25 November 2026, 07:30 London (GMT).
  t.clock.set(new Date('2026-11-25T07:30:00Z'));
});

const WORKING = '/api/vbg-race-cards/working-weekday';

describe('GET /api/vbg-race-cards/working-weekday', () => {
  it("is today's London weekday before any workbook", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'wednesday' });
    // Just after midnight in London: Thursday's work begins (signed in again: the session idled out).
    t.clock.set(new Date('2026-11-26T00:10:00Z'));
    const { client: later } = await signedIn(t, 'admin');
    expect((await later.get(WORKING)).json).toEqual({ weekday: 'thursday' });
  });

  it('is the tab the last workbook went to while that day is ahead, and today once it has passed', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const upload = async (weekday: string) => {
      const res = await admin.post(
        '/api/vbg-race-cards/upload-master-excel',
        masterForm(await raceDayWorkbook(makeRaceDay({ races: 2, runners: 3, seed: 7 })), weekday),
      );
      expect(res.status).toBe(200);
    };
    await upload('friday');
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'friday' });
    await upload('wednesday');
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'wednesday' });
    await upload('thursday');
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'thursday' });
    // A refused upload is not where the work went.
    const refused = await admin.post(
      '/api/vbg-race-cards/upload-master-excel',
      masterForm(Buffer.from('not a workbook'), 'saturday'),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'thursday' });
    // Friday morning: Thursday's cards are history, so the work is today's.
    t.clock.set(new Date('2026-11-27T07:00:00Z'));
    const { client: nextMorning } = await signedIn(t, 'admin');
    expect((await nextMorning.get(WORKING)).json).toEqual({ weekday: 'friday' });
  });

  it('on a Saturday on the seeded site is Saturday: the seed loading tomorrow last is not the analyst working on it', async () => {
    // Saturday 28 November 2026, 07:30 London: the demo loads Saturday's cards, then Sunday's.
    t.clock.set(new Date('2026-11-28T07:30:00Z'));
    await seedDemoRaceCards(t.ctx);
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'saturday' });
    // The analyst's own load for Sunday is where the work is, until Sunday has passed.
    const res = await admin.post(
      '/api/vbg-race-cards/upload-master-excel',
      masterForm(await raceDayWorkbook(makeRaceDay({ races: 2, runners: 3, seed: 7 })), 'sunday'),
    );
    expect(res.status).toBe(200);
    expect((await admin.get(WORKING)).json).toEqual({ weekday: 'sunday' });
  });

  it('is for the admin only', async () => {
    expect((await t.client().get(WORKING)).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.get(WORKING)).status).toBe(403);
  });
});
