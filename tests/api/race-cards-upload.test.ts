import http from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, horses, races, uploadLog } from '#server/db/schema';
import type { Weekday } from '#shared/london-time';
import { readFileBytes } from '#server/db/file-store';
import { replaceWeekday } from '#server/features/race-cards/upload-master-excel';
import { parseMasterWorkbook } from '#server/features/race-cards/workbook';
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

const UPLOAD = '/api/vbg-race-cards/upload-master-excel';

async function storedDay(weekday: Weekday) {
  const rs = await t.ctx.db
    .select()
    .from(races)
    .where(eq(races.weekday, weekday))
    .orderBy(asc(races.time), asc(races.course));
  const out = [];
  for (const r of rs)
    out.push({
      ...r,
      horses: await t.ctx.db.select().from(horses).where(eq(horses.raceId, r.id)).orderBy(asc(horses.position)),
    });
  return out;
}

function expectMatches(stored: Awaited<ReturnType<typeof storedDay>>, sample: SampleRace[]) {
  const sorted = [...sample].sort((a, b) => a.time.localeCompare(b.time) || a.course.localeCompare(b.course));
  expect(stored).toHaveLength(sorted.length);
  stored.forEach((race, i) => {
    const s = sorted[i];
    expect(race).toMatchObject({
      time: s.time,
      course: s.course,
      title: s.title,
      distance: s.distance,
      raceType: s.raceType,
      classNumber: s.classNumber,
      prizeMoney: s.prizeMoney,
      ageHandicapInfo: s.ageHandicapInfo,
      verdict: '',
    });
    expect(race.horses.map((h) => h.name)).toEqual(s.horses.map((h) => h.name));
    race.horses.forEach((h, j) => {
      const e = s.horses[j];
      expect(h).toMatchObject({
        number: e.number,
        draw: e.draw,
        dslr: e.dslr,
        sire: e.sire,
        dam: e.dam,
        form: e.form,
        formHistory: e.formHistory,
        jockey: e.jockey,
        jockeyClaim: e.jockeyClaim,
        trainer: e.trainer,
        vbRating: e.vbRating,
        age: e.age,
        equipment: e.equipment,
        runsWins: e.runsWins,
        officialRating: e.officialRating,
        weight: e.weight,
        summary: e.summary,
        potentialNonRunner: false,
      });
      expect(h.bookieOddsText).toBe(String(e.odds));
    });
  });
}

describe('stage 1: master workbook upload', () => {
  it('loads a generated workbook into the weekday with the next London date and stores the file', async () => {
    const { client: admin, user } = await signedIn(t, 'admin');
    const sample = makeRaceDay({ races: 6, runners: 8, seed: 7 });
    const bytes = await raceDayWorkbook(sample);
    const res = await admin.post(UPLOAD, masterForm(bytes, 'Saturday'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: 'Master workbook loaded for Saturday 28 November 2026: 6 races and 48 runners from sheet "Master".',
      popupMessage: 'Stage 1 complete: 6 races loaded into the Saturday tab.',
    });
    const stored = await storedDay('saturday');
    expectMatches(stored, sample);
    expect(new Set(stored.map((r) => r.raceDate))).toEqual(new Set(['2026-11-28']));
    // Odds: fractional, "evs" and decimal all become decimal.
    const odds = Object.fromEntries(stored.flatMap((r) => r.horses).map((h) => [h.bookieOddsText, h.bookieOdds]));
    expect(odds).toMatchObject({ '11/2': 6.5, evs: 2, '6.5': 6.5, '5/1': 6, '10/3': 4.33 });

    const [file] = await t.ctx.db.select().from(files);
    expect(file).toMatchObject({ kind: 'master-workbook', filename: 'master-2026-11-28.xlsx', size: bytes.length });
    expect(Buffer.from((await readFileBytes(t.ctx.db, file.id))!).equals(bytes)).toBe(true);
    const [log] = await t.ctx.db.select().from(uploadLog);
    expect(log).toMatchObject({
      kind: 'master-workbook',
      userId: user.id,
      size: bytes.length,
      success: true,
      counts: { races: 6, runners: 48, weekday: 'saturday', raceDate: '2026-11-28' },
    });
  });

  it("counts today for today's weekday", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post(UPLOAD, masterForm(await raceDayWorkbook(makeRaceDay({ races: 2 })), 'sunday'));
    expect(res.status).toBe(200);
    expect((await storedDay('sunday'))[0].raceDate).toBe('2026-11-22');
  });

  it('loads a workbook sent in pieces without a Content-Length (chunked), byte for byte', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = makeRaceDay({ races: 60, runners: 16, seed: 13 }); // ~200 KB: the buffer grows more than once
    const bytes = await raceDayWorkbook(sample);
    // The form's bytes as a browser would send them, then written in small pieces with no length
    // given: the server cannot size its buffer in advance and must grow it.
    const encoded = new Response(masterForm(bytes, 'friday'));
    const body = Buffer.from(await encoded.arrayBuffer());
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${t.baseUrl}${UPLOAD}`,
        {
          method: 'POST',
          headers: {
            'content-type': encoded.headers.get('content-type')!,
            'transfer-encoding': 'chunked',
            cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          },
        },
        (r) => {
          let text = '';
          r.setEncoding('utf8')
            .on('data', (c: string) => (text += c))
            .on('end', () => resolve({ status: r.statusCode!, text }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < body.length; i += 7000) req.write(body.subarray(i, i + 7000));
      req.end();
    });
    expect(res.status, res.text).toBe(200);
    expectMatches(await storedDay('friday'), sample);
    const [file] = await t.ctx.db.select().from(files);
    expect(Buffer.from((await readFileBytes(t.ctx.db, file.id))!).equals(bytes)).toBe(true);
  });

  it('reads columns in another order, formula cells (cached result), Excel times and a Master sheet that is not first', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = makeRaceDay({ races: 9, runners: 7, seed: 11 });
    const bytes = await raceDayWorkbook(sample, {
      shuffle: 5,
      formulas: true,
      excelTimes: true,
      extraSheetFirst: true,
      rename: { 'Form History': ' FORM history ', 'Runs-Wins': 'runs-WINS', 'Age/HC': 'AGE / HC' },
    });
    const res = await admin.post(UPLOAD, masterForm(bytes, 'friday', 'Master Friday.xlsm'));
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/9 races and 63 runners/);
    expectMatches(await storedDay('friday'), sample);
    const [file] = await t.ctx.db.select({ filename: files.filename, mimeType: files.mimeType }).from(files);
    expect(file).toEqual({
      filename: 'master-2026-11-27.xlsm',
      mimeType: 'application/vnd.ms-excel.sheet.macroEnabled.12',
    });
  });

  it('gives the defaults for missing optional columns and flags non-runners', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sample = makeRaceDay({ races: 1, runners: 3 });
    const bytes = await raceDayWorkbook(sample, {
      omit: ['Runs-Wins', 'Draw', 'Trainer'],
      cells: { '2:AQ': null, '3:AS': 'NR', '4:AS': null },
    });
    expect((await admin.post(UPLOAD, masterForm(bytes, 'monday'))).status).toBe(200);
    const [race] = await storedDay('monday');
    expect(race.horses.map((h) => [h.runsWins, h.draw, h.trainer])).toEqual([
      ['0-0', null, ''],
      ['0-0', null, ''],
      ['0-0', null, ''],
    ]);
    expect(race.horses[0].summary).toBe('');
    expect(race.horses[1]).toMatchObject({ bookieOdds: null, bookieOddsText: 'NR', potentialNonRunner: true });
    expect(race.horses[2]).toMatchObject({ bookieOdds: null, bookieOddsText: null, potentialNonRunner: false });
  });

  it('replaces only the target weekday', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await admin.post(UPLOAD, masterForm(await raceDayWorkbook(makeRaceDay({ races: 4, seed: 1 })), 'friday'));
    await admin.post(UPLOAD, masterForm(await raceDayWorkbook(makeRaceDay({ races: 5, seed: 2 })), 'saturday'));
    const friday = await storedDay('friday');
    const replacement = makeRaceDay({ races: 3, runners: 5, seed: 3 });
    const res = await admin.post(UPLOAD, masterForm(await raceDayWorkbook(replacement), 'saturday'));
    expect(res.status).toBe(200);
    expectMatches(await storedDay('saturday'), replacement);
    expect(await storedDay('friday')).toEqual(friday);
    expect(await t.ctx.db.select({ id: races.id }).from(races)).toHaveLength(7);
    expect(await t.ctx.db.select({ id: files.id }).from(files)).toHaveLength(3);
  });

  it('two uploads for one weekday at once take turns: both succeed, one set of cards remains', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = makeRaceDay({ races: 5, runners: 6, seed: 31 });
    const b = makeRaceDay({ races: 5, runners: 6, seed: 31 }).map((r) => ({ ...r, title: `${r.title} (B)` }));
    const [ra, rb] = await Promise.all([
      admin.post(UPLOAD, masterForm(await raceDayWorkbook(a), 'thursday')),
      admin.post(UPLOAD, masterForm(await raceDayWorkbook(b), 'thursday')),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const stored = await storedDay('thursday');
    expect(stored).toHaveLength(5);
    expect(new Set(stored.map((r) => r.title.endsWith('(B)'))).size).toBe(1);
  });

  it('concurrent replacements of one weekday are serialised in the database', async () => {
    const parsed = await parseMasterWorkbook(await raceDayWorkbook(makeRaceDay({ races: 4, runners: 5, seed: 41 })));
    if (!parsed.ok) throw new Error('fixture did not parse');
    await Promise.all(
      [0, 1, 2].map(() => t.ctx.db.transaction((tx) => replaceWeekday(tx, 'tuesday', '2026-11-24', parsed.races))),
    );
    expect(await storedDay('tuesday')).toHaveLength(4);
  });
});
