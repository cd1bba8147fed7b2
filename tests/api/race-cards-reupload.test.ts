import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, races, uploadLog } from '#server/db/schema';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

// Re-uploading stage 1 over a day that has cards: the admin is told first what would change, and
// the answer names the races that go (the free race among them, if it was one).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z')); // Sunday, 09:00 London
});

const PREVIEW = '/api/vbg-race-cards/upload-master-excel/preview';
const UPLOAD = '/api/vbg-race-cards/upload-master-excel';
const stored = async () =>
  (
    await t.ctx.db
      .select({ id: races.id, time: races.time, course: races.course })
      .from(races)
      .where(eq(races.weekday, 'sunday'))
      .orderBy(asc(races.id))
  ).map((r) => `${r.id} ${r.time} ${r.course}`);

describe('re-uploading the master workbook', () => {
  it('the preview says what would change and writes nothing; the upload then names the races that went', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const day = makeRaceDay({ races: 4, runners: 3, seed: 5 });
    expect((await admin.post(UPLOAD, masterForm(await raceDayWorkbook(day), 'sunday'))).status).toBe(200);
    const before = await stored();
    const logRows = (await t.ctx.db.select().from(uploadLog)).length;
    const fileRows = (await t.ctx.db.select({ id: files.id }).from(files)).length;

    // The new workbook drops the last race and adds two new ones.
    const next = [
      ...day.slice(0, 3),
      ...makeRaceDay({ races: 2, runners: 3, seed: 99 }).map((r) => ({
        ...r,
        time: '20:45',
        course: `${r.course} Park`,
      })),
    ];
    const gone = day[3];
    const preview = await admin.post(PREVIEW, masterForm(await raceDayWorkbook(next), 'sunday'));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.summary).toMatchObject({ racesKept: 3, racesRemoved: 1 });
    expect(preview.json.summary.racesAdded).toBeGreaterThan(0);
    expect(preview.json.removedRaces).toEqual([{ time: gone.time, course: gone.course }]);
    expect(preview.json.message).toContain('Uploading this workbook to the Sunday tab');
    expect(preview.json.message).toContain(`No longer on the cards: ${gone.time} ${gone.course}.`);
    // Nothing written: the same races under the same ids, no log row, no stored file.
    expect(await stored()).toEqual(before);
    expect((await t.ctx.db.select().from(uploadLog)).length).toBe(logRows);
    expect((await t.ctx.db.select({ id: files.id }).from(files)).length).toBe(fileRows);

    const upload = await admin.post(UPLOAD, masterForm(await raceDayWorkbook(next), 'sunday'));
    expect(upload.status, upload.text).toBe(200);
    expect(upload.json.message).toContain(`No longer on the cards: ${gone.time} ${gone.course}.`);
    expect(await stored()).not.toContain(before[3]);
  });

  it('a bad workbook is refused by the preview too, and the preview is for the admin only', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const refused = await admin.post(PREVIEW, masterForm(Buffer.from('not a workbook at all'), 'sunday'));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.json.message).toMatch(/not an Excel workbook/);
    const { client: member } = await signedIn(t, 'member');
    expect(
      (
        await member.post(
          PREVIEW,
          masterForm(await raceDayWorkbook(makeRaceDay({ races: 1, runners: 2, seed: 1 })), 'sunday'),
        )
      ).status,
    ).toBe(403);
  });
});
