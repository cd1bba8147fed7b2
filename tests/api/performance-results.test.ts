import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tipRecords } from '#server/db/schema';
import type { ResultsResponse, TipRecord } from '#shared/schemas/performance';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { record, settle } from './performance-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('settling a tip', () => {
  it('P/L at advised odds to a 1 point level stake', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const won = await record(admin, { advisedOdds: '11/4' });
    const res = await settle(admin, won, 'WON', '4/1');
    expect(res.json.message).toBe('Northern Star settled as WON.');
    const settled = res.json.record as TipRecord;
    expect(settled).toMatchObject({ result: 'WON', startingPrice: '4/1', profitLoss: 2.75 });
    expect(settled.settledAt).not.toBeNull();

    const lost = await record(admin, { selectionType: 'nb', selectionName: 'Harbour Light', advisedOdds: '8/1' });
    expect((await settle(admin, lost, 'LOST')).json.record).toMatchObject({
      result: 'LOST',
      profitLoss: -1,
      startingPrice: null,
    });
    const placed = await record(admin, { selectionType: 'longshot', selectionName: 'Long Road', advisedOdds: '20/1' });
    expect((await settle(admin, placed, 'PLACED', '25/1')).json.record).toMatchObject({ profitLoss: -1 });
    const nr = await record(admin, { raceDate: '2026-07-15' });
    expect((await settle(admin, nr, 'NR')).json.record).toMatchObject({ profitLoss: 0 });
  });

  it('a winner without advised odds needs the starting price', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const id = await record(admin, { advisedOdds: '' });
    const refused = await admin.post(`/api/admin/tip-records/${id}/settle`, { result: 'WON' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('This tip has no advised odds: give the starting price to settle it as WON.');
    expect((await settle(admin, id, 'WON', 'Evens')).json.record).toMatchObject({
      startingPrice: 'evs',
      profitLoss: 1,
    });
  });

  it('corrections overwrite the result, the record stays, and the proofed record shows when it was corrected', async () => {
    t.clock.set(new Date('2026-07-14T18:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    const id = await record(admin, { advisedOdds: '5/1' });
    const first = (await settle(admin, id, 'LOST')).json.record;
    expect(first.correctedAt).toBeNull(); // settling is not a correction
    expect((await settle(admin, id, 'LOST')).json.record.correctedAt).toBeNull(); // nor is settling the same again
    t.clock.set(new Date('2026-07-15T08:30:00Z'));
    const { client: nextMorning } = await signedIn(t, 'admin', 'admin-next@example.com');
    const corrected = (await settle(nextMorning, id, 'WON')).json.record;
    expect(corrected).toMatchObject({
      result: 'WON',
      profitLoss: 5,
      correctedAt: expect.stringMatching(/^2026-07-15T08:30:0\d/),
    });
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(1);
    // A settled tip cannot be deleted: it is proof.
    const del = await nextMorning.request('DELETE', `/api/admin/tip-records/${id}`);
    expect(del.status).toBe(409);
    expect(await t.ctx.db.select().from(tipRecords)).toHaveLength(1);
    const [publicRow] = (await t.client().get('/api/results')).json.tips;
    expect(publicRow).toMatchObject({
      selectionName: 'Northern Star',
      result: 'WON',
      correctedAt: corrected.correctedAt,
    });
  });

  it('validates the settlement', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const id = await record(admin);
    const bad: Array<[string, unknown, number, string]> = [
      [`/api/admin/tip-records/${id}/settle`, { result: 'WIN' }, 400, 'Result must be WON, LOST, PLACED or NR'],
      [
        `/api/admin/tip-records/${id}/settle`,
        { result: 'WON', startingPrice: 'huge' },
        400,
        'Starting price must be odds like 5/1, 11/4, evs or 6.0',
      ],
      ['/api/admin/tip-records/abc/settle', { result: 'WON' }, 400, 'Invalid tip record id'],
      ['/api/admin/tip-records/9999/settle', { result: 'WON' }, 404, 'Tip record not found.'],
    ];
    for (const [url, body, status, message] of bad) {
      const res = await admin.post(url, body);
      expect(res.status, url).toBe(status);
      expect(res.json.message).toBe(message);
    }
  });
});

describe('GET /api/results (public proofed record)', () => {
  it('lists settled tips newest first with publish times and correct totals', async () => {
    t.clock.set(new Date('2026-07-14T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    // Day 1: NAP WON 5/1 (+5), NB LOST (−1), Longshot NR (0). Day 2: NAP WON 11/4 (+2.75), NB PLACED (−1).
    // Day 3: NAP pending.
    const ids = [
      await record(admin, { raceDate: '2026-06-30', advisedOdds: '5/1' }),
      await record(admin, {
        raceDate: '2026-06-30',
        selectionType: 'nb',
        selectionName: 'Harbour Light',
        advisedOdds: '8/1',
      }),
      await record(admin, {
        raceDate: '2026-06-30',
        selectionType: 'longshot',
        selectionName: 'Long Road',
        advisedOdds: '20/1',
      }),
      await record(admin, { raceDate: '2026-07-01', selectionName: 'Copper Coast', advisedOdds: '11/4' }),
      await record(admin, {
        raceDate: '2026-07-01',
        selectionType: 'nb',
        selectionName: 'Silent Witness',
        advisedOdds: '3/1',
      }),
    ];
    await record(admin, { raceDate: '2026-07-02', selectionName: 'Still Running' });
    const outcomes = ['WON', 'LOST', 'NR', 'WON', 'PLACED'];
    for (const [i, id] of ids.entries()) await settle(admin, id, outcomes[i]);

    const res = await t.client().get('/api/results');
    expect(res.status).toBe(200);
    const body = res.json as ResultsResponse;
    expect(body.pending).toBe(1);
    expect(body.tips.map((tip) => [tip.raceDate, tip.selectionName, tip.result, tip.profitLoss])).toEqual([
      ['2026-07-01', 'Silent Witness', 'PLACED', -1],
      ['2026-07-01', 'Copper Coast', 'WON', 2.75],
      ['2026-06-30', 'Long Road', 'NR', 0],
      ['2026-06-30', 'Harbour Light', 'LOST', -1],
      ['2026-06-30', 'Northern Star', 'WON', 5],
    ]);
    for (const tip of body.tips) expect(tip.publishedAt).toMatch(/^2026-07-14T09:0\d:\d\d\.\d{3}Z$/);
    // Recorded by hand, with no receipt time-stamped before the off: counted, and said to be not proofed.
    expect(body.tips.every((tip) => !tip.proofed)).toBe(true);
    expect(body.proofing).toEqual({ proofed: 0, notProofed: 5 });
    expect(body.stats.overall).toEqual({
      tips: 5,
      staked: 4,
      won: 2,
      placed: 1,
      lost: 1,
      nonRunners: 1,
      strikeRate: 50,
      profitLoss: 5.75,
      roi: 143.8,
      longestLosingRun: 1,
      maxDrawdown: 1,
    });
    expect(body.stats.byType.nap).toMatchObject({ staked: 2, won: 2, profitLoss: 7.75, strikeRate: 100 });
    expect(body.stats.byType.nb).toMatchObject({
      staked: 2,
      won: 0,
      profitLoss: -2,
      longestLosingRun: 2,
      maxDrawdown: 2,
    });
    expect(body.stats.byType.longshot).toMatchObject({ tips: 1, staked: 0, profitLoss: 0, roi: 0 });
    expect(body.stats.byMonth.map((m) => [m.month, m.profitLoss])).toEqual([
      ['2026-07', 1.75],
      ['2026-06', 4],
    ]);
    expect(body.stats.series.map((p) => p.cumulative)).toEqual([5, 4, 4, 6.75, 5.75]);
  });

  it('is empty before anything is settled', async () => {
    const res = await t.client().get('/api/results');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      tips: [],
      pending: 0,
      stats: { overall: { tips: 0, profitLoss: 0 }, series: [] },
    });
  });
});
