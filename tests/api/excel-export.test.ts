import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '#shared/schemas/excel-export';
import type { RaceCard } from '#shared/schemas/race-cards';
import { calculateValue } from '#shared/value-model';
import { valueField } from '#shared/value-field';
import { round } from '#shared/odds';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z')); // a Sunday in London
});

const EXPORT = '/api/admin/excel-export';
const UPLOAD = '/api/vbg-race-cards/upload-master-excel';

/** The export's bytes (the shared test client reads bodies as text, which would spoil them). */
async function download(client: HttpClient, body: unknown = { multipliers: { main: 1, av8: 0.5 } }) {
  const res = await fetch(client.baseUrl + EXPORT, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

async function readSheets(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => ({
    name: ws.name,
    rows: ws
      .getSheetValues()
      .slice(1)
      .map((r) => (r as ExcelJS.CellValue[]).slice(1)),
  }));
}

async function upload(admin: HttpClient, weekday: string, seed: number, cells?: Record<string, ExcelJS.CellValue>) {
  const races = makeRaceDay({ races: 5, runners: 8, seed });
  const res = await admin.post(UPLOAD, masterForm(await raceDayWorkbook(races, { cells }), weekday));
  expect(res.status).toBe(200);
  return races;
}

/** What the export should hold: today's races read back through the API, each run through the model. */
async function expectedRows(admin: HttpClient, weekday: string) {
  const meta = (await admin.get('/api/vbg-race-cards-metadata')).json;
  const rows: ExcelJS.CellValue[][] = [];
  let corrected = 0;
  for (const summary of meta[weekday] as Array<{ id: number }>) {
    const race = (await admin.get(`/api/vbg-race-cards/race/${summary.id}`)).json as RaceCard;
    const results = calculateValue(valueField(race.horses), { marketCorrection: true })
      .filter((r) => r.included)
      .sort((a, b) => b.value! - a.value!);
    corrected += results.filter((r) => r.marketCorrection! > 0).length;
    const [y, m, d] = race.raceDate.split('-').map(Number);
    for (const r of results) {
      rows.push([
        new Date(Date.UTC(y, m - 1, d)),
        race.time,
        race.course,
        race.title,
        r.name,
        r.rating,
        r.adjustedRating!,
        r.marketCorrection!,
        r.tissueOdds!,
        r.marketOdds,
        r.value!,
        r.valueScore!,
      ]);
    }
  }
  return { rows, corrected };
}

/** The Value cell holds the model's value to two places (the sheet is chosen on the exact value). */
function withValueRounded(row: ExcelJS.CellValue[]) {
  const copy = [...row];
  copy[10] = round(row[10] as number, 2);
  return copy;
}

describe('POST /api/admin/excel-export', () => {
  it("exports today's races: Main (value > 0) and AV8+ (value ≥ 8) with the numbers of the model", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const sunday = await upload(admin, 'sunday', 31, { '3:AS': 'NR' });
    await upload(admin, 'monday', 32);
    const nonRunner = sunday[0].horses[1].name;

    const res = await download(admin, { multipliers: { main: 2, av8: 0.7 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="vbg-excel-export-2026-11-22.xlsx"');

    const sheets = await readSheets(res.bytes);
    expect(sheets.map((s) => s.name)).toEqual(['Main', 'AV8+']);
    for (const s of sheets) expect(s.rows[0]).toEqual([...EXPORT_COLUMNS]);

    const { rows, corrected } = await expectedRows(admin, 'sunday');
    expect(corrected).toBeGreaterThan(0); // market correction was on and did something
    const main = rows.filter((r) => (r[10] as number) > 0).map((r) => [...withValueRounded(r), 2]);
    const av8 = rows.filter((r) => (r[10] as number) >= 8).map((r) => [...withValueRounded(r), 0.7]);
    // The model's values have more places than two; the sheet's do not.
    expect(rows.some((r) => !Number.isInteger((r[10] as number) * 100))).toBe(true);
    for (const row of sheets[0].rows.slice(1)) expect(row[10]).toBe(round(row[10] as number, 2));
    expect(main.length).toBeGreaterThan(av8.length);
    expect(av8.length).toBeGreaterThan(0);
    expect(sheets[0].rows.slice(1)).toEqual(main);
    expect(sheets[1].rows.slice(1)).toEqual(av8);

    // Only today's (Sunday's) cards, and never the runner flagged NR.
    const sundayCourses = new Set(sunday.map((r) => `${r.time} ${r.course} ${r.title}`));
    const cellText = (cell: unknown) =>
      typeof cell === 'string' || typeof cell === 'number' ? String(cell) : JSON.stringify(cell);
    for (const row of sheets[0].rows.slice(1))
      expect(sundayCourses.has(`${cellText(row[1])} ${cellText(row[2])} ${cellText(row[3])}`)).toBe(true);
    expect(sheets.flatMap((s) => s.rows.map((r) => r[4]))).not.toContain(nonRunner);
  });

  it('uses the London day, not the server clock’s UTC day', async () => {
    t.clock.set(new Date('2026-06-20T23:30:00Z')); // Sunday 00:30 in London, still Saturday in UTC
    const { client: admin } = await signedIn(t, 'admin');
    const sunday = await upload(admin, 'sunday', 41);
    await upload(admin, 'saturday', 42);
    const res = await download(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('vbg-excel-export-2026-06-21.xlsx');
    const [main] = await readSheets(res.bytes);
    expect(main.rows.length).toBeGreaterThan(1);
    for (const row of main.rows.slice(1)) {
      expect(row[0]).toEqual(new Date(Date.UTC(2026, 5, 21)));
      expect(sunday.some((r) => r.course === row[2] && r.time === row[1])).toBe(true);
    }
  });

  it('falls back to 1 and 0.5 for invalid or missing multipliers', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await upload(admin, 'sunday', 51);
    const stakes = async (body: unknown) => {
      const res = await download(admin, body);
      expect(res.status).toBe(200);
      return (await readSheets(res.bytes)).map((s) => [...new Set(s.rows.slice(1).map((r) => r[12]))]);
    };
    expect(await stakes({ multipliers: { main: 11, av8: -1 } })).toEqual([[1], [0.5]]);
    expect(await stakes({ multipliers: { main: 1.25, av8: 'lots' } })).toEqual([[1], [0.5]]);
    expect(await stakes({})).toEqual([[1], [0.5]]);
    expect(await stakes({ multipliers: { main: '3.5', av8: 0 } })).toEqual([[3.5], [0]]);
    expect(await stakes({ multipliers: { main: 10, av8: 0.1 } })).toEqual([[10], [0.1]]);
  });

  it('is for admins only', async () => {
    expect((await download(t.client())).status).toBe(401);
    for (const kind of ['member', 'nonMember'] as const) {
      const { client } = await signedIn(t, kind);
      const res = await download(client);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.bytes.toString())).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    }
  });

  it('answers 404 with a message when today has no cards', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await upload(admin, 'monday', 61);
    const res = await download(admin);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.bytes.toString())).toEqual({
      message: "No race cards for today (Sunday 22 November 2026) to export. Upload today's cards first.",
      requestId: res.headers.get('x-request-id'),
    });
  });
});
