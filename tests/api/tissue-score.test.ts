import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { raceResultRunners, raceResults, settings } from '#server/db/schema';
import { seedDemoRaceResults } from '#server/features/race-results/demo';
import { nightlyScoringDue, scoreTissue } from '#server/features/race-results/score-tissue';
import { parseOdds } from '#shared/odds';
import type { CalibrationResponse, RescoreAnswer } from '#shared/schemas/race-results';
import { SOURCES, type Source } from '#shared/tissue-score';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
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

interface CsvRow {
  date: string;
  course: string;
  time: string;
  horse: string;
  probs: Record<Source, number>;
  won: boolean;
}

/** The CSV read back (every field quoted, CRLF lines). */
function readCsv(text: string): CsvRow[] {
  const lines = text.trim().split('\r\n');
  const cells = (line: string) => line.slice(1, -1).split('","');
  expect(cells(lines[0])).toEqual([
    'date',
    'course',
    'time',
    'horse',
    'tissueProb',
    'bspProb',
    'morningProb',
    'blendProb',
    'won',
  ]);
  return lines.slice(1).map((line) => {
    const [date, course, time, horse, tissue, bsp, morning, blend, won] = cells(line);
    return {
      date,
      course,
      time,
      horse,
      probs: { tissue: +tissue, bsp: +bsp, morning: +morning, blend: +blend },
      won: won === '1',
    };
  });
}

/** Log-loss and Brier recomputed from the CSV's rows, as anyone could. */
function recompute(rows: CsvRow[], source: Source) {
  let logLoss = 0;
  let brier = 0;
  for (const r of rows) {
    const p = r.probs[source];
    const y = r.won ? 1 : 0;
    logLoss += -(y * Math.log(p) + (1 - y) * Math.log(1 - p));
    brier += (p - y) ** 2;
  }
  return { logLoss: logLoss / rows.length, brier: brier / rows.length };
}

/** Today's sample cards with a result and a BSP for every runner that ran. */
async function todaysResultWithBsps(admin: Awaited<ReturnType<typeof signedIn>>['client']) {
  const sample = await uploadCards(admin, 'sunday');
  const res = await enterResults(admin, TODAY, [resultLine(sample[0], [2, 0], [1]), resultLine(sample[1], [4])]);
  expect(res.status, res.text).toBe(200);
  const ids = (
    await t.ctx.db.select({ id: raceResults.id }).from(raceResults).where(eq(raceResults.raceDate, TODAY))
  ).map((r) => r.id);
  for (const race of sample)
    for (const h of race.horses)
      await t.ctx.db
        .update(raceResultRunners)
        .set({ bsp: parseOdds(h.odds)! * 1.1 })
        .where(and(inArray(raceResultRunners.resultId, ids), eq(raceResultRunners.name, h.name)));
  return sample;
}

describe('the tissue scored against the market', () => {
  it('answers the four scores, all time and 90 days, and the CSV reproduces them to 4 decimals', async () => {
    await seedDemoRaceResults(t.ctx); // scores once it has saved the results
    const body = (await t.client().get('/api/value-calibration')).json as CalibrationResponse;
    // The calibration's own fields are still there.
    expect(body).toMatchObject({ before: TODAY, races: 32, from: '2026-11-18', to: '2026-11-21' });
    expect(body.scoredAt).toMatch(/^2026-11-22T17:00/);
    for (const s of SOURCES) {
      expect(body.scores[s]).toMatchObject({ races: 32, runners: 4 * (72 - 3), from: '2026-11-18', to: '2026-11-21' });
      expect(body.scores90[s]).toEqual(body.scores[s]);
      expect(body.reliability[s].reduce((n, b) => n + b.runners, 0)).toBe(body.scores[s].runners);
    }
    expect(body.scores.bsp.brierSkill).toBe(0);
    // 24 races before the last day: enough for the blend's fit on that day.
    expect(body.blendFit).toMatchObject({ races: 24 });

    const csv = await t.client().get('/api/value-calibration.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = readCsv(csv.text);
    expect(rows).toHaveLength(body.scores.tissue.runners);
    expect(rows.filter((r) => r.won)).toHaveLength(32);
    for (const s of SOURCES) {
      const again = recompute(rows, s);
      expect(again.logLoss).toBeCloseTo(body.scores[s].logLoss!, 4);
      expect(again.brier).toBeCloseTo(body.scores[s].brier!, 4);
    }
    // The days before the first fit: the blend is the SP's own.
    const first = rows.filter((r) => r.date === '2026-11-18');
    expect(first.every((r) => r.probs.blend === r.probs.bsp)).toBe(true);
    expect(rows.filter((r) => r.date === '2026-11-21').some((r) => r.probs.blend !== r.probs.bsp)).toBe(true);
  });

  it('the 90 days leave older days out; a later race leaves every earlier blend unchanged', async () => {
    await seedDemoRaceResults(t.ctx);
    const before = readCsv((await t.client().get('/api/value-calibration.csv')).text);
    const { client: admin } = await signedIn(t, 'admin');
    await todaysResultWithBsps(admin);
    const rescore = await admin.post('/api/admin/value-calibration/rescore', {});
    expect(rescore.status, rescore.text).toBe(200);
    expect(rescore.json as RescoreAnswer).toMatchObject({ races: 34, days: 5, fittedDays: 2 });
    // Only the new day was scored: the earlier ones had not changed.
    expect((rescore.json as RescoreAnswer).message).toContain(`from ${TODAY} on`);
    const again = await admin.post('/api/admin/value-calibration/rescore', {});
    expect((again.json as RescoreAnswer).message).toContain('nothing had changed');
    // A scoring that stopped halfway is taken up again from where it began.
    await t.ctx.db
      .update(settings)
      .set({ value: { scoredAt: '2026-11-22T16:00:00.000Z', through: TODAY, unfinishedFrom: '2026-11-19' } })
      .where(eq(settings.key, 'tissueScore'));
    const resumed = await admin.post('/api/admin/value-calibration/rescore', {});
    expect((resumed.json as RescoreAnswer).message).toContain('from 2026-11-19 on');

    // Tomorrow the later race is a past day's: the earlier rows are exactly as they were.
    t.clock.set(new Date('2026-11-23T09:00:00Z'));
    const after = readCsv((await t.client().get('/api/value-calibration.csv')).text);
    expect(after.filter((r) => r.date < TODAY)).toEqual(before);
    expect(after.filter((r) => r.date === TODAY)).toHaveLength(9);

    // 90 days on, the demo days drop out of the rolling window, still in all time.
    t.clock.set(new Date('2027-02-20T09:00:00Z'));
    const later = (await t.client().get('/api/value-calibration')).json as CalibrationResponse;
    expect(later.scores.tissue.races).toBe(34);
    expect(later.scores90.tissue).toMatchObject({ races: 2, from: TODAY, to: TODAY });
    expect(later.scores90.tissue.logLoss).not.toBeNull();

    // A correction to an earlier day (a late BSP) rescores from that day on, the days before it as they were.
    const { client: admin2 } = await signedIn(t, 'admin', 'admin-february@example.com');
    await t.ctx.db
      .update(raceResultRunners)
      .set({ bsp: 50 })
      .where(eq(raceResultRunners.name, after.find((r) => r.date === '2026-11-20')!.horse));
    const corrected = await admin2.post('/api/admin/value-calibration/rescore', {});
    expect((corrected.json as RescoreAnswer).message).toContain('from 2026-11-20 on');
    const now = readCsv((await t.client().get('/api/value-calibration.csv')).text);
    expect(now.filter((r) => r.date < '2026-11-20')).toEqual(after.filter((r) => r.date < '2026-11-20'));
    expect(now.filter((r) => r.date === '2026-11-20')).not.toEqual(after.filter((r) => r.date === '2026-11-20'));
  });

  it("keeps today's scored runners for members: visitors see past days only", async () => {
    await seedDemoRaceResults(t.ctx);
    const { client: admin } = await signedIn(t, 'admin');
    await todaysResultWithBsps(admin);
    expect((await admin.post('/api/admin/value-calibration/rescore', {})).status).toBe(200);

    const visitor = readCsv((await t.client().get('/api/value-calibration.csv')).text);
    expect(visitor.some((r) => r.date === TODAY)).toBe(false);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect(readCsv((await nonMember.get('/api/value-calibration.csv')).text).some((r) => r.date === TODAY)).toBe(false);
    const { client: member } = await signedIn(t, 'member');
    const members = readCsv((await member.get('/api/value-calibration.csv')).text);
    expect(members.filter((r) => r.date === TODAY)).toHaveLength(9);
    expect(members.length).toBe(visitor.length + 9);
    // The page's answer is everyone's: today is not in it.
    const page = (await member.get('/api/value-calibration')).json as CalibrationResponse;
    expect(page.scores.tissue).toMatchObject({ races: 32, to: '2026-11-21' });
  });

  it("only races with a BSP for every runner are scored, and only once the scoring has run; Rescore is the admin's", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = await uploadCards(admin, 'sunday');
    expect((await enterResults(admin, TODAY, [resultLine(sample[0], [2, 0], [1])])).status).toBe(200);
    t.clock.set(new Date('2026-11-23T09:00:00Z'));
    const { client: nextMorning } = await signedIn(t, 'admin', 'admin-monday@example.com');
    const r0 = await nextMorning.post('/api/admin/value-calibration/rescore', {});
    expect(r0.json, r0.text).toMatchObject({ races: 0, days: 0 });
    const none = (await t.client().get('/api/value-calibration')).json as CalibrationResponse;
    expect(none.races).toBe(1); // the calibration counts it; the scores need BSPs
    expect(none.scores.tissue).toMatchObject({ races: 0, runners: 0, logLoss: null, brier: null, from: null });

    const visitor = t.client();
    expect((await visitor.post('/api/admin/value-calibration/rescore', {})).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post('/api/admin/value-calibration/rescore', {})).status).toBe(403);
  });

  it('is due once a night, from 02:00 London', async () => {
    t.clock.set(new Date('2026-11-23T01:59:00Z')); // GMT: London time is UTC
    expect(await nightlyScoringDue(t.ctx)).toBe(false); // before 02:00, and never scored: wait
    t.clock.set(new Date('2026-11-23T02:00:00Z'));
    expect(await nightlyScoringDue(t.ctx)).toBe(true);
    await scoreTissue(t.ctx);
    t.clock.set(new Date('2026-11-23T23:00:00Z'));
    expect(await nightlyScoringDue(t.ctx)).toBe(false);
    t.clock.set(new Date('2026-11-24T02:05:00Z'));
    expect(await nightlyScoringDue(t.ctx)).toBe(true);
  });
});
