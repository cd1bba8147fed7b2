import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { horses, races, uploadLog } from '#server/db/schema';
import type { Weekday } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook, zipOf, type SampleRace } from '../fixtures/race-day';
import { verdictDocx, verdictForm } from '../fixtures/verdict-docx';
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

const surname = () => t.ctx.config.analystSurname;
const verdictPath = () => `/api/vbg-race-cards/upload-${surname()}-verdict`;

async function loadDay(weekday: string, sample: SampleRace[]) {
  const { client: admin } = await signedIn(t, 'admin');
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook(sample), weekday),
  );
  expect(res.status).toBe(200);
  return admin;
}

const verdicts = async (weekday: Weekday) =>
  Object.fromEntries(
    (await t.ctx.db.select().from(races).where(eq(races.weekday, weekday)).orderBy(asc(races.time))).map((r) => [
      `${r.time} ${r.course}`,
      r.verdict,
    ]),
  );

/** "14:10" written the way an analyst might: "2:10" for the afternoon. */
const twelveHour = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return `${h > 12 ? h - 12 : h}:${String(m).padStart(2, '0')}`;
};

describe('stage 2: race verdict document', () => {
  it('matches headings to the weekday races by time and course and stores plain-text verdicts', async () => {
    const sample = makeRaceDay({ races: 4, runners: 3, seed: 3 });
    const admin = await loadDay('saturday', sample);
    const [a, c, b] = sample; // b is after 13:00, so "1:25" stands for "13:25"
    const doc = verdictDocx(
      [
        { heading: `${a.time} ${a.course}`, paragraphs: ['First <b>para</b> & more.', 'Second para.'] },
        { heading: `${twelveHour(b.time)}   ${b.course.toUpperCase()}`, paragraphs: ['B verdict.'], style: 'bold' },
        {
          heading: `${c.time} ${c.course}`,
          paragraphs: ['Plain lines are not headings:', `${sample[3].time} ${sample[3].course}`],
          style: 'heading',
        },
        { heading: '16:20 Nowhere Park', paragraphs: ['Lost.'] },
      ],
      { preamble: ['Verdicts for Saturday'] },
    );
    const res = await admin.post(verdictPath(), verdictForm(doc, 'Saturday', surname()));
    expect(res.status).toBe(200);
    const d = sample[3];
    expect(res.json).toEqual({
      success: true,
      message: 'Verdicts loaded for 3 of 4 Saturday races.',
      popupMessage: `Stage 2 complete: Verdicts loaded for 3 of 4 Saturday races. Races without a verdict: ${d.time} ${d.course}. Headings without a race: 16:20 Nowhere Park.`,
    });
    expect(await verdicts('saturday')).toEqual({
      [`${a.time} ${a.course}`]: 'First <b>para</b> & more.\n\nSecond para.',
      [`${b.time} ${b.course}`]: 'B verdict.',
      [`${c.time} ${c.course}`]: `Plain lines are not headings:\n\n${d.time} ${d.course}`,
      [`${d.time} ${d.course}`]: '',
    });
    const [log] = await t.ctx.db.select().from(uploadLog).where(eq(uploadLog.kind, 'verdict-docx'));
    expect(log).toMatchObject({ success: true, filename: 'verdicts.docx' });
  });

  it('only touches the target weekday and refuses a day without races', async () => {
    const sample = makeRaceDay({ races: 2, runners: 2, seed: 5 });
    const admin = await loadDay('saturday', sample);
    await loadDay('friday', sample);
    const doc = verdictDocx(
      sample.map((r) => ({ heading: `${r.time} ${r.course}`, paragraphs: [`About ${r.course}`] })),
    );
    expect((await admin.post(verdictPath(), verdictForm(doc, 'friday', surname()))).status).toBe(200);
    expect(Object.values(await verdicts('saturday'))).toEqual(['', '']);
    expect(Object.values(await verdicts('friday'))).toEqual(sample.map((r) => `About ${r.course}`));
    const none = await admin.post(verdictPath(), verdictForm(doc, 'monday', surname()));
    expect(none.status).toBe(409);
    expect(none.json).toMatchObject({
      success: false,
      popupMessage: 'Stage 2 failed: the previous verdicts are unchanged.',
    });
  });

  it('refuses hostile or wrong files and keeps the previous verdicts', async () => {
    const sample = makeRaceDay({ races: 2, runners: 2, seed: 9 });
    const admin = await loadDay('saturday', sample);
    const good = verdictDocx(sample.map((r) => ({ heading: `${r.time} ${r.course}`, paragraphs: ['Kept.'] })));
    expect((await admin.post(verdictPath(), verdictForm(good, 'saturday', surname()))).status).toBe(200);
    const before = await verdicts('saturday');

    const cases: Array<[Buffer, number, RegExp]> = [
      [Buffer.from('%PDF-1.4 not a zip'), 415, /not a Word document: a \.docx file is a zip/],
      [await raceDayWorkbook(sample), 415, /looks like an Excel workbook/],
      [
        verdictDocx(
          sample.map((r) => ({ heading: `${r.time} ${r.course}`, paragraphs: ['Changed.'] })),
          { externalLink: true },
        ),
        415,
        /external relationships/,
      ],
      [zipOf([{ name: 'word/document.xml', data: Buffer.alloc(10), declaredSize: 3 }]), 422, /damaged/],
      [verdictDocx([{ heading: 'No times here', paragraphs: ['x'] }]), 422, /No race headings found/],
    ];
    for (const [bytes, status, message] of cases) {
      const res = await admin.post(verdictPath(), verdictForm(bytes, 'saturday', surname()));
      expect(res.status, String(message)).toBe(status);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(message);
      expect(res.json.popupMessage).toBe('Stage 2 failed: the previous verdicts are unchanged.');
    }
    expect(await verdicts('saturday')).toEqual(before);
    const missing = await admin.post(verdictPath(), verdictForm(null, 'saturday', surname()));
    expect(missing.status).toBe(400);
    const badTab = await admin.post(verdictPath(), verdictForm(good, 'someday', surname()));
    expect(badTab.status).toBe(400);
    const failures = await t.ctx.db.select().from(uploadLog).where(eq(uploadLog.success, false));
    expect(failures.length).toBeGreaterThanOrEqual(cases.length);
  });

  it('is admin only', async () => {
    const doc = verdictDocx([{ heading: '14:10 Ascot', paragraphs: ['x'] }]);
    expect((await t.client().post(verdictPath(), verdictForm(doc, 'saturday', surname()))).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post(verdictPath(), verdictForm(doc, 'saturday', surname()))).status).toBe(403);
  });
});

const ODDS_PATH = '/api/vbg-race-cards/upload-master-with-morning-odds';

function oddsForm(bytes: Uint8Array | null, targetTab: string) {
  const form = new FormData();
  form.append('targetTab', targetTab);
  if (bytes) form.append('masterWithOdds', new Blob([new Uint8Array(bytes)]), 'master-odds.xlsx');
  return form;
}

const runners = async (weekday: Weekday) =>
  t.ctx.db
    .select({
      name: horses.name,
      odds: horses.bookieOdds,
      oddsText: horses.bookieOddsText,
      nonRunner: horses.potentialNonRunner,
      summary: horses.summary,
      jockey: horses.jockey,
    })
    .from(horses)
    .innerJoin(races, eq(races.id, horses.raceId))
    .where(eq(races.weekday, weekday))
    .orderBy(asc(races.time), asc(horses.position));

describe('stage 3: master workbook with morning odds', () => {
  it('updates odds and summaries of existing runners by race and horse name and reports unmatched rows', async () => {
    const sample = makeRaceDay({ races: 2, runners: 3, seed: 11 });
    const admin = await loadDay('saturday', sample);
    const before = await runners('saturday');
    const morning: SampleRace[] = structuredClone(sample);
    morning[0].course = morning[0].course.toUpperCase();
    morning[0].horses[0].name = morning[0].horses[0].name.toLowerCase();
    morning[0].horses[0].odds = '9/2';
    morning[0].horses[0].summary = 'Morning summary.';
    morning[0].horses[1].odds = 'NR';
    morning[1].horses[0].odds = 3.5;
    morning[1].horses.push({ ...morning[1].horses[0], name: 'Stranger Danger', odds: '7/1' });
    const res = await admin.post(ODDS_PATH, oddsForm(await raceDayWorkbook(morning), 'saturday'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      message: 'Morning odds loaded for 6 of 6 Saturday runners; 1 row matched no runner.',
    });
    expect(res.json.popupMessage).toMatch(/^Stage 3 complete: .* Unmatched: row \d+ \(.*, Stranger Danger\)\.$/);
    const after = await runners('saturday');
    expect(after).toHaveLength(6);
    expect(after[0]).toMatchObject({
      name: sample[0].horses[0].name,
      odds: 5.5,
      oddsText: '9/2',
      summary: 'Morning summary.',
      nonRunner: false,
      jockey: before[0].jockey,
    });
    expect(after[1]).toMatchObject({ oddsText: 'NR', odds: null, nonRunner: true, summary: before[1].summary });
    expect(after[3]).toMatchObject({ odds: 3.5, oddsText: '3.5' });
  });

  it('refuses a bad workbook or a day without races and changes nothing; admin only', async () => {
    const sample = makeRaceDay({ races: 1, runners: 2, seed: 12 });
    const admin = await loadDay('saturday', sample);
    const before = await runners('saturday');
    const bad = await admin.post(
      ODDS_PATH,
      oddsForm(verdictDocx([{ heading: '14:10 Ascot', paragraphs: ['x'] }]), 'saturday'),
    );
    expect(bad.status).toBe(415);
    expect(bad.json).toMatchObject({
      success: false,
      popupMessage: 'Stage 3 failed: the previous odds and summaries are unchanged.',
    });
    const broken = await admin.post(
      ODDS_PATH,
      oddsForm(await raceDayWorkbook(sample, { cells: { '2:AS': 'lots' } }), 'saturday'),
    );
    expect(broken.status).toBe(422);
    expect((await admin.post(ODDS_PATH, oddsForm(await raceDayWorkbook(sample), 'monday'))).status).toBe(409);
    expect(await runners('saturday')).toEqual(before);
    const bytes = await raceDayWorkbook(sample);
    expect((await t.client().post(ODDS_PATH, oddsForm(bytes, 'saturday'))).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post(ODDS_PATH, oddsForm(bytes, 'saturday'))).status).toBe(403);
  });
});

describe('stage 4: default weekday', () => {
  const PATH = '/api/admin-settings/default-weekday';

  it('reads Thursday by default, stores any case capitalised, validates and is admin-only to change', async () => {
    expect((await t.client().get(PATH)).status).toBe(401);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get(PATH)).json).toEqual({ value: 'Thursday' });
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post(PATH, { weekday: 'saTURday' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: 'Default weekday set to Saturday.',
      popupMessage: 'Stage 4 complete: the race cards now open on Saturday.',
    });
    expect((await nonMember.get(PATH)).json).toEqual({ value: 'Saturday' });
    for (const body of [{ weekday: 'Funday' }, { weekday: '' }, {}, { weekday: 3 }]) {
      const bad = await admin.post(PATH, body);
      expect(bad.status).toBe(400);
      expect(typeof bad.json.message).toBe('string');
    }
    expect((await t.client().post(PATH, { weekday: 'Monday' })).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post(PATH, { weekday: 'Monday' })).status).toBe(403);
    expect((await member.get(PATH)).json).toEqual({ value: 'Saturday' });
  });
});

describe('race lists by day and clearing', () => {
  it('lists every weekday with yesterday/today/tomorrow as London weekdays (member only)', async () => {
    const sample = makeRaceDay({ races: 2, runners: 2, seed: 31 });
    await loadDay('monday', sample);
    expect((await t.client().get('/api/vbg-race-cards')).status).toBe(401);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get('/api/vbg-race-cards')).status).toBe(403);
    const { client: member } = await signedIn(t, 'member');
    const res = await member.get('/api/vbg-race-cards');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.json).toMatchObject({ yesterday: 'saturday', today: 'sunday', tomorrow: 'monday', sunday: [] });
    expect(Object.keys(res.json).sort()).toEqual([
      'friday',
      'monday',
      'saturday',
      'sunday',
      'thursday',
      'today',
      'tomorrow',
      'tuesday',
      'wednesday',
      'yesterday',
    ]);
    expect(
      res.json.monday.map(
        (r: { time: string; course: string; runnerCount: number }) => `${r.time} ${r.course} ${r.runnerCount}`,
      ),
    ).toEqual(sample.map((r) => `${r.time} ${r.course} 2`));
    // 23:30 UTC on Sunday 22 November is still Sunday in London (GMT); 00:30 is Monday.
    t.clock.set(new Date('2026-11-23T00:30:00Z'));
    const { client: later } = await signedIn(t, 'member', 'later@example.com');
    expect((await later.get('/api/vbg-race-cards')).json).toMatchObject({
      yesterday: 'sunday',
      today: 'monday',
      tomorrow: 'tuesday',
    });
  });

  it('clear-day clears the London weekday of yesterday/today/tomorrow; clear-all clears every day; admin only', async () => {
    const sample = makeRaceDay({ races: 1, runners: 2, seed: 32 });
    await loadDay('monday', sample);
    await loadDay('saturday', sample);
    const admin = await loadDay('friday', sample);
    const count = async (d: Weekday) => (await t.ctx.db.select().from(races).where(eq(races.weekday, d))).length;
    for (const path of ['/api/vbg-race-cards/clear-day/today', '/api/vbg-race-cards/clear-all']) {
      expect((await t.client().delete(path)).status).toBe(401);
      const { client: member } = await signedIn(t, 'member');
      expect((await member.delete(path)).status).toBe(403);
    }
    expect((await admin.delete('/api/vbg-race-cards/clear-day/someday')).status).toBe(400);
    const tomorrow = await admin.delete('/api/vbg-race-cards/clear-day/Tomorrow');
    expect(tomorrow.json).toEqual({ message: 'Cleared 1 race from Monday.' });
    expect(await count('monday')).toBe(0);
    expect((await admin.delete('/api/vbg-race-cards/clear-day/today')).json).toEqual({
      message: 'Sunday had no races to clear.',
    });
    expect(await count('saturday')).toBe(1);
    expect((await admin.delete('/api/vbg-race-cards/clear-all')).json).toEqual({
      message: 'Cleared all 2 races from every weekday.',
    });
    expect(await count('saturday')).toBe(0);
    expect(await count('friday')).toBe(0);
  });
});
