import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { horses, races } from '#server/db/schema';
import { MAX_SHEET_ROWS } from '#server/features/race-cards/sheet-extent';
import { inflateEntry, readCentralDirectory } from '#server/features/race-cards/zip-guard';
import { makeRaceDay, masterForm, raceDayWorkbook, zipOf } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

/**
 * Workbook and Word parsing run in a worker thread with time and memory limits,
 * and a workbook of absurd extent is refused before it is built, naming the limit.
 */
const UPLOAD = '/api/vbg-race-cards/upload-master-excel';
let t: TestApp;
let admin: HttpClient;
let good: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  good = await raceDayWorkbook(makeRaceDay({ races: 2, runners: 3, seed: 1 }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
  admin = (await signedIn(t, 'admin')).client;
  expect((await admin.post(UPLOAD, masterForm(good, 'saturday'))).status).toBe(200);
});

const stored = async () => ({
  races: await t.ctx.db.select().from(races).orderBy(asc(races.id)),
  horses: await t.ctx.db.select().from(horses).orderBy(asc(horses.id)),
});

/** The good workbook with its first worksheet's XML rewritten. */
function withSheet(rewrite: (xml: string) => string): Buffer {
  const parts = readCentralDirectory(good).map((e) => {
    const data = Buffer.from(inflateEntry(good, e));
    return {
      name: e.name,
      data: e.name === 'xl/worksheets/sheet1.xml' ? Buffer.from(rewrite(data.toString('utf8'))) : data,
    };
  });
  return zipOf(parts);
}

async function refusedWith(bytes: Buffer, message: RegExp) {
  const before = await stored();
  const res = await admin.post(UPLOAD, masterForm(bytes, 'saturday'));
  expect(res.status).toBe(413);
  expect(res.json.message).toMatch(message);
  expect(await stored()).toEqual(before);
}

describe('a workbook of absurd extent is refused early, naming the limit', () => {
  it('one far cell at XFD1048576', async () => {
    const far = withSheet((xml) =>
      xml.replace(
        '</sheetData>',
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
      ),
    );
    await refusedWith(far, /row 1,048,576 \(XFD1048576\).*at most 20,000 rows/);
  });

  it('a <dimension> that claims the whole sheet', async () => {
    await refusedWith(
      withSheet((xml) => xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:C900000"/>')),
      /row 900,000 \(C900000\).*at most 20,000 rows/,
    );
  });

  it('hundreds of thousands of rows', async () => {
    const many = Array.from(
      { length: 200_000 },
      (_, i) => `<row r="${i + 100}"><c r="A${i + 100}"><v>1</v></c></row>`,
    ).join('');
    await refusedWith(
      withSheet((xml) => xml.replace('</sheetData>', `${many}</sheetData>`)),
      /200,\d{3} rows.*at most 20,000 rows/,
    );
  });

  it('a cell far to the right', async () => {
    await refusedWith(
      withSheet((xml) => xml.replace('</sheetData>', '<row r="9"><c r="AAB9"><v>1</v></c></row></sheetData>')),
      /column AAB \(AAB9\).*columns up to ZZ/,
    );
  });

  it('a workbook right at the limits still loads', async () => {
    expect(MAX_SHEET_ROWS).toBe(20_000);
    const edge = withSheet((xml) =>
      xml.replace(
        '</sheetData>',
        '<row r="20000"><c r="ZZ20000" t="inlineStr"><is><t>note</t></is></c></row></sheetData>',
      ),
    );
    const res = await admin.post(UPLOAD, masterForm(edge, 'saturday'));
    expect(res.status, res.text).toBe(200);
  });
});

describe('parsing runs off the server thread', () => {
  it('while a large workbook is parsed, the health check keeps answering promptly', async () => {
    // Expensive to read, cheap to store: 18,000 rows of working notes beside the 6 runners, so the
    // time goes on parsing (which used to hold the server's thread for seconds), not on writing.
    const note = 'working note '.repeat(40);
    const notes = Array.from(
      { length: 18_000 },
      (_, i) => `<row r="${i + 100}"><c r="AZ${i + 100}" t="inlineStr"><is><t>${note}${i}</t></is></c></row>`,
    ).join('');
    const big = withSheet((xml) => xml.replace('</sheetData>', `${notes}</sheetData>`));
    const gaps: number[] = [];
    let done = false;
    const upload = admin.post(UPLOAD, masterForm(big, 'friday')).finally(() => (done = true));
    while (!done) {
      const started = performance.now();
      expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
      gaps.push(performance.now() - started);
    }
    const res = await upload;
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toMatch(/2 races and 6 runners/);
    // Generous, for a shared 2-core machine: parsing this file on the server's thread held it for
    // 2-4 s here; bench/upload-responsiveness.ts measures a 10 MB workbook.
    expect(Math.max(...gaps)).toBeLessThan(500);
  });
});
