import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dailyTips, tipRecords } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { publish } from './tips-helpers';
import { record, tipEntry } from './performance-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('who may use the tipping record', () => {
  it('admin routes answer 401 signed out and 403 to members', async () => {
    const { client: member } = await signedIn(t, 'member');
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/daily-performance-history', undefined],
      ['POST', '/api/admin/back-catalogue-entry', tipEntry()],
      ['POST', '/api/admin/auto-populate-performance', { date: '2026-07-14' }],
      ['POST', '/api/admin/tip-records/1/settle', { result: 'WON' }],
      ['PUT', '/api/admin/tip-records/1', { raceTime: '2:10 Ascot', selectionName: 'X' }],
      ['DELETE', '/api/admin/tip-records/1', undefined],
    ];
    for (const [method, url, body] of calls) {
      const anon = await t.client().request(method, url, body);
      expect(anon.status, url).toBe(401);
      const refused = await member.request(method, url, body);
      expect(refused.status, url).toBe(403);
    }
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(0);
  });
});

describe('Record New Tips', () => {
  it('records one call per selection and lists them newest day first', async () => {
    t.clock.set(new Date('2026-07-14T10:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await record(admin, { raceDate: '2026-07-13', selectionName: 'Yesterday Star' });
    await record(admin);
    await record(admin, {
      selectionType: 'nb',
      selectionName: 'Harbour Light',
      raceTime: '3:15 Haydock',
      advisedOdds: '',
    });
    const res = await admin.get('/api/daily-performance-history');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const list = res.json as Array<Record<string, unknown>>;
    expect(list.map((r) => r.selectionName)).toEqual(['Northern Star', 'Harbour Light', 'Yesterday Star']);
    expect(list[0]).toMatchObject({
      raceDate: '2026-07-14',
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionType: 'nap',
      advisedOdds: '5/1',
      startingPrice: null,
      result: null,
      profitLoss: null,
      settledAt: null,
    });
    expect(list[0].publishedAt).toMatch(/^2026-07-14T10:00:0\d\.\d{3}Z$/); // when it was recorded
    expect(list[1].advisedOdds).toBe('');
  });

  it('never duplicates: a second tip of the same type on the same day replaces the pending one; a settled one answers 409', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await record(admin);
    const again = await admin.post(
      '/api/admin/back-catalogue-entry',
      tipEntry({ selectionName: 'Someone Else', advisedOdds: '6/1' }),
    );
    expect(again.status).toBe(200);
    expect(again.json.message).toBe('Someone Else now the NAP for 2026-07-14 (replaced the pending one).');
    const naps = await t.ctx.db.select().from(tipRecords);
    expect(naps.map((r) => [r.selectionName, r.advisedOdds])).toEqual([['Someone Else', '6/1']]);
    await admin.post(`/api/admin/tip-records/${naps[0].id}/settle`, { result: 'LOST' });
    const settled = await admin.post('/api/admin/back-catalogue-entry', tipEntry());
    expect(settled.status).toBe(409);
    expect(settled.json.message).toBe(
      'The NAP for 2026-07-14 (Someone Else) is already settled as LOST: correct it in Performance History.',
    );
    // The same horse as another type, or on another day, is a different tip.
    await record(admin, { selectionType: 'nb' });
    await record(admin, { raceDate: '2026-07-15' });
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(3);
  });

  it('edits and deletes a pending tip; a settled one can only be corrected, never edited or deleted', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const id = await record(admin);
    const edited = await admin.put(`/api/admin/tip-records/${id}`, {
      raceTime: '2:45 Ascot',
      selectionName: 'Northern Star',
      advisedOdds: '9/2',
    });
    expect(edited.status).toBe(200);
    expect(edited.json.record).toMatchObject({
      raceTime: '14:45',
      raceLocation: 'Ascot',
      advisedOdds: '9/2',
      result: null,
    });
    expect((await admin.put(`/api/admin/tip-records/${id}`, { raceTime: '', selectionName: 'X' })).json.message).toBe(
      'Race is required',
    );
    const nb = await record(admin, { selectionType: 'nb', selectionName: 'Harbour Light' });
    const deleted = await admin.delete(`/api/admin/tip-records/${nb}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe('Harbour Light (NB, 2026-07-14) deleted.');
    expect((await admin.delete(`/api/admin/tip-records/${nb}`)).status).toBe(404);

    await admin.post(`/api/admin/tip-records/${id}/settle`, { result: 'WON' });
    const editSettled = await admin.put(`/api/admin/tip-records/${id}`, {
      raceTime: '3:00 Ascot',
      selectionName: 'Other',
      advisedOdds: '2/1',
    });
    expect(editSettled.status).toBe(409);
    const deleteSettled = await admin.delete(`/api/admin/tip-records/${id}`);
    expect(deleteSettled.status).toBe(409);
    expect(deleteSettled.json.message).toMatch(/already settled as WON.*A settled tip stays on the proofed record\.$/);
    expect((await t.ctx.db.select().from(tipRecords)).map((r) => [r.selectionName, r.advisedOdds, r.result])).toEqual([
      ['Northern Star', '9/2', 'WON'],
    ]);
  });

  it('validates the entry', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ selectionName: '  ' }, 'Horse name is required'],
      [{ raceTime: '' }, 'Race is required'],
      [{ raceDate: '2026-02-30' }, 'Race date must be a date (YYYY-MM-DD)'],
      [{ selectionType: 'each-way' }, 'Selection type must be nap, nb or longshot'],
      [{ advisedOdds: 'lots' }, 'Advised odds must be odds like 5/1, 11/4, evs or 6.0'],
      [{ result: 'WON' }, 'Invalid input: expected null, received string'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post('/api/admin/back-catalogue-entry', tipEntry(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(0);
  });
});

describe('a tip recorded by hand for a day whose tips are published', () => {
  const published = {
    nap: 'Northern Star – 2:00 Ascot (11/2)',
    nb: 'Harbour Light (15:15 Haydock) 11/4',
    longshot: 'Long Road 4.00 Ascot 20/1',
  };

  it('keeps the published selection, race and advised price; another price is recorded only as a confirmed correction', async () => {
    t.clock.set(new Date('2026-07-14T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, published);

    // 5/1 instead of the published 11/2: refused until confirmed, nothing written.
    const unconfirmed = await admin.post(
      '/api/admin/back-catalogue-entry',
      tipEntry({ raceTime: '2:00 Ascot', advisedOdds: '5/1' }),
    );
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.json).toEqual({
      message:
        'Northern Star was published as the NAP for 2026-07-14 at 11/2. Recording 5/1 instead is a correction: confirm it to show "advised 11/2, corrected to 5/1" on the public record, or record it at 11/2.',
      confirm: 'confirmCorrection',
    });
    // Another horse or another race is not the tip members were given: refused outright.
    const otherHorse = await admin.post(
      '/api/admin/back-catalogue-entry',
      tipEntry({ selectionName: 'Silent Witness', raceTime: '2:00 Ascot', advisedOdds: '11/2' }),
    );
    expect(otherHorse.status).toBe(409);
    expect(otherHorse.json).toEqual({
      message:
        'The NAP published for 2026-07-14 is Northern Star (14:00 Ascot, 11/2): the record keeps the tip members were given.',
    });
    const otherRace = await admin.post(
      '/api/admin/back-catalogue-entry',
      tipEntry({ raceTime: '2:40 Ascot', advisedOdds: '11/2', confirmCorrection: true }),
    );
    expect(otherRace.status).toBe(409);
    expect(otherRace.json.message).toBe(
      'Northern Star was published as the NAP for 2026-07-14 in the 14:00 Ascot, not the 14:40 Ascot: the record keeps the published race.',
    );
    expect(await t.ctx.db.select().from(tipRecords)).toEqual([]);

    // The same price written another way (6.5 = 11/2) is no correction: stored as published, 24-hour time and course.
    expect(
      (await admin.post('/api/admin/back-catalogue-entry', tipEntry({ raceTime: '2:00 Ascot', advisedOdds: '6.5' })))
        .status,
    ).toBe(200);
    let [row] = await t.ctx.db.select().from(tipRecords);
    expect([row.selectionName, row.raceTime, row.raceLocation, row.advisedOdds, row.correctedOdds]).toEqual([
      'Northern Star',
      '14:00',
      'Ascot',
      '11/2',
      null,
    ]);
    // Members were given it when the tips were published, not when it was typed in.
    expect(row.publishedAt).toEqual((await t.ctx.db.select().from(dailyTips))[0].publishedAt);

    // Confirmed: the advised price stays 11/2 and the correction is recorded beside it.
    t.clock.advance(60_000);
    const confirmed = await admin.post(
      '/api/admin/back-catalogue-entry',
      tipEntry({ raceTime: '2:00 Ascot', advisedOdds: '5/1', confirmCorrection: true }),
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.message).toBe(
      'Northern Star now the NAP for 2026-07-14 (replaced the pending one): advised 11/2, corrected to 5/1.',
    );
    [row] = await t.ctx.db.select().from(tipRecords);
    expect([row.raceTime, row.raceLocation, row.advisedOdds, row.correctedOdds]).toEqual([
      '14:00',
      'Ascot',
      '11/2',
      '5/1',
    ]);
    expect(row.oddsCorrectedAt?.toISOString()).toMatch(/^2026-07-14T09:01:0\d\.\d{3}Z$/);

    // Auto-Populate finds the record matching the published tip: the correction stays.
    expect((await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' })).json.added).toBe(2);
    [row] = (await t.ctx.db.select().from(tipRecords)).filter((r) => r.selectionType === 'nap');
    expect(row.correctedOdds).toBe('5/1');

    // Settled at the corrected price after the 14:00 off (13:00 UTC in summer); the public record shows both prices.
    t.clock.set(new Date('2026-07-14T13:05:00Z'));
    const { client: later } = await signedIn(t, 'admin', 'analyst@example.com');
    expect((await later.post(`/api/admin/tip-records/${row.id}/settle`, { result: 'WON' })).status).toBe(200);
    const results = (await later.get('/api/results')).json as { tips: Array<Record<string, unknown>> };
    expect(results.tips.find((r) => r.selectionName === 'Northern Star')).toMatchObject({
      advisedOdds: '11/2',
      correctedOdds: '5/1',
      raceTime: '14:00',
      raceLocation: 'Ascot',
      result: 'WON',
      profitLoss: 5,
    });
  });

  it('an edit of the pending tip follows the same rule', async () => {
    t.clock.set(new Date('2026-07-14T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, published);
    await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' });
    const nap = (await t.ctx.db.select().from(tipRecords)).find((r) => r.selectionType === 'nap')!;
    const edit = (body: Record<string, unknown>) =>
      admin.put(`/api/admin/tip-records/${nap.id}`, {
        raceTime: '14:00',
        raceLocation: 'Ascot',
        selectionName: 'Northern Star',
        ...body,
      });
    const refused = await edit({ advisedOdds: '5/1' });
    expect(refused.status).toBe(409);
    expect(refused.json.confirm).toBe('confirmCorrection');
    expect((await edit({ selectionName: 'Silent Witness', advisedOdds: '11/2' })).status).toBe(409);
    expect((await t.ctx.db.select().from(tipRecords)).find((r) => r.id === nap.id)).toMatchObject({
      advisedOdds: '11/2',
      correctedOdds: null,
    });
    const confirmed = await edit({ advisedOdds: '5/1', confirmCorrection: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.record).toMatchObject({ advisedOdds: '11/2', correctedOdds: '5/1' });
    // Back to the published price: the correction goes.
    expect((await edit({ advisedOdds: '11/2' })).json.record).toMatchObject({
      advisedOdds: '11/2',
      correctedOdds: null,
      oddsCorrectedAt: null,
    });
  });
});

describe('race times in the record', () => {
  it('are stored as 24-hour times with the course, however they are typed', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await record(admin, { raceTime: '2:00 Ascot', raceLocation: 'Daily Tips' });
    await record(admin, {
      selectionType: 'nb',
      selectionName: 'Harbour Light',
      raceTime: '7.45pm',
      raceLocation: 'Wolverhampton',
    });
    await record(admin, { selectionType: 'longshot', selectionName: 'Long Road', raceTime: '12:30 Sandown' });
    const rows = await t.ctx.db.select().from(tipRecords).orderBy(tipRecords.id);
    expect(rows.map((r) => [r.raceTime, r.raceLocation])).toEqual([
      ['14:00', 'Ascot'],
      ['19:45', 'Wolverhampton'],
      ['12:30', 'Sandown'],
    ]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ raceTime: 'Ascot' }, 'Race must start with its time, like 2:10 Ascot'],
      [
        { raceTime: '2:10', raceLocation: 'Daily Tips' },
        'Race must name the course as well as the time, like 2:10 Ascot',
      ],
      [{ raceTime: '25:10 Ascot' }, 'Race must start with its time, like 2:10 Ascot'],
    ];
    for (const [overrides, message] of cases) {
      const res = await admin.post(
        '/api/admin/back-catalogue-entry',
        tipEntry({ raceDate: '2026-07-20', ...overrides }),
      );
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(3);
  });
});

describe("Auto-Populate Today's Tips", () => {
  it('creates NAP, NB and Longshot from the published tips once; running it again changes nothing', async () => {
    t.clock.set(new Date('2026-07-14T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, {
      nap: 'Northern Star – 2:10 Ascot (7/1)',
      nb: 'Harbour Light (15:15 Haydock) 11/4',
      longshot: 'Long Road 4.00 Ascot evs',
    });
    t.clock.advance(600_000);
    const first = await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ success: true, message: '3 tips added for 2026-07-14.', added: 3 });
    const second = await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' });
    expect(second.json).toEqual({
      success: true,
      message: 'Nothing to change: the records for 2026-07-14 already match the published tips.',
      added: 0,
    });
    const list = (await admin.get('/api/daily-performance-history')).json as Array<Record<string, unknown>>;
    expect(list.map((r) => [r.selectionType, r.selectionName, r.raceTime, r.raceLocation, r.advisedOdds])).toEqual([
      ['nap', 'Northern Star', '14:10', 'Ascot', '7/1'],
      ['nb', 'Harbour Light', '15:15', 'Haydock', '11/4'],
      ['longshot', 'Long Road', '16:00', 'Ascot', 'evs'],
    ]);
    // They carry the time the tips were published, not the time they were copied.
    const [published] = await t.ctx.db.select().from(dailyTips);
    for (const r of list) expect(r.publishedAt).toBe(published.publishedAt.toISOString());
  });

  it('a type recorded by hand before the tips were published follows them, and the message says so', async () => {
    t.clock.set(new Date('2026-07-14T08:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await record(admin, { selectionName: 'Northern Star', advisedOdds: '5/1' });
    await publish(admin, {
      nap: 'Northern Star – 2:10 Ascot (7/1)',
      nb: 'Harbour Light (15:15 Haydock) 11/4',
      longshot: 'Long Road 4.00 Ascot evs',
    });
    const res = await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' });
    expect(res.json.message).toBe('2 tips added for 2026-07-14.');
    const nap = (await t.ctx.db.select().from(tipRecords)).find((r) => r.selectionType === 'nap')!;
    // Publishing already brought the pending NAP in line with what members were given.
    expect([nap.raceTime, nap.raceLocation, nap.advisedOdds, nap.correctedOdds]).toEqual([
      '14:10',
      'Ascot',
      '7/1',
      null,
    ]);
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(3);
  });

  it("re-publishing the day's tips updates its pending records; settled ones stay, and Auto-Populate names them", async () => {
    t.clock.set(new Date('2026-07-14T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, {
      nap: 'Northern Star – 2:10 Ascot (7/1)',
      nb: 'Harbour Light (12:15 Haydock) 11/4',
      longshot: 'Long Road 4.00 Ascot evs',
    });
    expect((await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' })).json.added).toBe(3);
    const byType = async () =>
      Object.fromEntries((await t.ctx.db.select().from(tipRecords)).map((r) => [r.selectionType, r]));
    // The NB settled after its 12:15 off (11:15 UTC in summer), before the other races.
    t.clock.set(new Date('2026-07-14T11:20:00Z'));
    const { client: later } = await signedIn(t, 'admin', 'analyst@example.com');
    expect(
      (await later.post(`/api/admin/tip-records/${(await byType()).nb.id}/settle`, { result: 'LOST' })).status,
    ).toBe(200);

    t.clock.advance(10 * 60_000); // within the admin's session
    await publish(later, {
      nap: 'Green Light – 2:40 Ascot (4/1)',
      nb: 'Silver Comet (12:15 Haydock) 3/1',
      longshot: 'Long Road 4.00 Ascot 12/1',
    });
    const after = await byType();
    expect([after.nap.selectionName, after.nap.raceTime, after.nap.advisedOdds]).toEqual([
      'Green Light',
      '14:40',
      '4/1',
    ]);
    const [republished] = await t.ctx.db.select().from(dailyTips);
    expect(after.nap.publishedAt).toEqual(republished.publishedAt); // when the changed tip went to members
    expect(after.nb).toMatchObject({ selectionName: 'Harbour Light', result: 'LOST' }); // settled: untouched
    expect([after.longshot.selectionName, after.longshot.advisedOdds]).toEqual(['Long Road', '12/1']);

    const again = await later.post('/api/admin/auto-populate-performance', { date: '2026-07-14' });
    expect(again.json.message).toBe(
      'Nothing to change: the records for 2026-07-14 already match the published tips. Already settled and different from the published tips: Harbour Light — correct them in Performance History if needed.',
    );
  });

  it('answers 404 for a day without published tips and 400 for a bad date', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const none = await admin.post('/api/admin/auto-populate-performance', { date: '2026-07-14' });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('No tips were published for 2026-07-14.');
    expect((await admin.post('/api/admin/auto-populate-performance', { date: 'today' })).status).toBe(400);
  });
});
