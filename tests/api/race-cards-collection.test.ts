import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { horses, races, uploadLog } from '#server/db/schema';
import type { Weekday } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import { verdictDocx, verdictForm } from '../fixtures/verdict-docx';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

/** The race card collection upload, the pasted morning odds and the hard-coded re-process (docs/decisions/0013). */
let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
  admin = (await signedIn(t, 'admin')).client;
});

function collectionForm(bytes: Buffer | null, tabType: string | null, morningOdds?: string) {
  const form = new FormData();
  if (tabType !== null) form.append('tabType', tabType);
  if (morningOdds !== undefined) form.append('morningOdds', morningOdds);
  if (bytes) form.append('spreadsheet', new Blob([new Uint8Array(bytes)]), 'cards.xlsx');
  return form;
}

const runners = async (weekday: Weekday) =>
  t.ctx.db
    .select({
      race: races.time,
      course: races.course,
      name: horses.name,
      odds: horses.bookieOdds,
      oddsText: horses.bookieOddsText,
      nr: horses.potentialNonRunner,
      summary: horses.summary,
    })
    .from(horses)
    .innerJoin(races, eq(races.id, horses.raceId))
    .where(eq(races.weekday, weekday))
    .orderBy(asc(horses.id));

const runner = async (weekday: Weekday, name: string) => (await runners(weekday)).find((r) => r.name === name)!;
const lastLog = async () => (await t.ctx.db.select().from(uploadLog).orderBy(desc(uploadLog.id)).limit(1))[0];

describe('POST /api/vbg-race-cards/upload', () => {
  it('loads the workbook into tabType, applies the "Horse: odds" text and answers raceCount', async () => {
    const day = makeRaceDay({ races: 3, runners: 4, seed: 21 });
    const [a, b] = day[0].horses;
    const res = await admin.post(
      '/api/vbg-race-cards/upload',
      collectionForm(
        await raceDayWorkbook(day),
        'Tuesday',
        `${a.name}: 9/2\n\n${b.name.toUpperCase()}: NR\nNobody Here: 3/1`,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, raceCount: 3, horseCount: 12 });
    expect(res.json.message).toMatch(/Morning odds set for 2 runners; unmatched: line 4 \(Nobody Here\)/);
    expect(await runner('tuesday', a.name)).toMatchObject({ odds: 5.5, oddsText: '9/2', nr: false });
    expect(await runner('tuesday', b.name)).toMatchObject({ odds: null, oddsText: 'NR', nr: true });
    expect((await lastLog()).counts).toMatchObject({ weekday: 'tuesday', races: 3, runners: 12 });
  });

  it('works without morning odds, and refuses bad odds text, a bad tab or no file with the cards unchanged', async () => {
    const first = makeRaceDay({ races: 2, runners: 3, seed: 1 });
    expect(
      (await admin.post('/api/vbg-race-cards/upload', collectionForm(await raceDayWorkbook(first), 'tuesday'))).json
        .raceCount,
    ).toBe(2);
    const before = await runners('tuesday');
    const other = await raceDayWorkbook(makeRaceDay({ races: 5, runners: 3, seed: 2 }));
    const cases: Array<[FormData, number, RegExp]> = [
      [
        collectionForm(other, 'tuesday', 'Golden Arrow: strong'),
        422,
        /line 1: odds for Golden Arrow must look like 6\.5, 11\/2, evs or NR/,
      ],
      [collectionForm(other, 'someday'), 400, /tabType must be a weekday/],
      [collectionForm(null, 'tuesday'), 400, /No file selected/],
      [collectionForm(Buffer.from('not a workbook'), 'tuesday'), 415, /not an Excel workbook/],
    ];
    for (const [form, status, message] of cases) {
      const res = await admin.post('/api/vbg-race-cards/upload', form);
      expect(res.status, String(message)).toBe(status);
      expect(res.json).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    expect(await runners('tuesday')).toEqual(before);
    expect(await lastLog()).toMatchObject({ success: false });
  });

  it('is for admins only', async () => {
    const form = collectionForm(await raceDayWorkbook(makeRaceDay({ races: 1, runners: 2 })), 'tuesday');
    expect((await (await signedIn(t, 'member')).client.post('/api/vbg-race-cards/upload', form)).status).toBe(403);
    expect((await t.client().post('/api/vbg-race-cards/upload', form)).status).toBe(401);
    expect(await runners('tuesday')).toEqual([]);
  });
});

describe('POST /api/vbg-race-cards/morning-odds', () => {
  async function loadTuesday(): Promise<SampleRace[]> {
    const day = makeRaceDay({ races: 2, runners: 3, seed: 5 });
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(day), 'tuesday')))
        .status,
    ).toBe(200);
    return day;
  }

  it('sets the odds of the named runners, keeps summaries, reports unmatched lines', async () => {
    const day = await loadTuesday();
    const [a, b] = day[1].horses;
    const summaryBefore = (await runner('tuesday', a.name)).summary;
    const res = await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'tuesday',
      morningOdds: `${a.name}: 7/4\n${b.name}: 12.5\nGhost Runner: evs`,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, updated: 2, unmatched: ['line 3 (Ghost Runner)'] });
    expect(res.json.message).toBe('Morning odds updated for 2 of 6 Tuesday runners; 1 line matched no runner.');
    expect(await runner('tuesday', a.name)).toMatchObject({ odds: 2.75, oddsText: '7/4', summary: summaryBefore });
    expect(await runner('tuesday', b.name)).toMatchObject({ odds: 12.5, oddsText: '12.5' });
    expect(await lastLog()).toMatchObject({ kind: 'morning-odds-text', success: true });
  });

  it('refuses bad lines, an empty text, a tab without races and non-admins, changing nothing', async () => {
    const day = await loadTuesday();
    const before = await runners('tuesday');
    const name = day[0].horses[0].name;
    const bad = await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'tuesday',
      morningOdds: `${name}: 5/1\n${name}: 6/1`,
    });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe(
      `The morning odds were not loaded: line 2: ${name} is already on line 1. The Tuesday odds are unchanged.`,
    );
    expect(
      (await admin.post('/api/vbg-race-cards/morning-odds', { tabType: 'tuesday', morningOdds: '  \n' })).status,
    ).toBe(400);
    const empty = await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'friday',
      morningOdds: `${name}: 5/1`,
    });
    expect(empty.status).toBe(409);
    expect(empty.json.message).toMatch(/There are no Friday races yet/);
    expect((await admin.post('/api/vbg-race-cards/morning-odds', { morningOdds: `${name}: 5/1` })).status).toBe(400);
    expect(
      (
        await (
          await signedIn(t, 'member')
        ).client.post('/api/vbg-race-cards/morning-odds', { tabType: 'tuesday', morningOdds: `${name}: 5/1` })
      ).status,
    ).toBe(403);
    expect(await runners('tuesday')).toEqual(before);
  });
});

describe('POST /api/vbg-race-cards/hard-coded-upload', () => {
  it('says so when no workbook was ever uploaded', async () => {
    const res = await admin.post('/api/vbg-race-cards/hard-coded-upload', {});
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('No master workbook has been uploaded yet: upload one in stage 1 first.');
  });

  it('re-reads the last stored workbook into its weekday, keeping ids, verdicts and what later stages set; the preview says so and writes nothing', async () => {
    const day = makeRaceDay({ races: 2, runners: 4, seed: 8 });
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(day), 'wednesday')))
        .status,
    ).toBe(200);
    const docx = verdictDocx([
      { heading: `${day[0].time} ${day[0].course}`, paragraphs: ['Kept through the re-process.'] },
    ]);
    expect(
      (
        await admin.post(
          `/api/vbg-race-cards/upload-${t.ctx.config.analystSurname}-verdict`,
          verdictForm(docx, 'wednesday', t.ctx.config.analystSurname),
        )
      ).status,
    ).toBe(200);
    // Stage 3: the analyst pasted today's morning odds and a non-runner after stage 1.
    const [first, second] = day[0].horses;
    await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'wednesday',
      morningOdds: `${first.name}: 100/1\n${second.name}: NR`,
    });
    const ids = async () =>
      (await t.ctx.db.select({ id: horses.id, name: horses.name }).from(horses).orderBy(asc(horses.id))).map(
        (h) => `${h.id}:${h.name}`,
      );
    const raceIds = async () =>
      (await t.ctx.db.select({ id: races.id }).from(races).orderBy(asc(races.id))).map((r) => r.id);
    const before = {
      horses: await ids(),
      races: await raceIds(),
      rows: await t.ctx.db.select().from(horses).orderBy(asc(horses.id)),
    };

    const preview = await admin.post('/api/vbg-race-cards/hard-coded-upload/preview', {});
    expect(preview.status).toBe(200);
    expect(preview.json.changes).toMatchObject({
      racesKept: 2,
      racesAdded: 0,
      racesRemoved: 0,
      runnersKept: 8,
      runnersAdded: 0,
      runnersRemoved: 0,
      laterValuesKept: 2,
      laterValuesReplaced: 0,
    });
    expect(preview.json.message).toMatch(
      /2 races and 8 runners kept\. 2 runners keep what was set after stage 1 \(morning odds, non-runners, summaries\)\.$/,
    );
    expect(await t.ctx.db.select().from(horses).orderBy(asc(horses.id))).toEqual(before.rows); // nothing written

    const res = await admin.post('/api/vbg-race-cards/hard-coded-upload', {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, raceCount: 2, horseCount: 8 });
    expect(await ids()).toEqual(before.horses);
    expect(await raceIds()).toEqual(before.races);
    expect((await runner('wednesday', first.name)).oddsText).toBe('100/1');
    expect((await runner('wednesday', second.name)).nr).toBe(true);
    const stored = await t.ctx.db.select().from(races).where(eq(races.weekday, 'wednesday')).orderBy(asc(races.time));
    expect(stored.map((r) => r.verdict)).toEqual(['Kept through the re-process.', '']);
  });

  it('a new upload of the same races keeps ids and later values, except where the workbook itself changed them; another race day starts afresh', async () => {
    const day = makeRaceDay({ races: 2, runners: 3, seed: 9 });
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(day), 'wednesday')))
        .status,
    ).toBe(200);
    const [a, b] = day[0].horses;
    await admin.post('/api/vbg-race-cards/morning-odds', {
      tabType: 'wednesday',
      morningOdds: `${a.name}: 33/1\n${b.name}: 40/1`,
    });
    const idOf = async (name: string) =>
      (await t.ctx.db.select({ id: horses.id }).from(horses).where(eq(horses.name, name)))[0]?.id;
    const before = { a: await idOf(a.name), b: await idOf(b.name) };
    // The analyst's corrected workbook: a new price for b, one runner of the second race gone, a new race.
    const changed = structuredClone(day);
    changed[0].horses[1].odds = '9/2';
    const dropped = changed[1].horses.pop()!;
    changed.push({ ...makeRaceDay({ races: 3, runners: 2, seed: 10 })[2], time: '19:45' });
    expect(
      (
        await admin.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook(changed), 'wednesday'),
        )
      ).status,
    ).toBe(200);
    expect(await idOf(a.name)).toBe(before.a);
    expect(await idOf(b.name)).toBe(before.b);
    expect((await runner('wednesday', a.name)).oddsText).toBe('33/1'); // the workbook did not change it: stage 3 stays
    expect((await runner('wednesday', b.name)).oddsText).toBe('9/2'); // the workbook changed it: the workbook wins
    expect(await idOf(dropped.name)).toBeUndefined();
    expect(await t.ctx.db.select().from(races).where(eq(races.weekday, 'wednesday'))).toHaveLength(3);

    // A week later the same tab holds another race day: nothing carries over, not even ids.
    t.clock.advance(7 * 86400_000);
    const fresh = await signedIn(t, 'admin', 'admin-next-week@example.com');
    expect(
      (
        await fresh.client.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook(day), 'wednesday'),
        )
      ).status,
    ).toBe(200);
    expect(await idOf(a.name)).not.toBe(before.a);
    expect((await runner('wednesday', a.name)).oddsText).toBe(String(a.odds));
  });

  it('refuses a workbook with one race under two titles: "Data clarification required", cards unchanged', async () => {
    const day = makeRaceDay({ races: 2, runners: 3, seed: 3 });
    // Row 3 is the second runner of the first race: give it another title.
    const unclear = await raceDayWorkbook(day, { cells: { '3:E': 'A Different Race Title' } });
    expect((await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(unclear, 'thursday'))).status).toBe(
      200,
    );
    await t.ctx.db.update(races).set({ verdict: 'edited since' }).where(eq(races.weekday, 'thursday'));
    const before = await t.ctx.db.select().from(races).orderBy(asc(races.id));
    const res = await admin.post('/api/vbg-race-cards/hard-coded-upload', {});
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(
      /^Data clarification required: Sheet "Master", row 3, column E: .* has two race titles \(".*" and "A Different Race Title"\)\. The Thursday cards are unchanged\.$/,
    );
    expect(await t.ctx.db.select().from(races).orderBy(asc(races.id))).toEqual(before);
    expect(await lastLog()).toMatchObject({ kind: 'master-reprocess', success: false });
  });

  it('is for admins only', async () => {
    expect((await (await signedIn(t, 'member')).client.post('/api/vbg-race-cards/hard-coded-upload', {})).status).toBe(
      403,
    );
    expect((await t.client().post('/api/vbg-race-cards/hard-coded-upload', {})).status).toBe(401);
  });
});
