import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { asc, desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, horses, races, uploadLog } from '#server/db/schema';
import { inflateEntry, readCentralDirectory } from '#server/features/race-cards/zip-guard';
import { makeRaceDay, masterForm, raceDayWorkbook, zipOf, type ZipEntrySpec } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
let admin: HttpClient;
let good: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  good = await raceDayWorkbook(makeRaceDay({ races: 3, runners: 4, seed: 9 }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
  admin = (await signedIn(t, 'admin')).client;
  // The cards a bad upload must leave exactly as they were.
  expect(
    (
      await admin.post(
        UPLOAD,
        masterForm(await raceDayWorkbook(makeRaceDay({ races: 2, runners: 3, seed: 1 })), 'saturday'),
      )
    ).status,
  ).toBe(200);
});

const UPLOAD = '/api/vbg-race-cards/upload-master-excel';

async function snapshot() {
  return {
    races: await t.ctx.db.select().from(races).orderBy(asc(races.id)),
    horses: await t.ctx.db.select().from(horses).orderBy(asc(horses.id)),
    files: (await t.ctx.db.select({ id: files.id }).from(files)).length,
  };
}

/** Uploads, expects a refusal in the upload-result shape, and checks nothing changed. */
async function refused(form: FormData, status: number, message: RegExp) {
  const before = await snapshot();
  const res = await admin.post(UPLOAD, form);
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({
    success: false,
    message: expect.stringMatching(message),
    popupMessage: expect.stringMatching(/Stage 1 failed/),
  });
  expect(await snapshot()).toEqual(before);
  const [log] = await t.ctx.db.select().from(uploadLog).orderBy(desc(uploadLog.id)).limit(1);
  expect(log).toMatchObject({ success: false, message: res.json.message });
  return res.json.message as string;
}

async function workbookWith(build: (wb: ExcelJS.Workbook) => void) {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('stage 1 refuses hostile or malformed files and keeps the previous cards', () => {
  it('1. a file that is not a zip (415)', async () => {
    await refused(
      masterForm(Buffer.from('Time,Course,Horse\n14:30,Ascot,Golden Arrow\n'), 'saturday', 'master.xlsx'),
      415,
      /is not an Excel workbook.*not a zip|zip archive and this one is not/,
    );
  });

  it('2. a zip bomb declaring a huge entry (413)', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await refused(masterForm(bomb, 'saturday'), 413, /unpacks to more than 50 MB/);
  });

  it('3. a zip bomb that lies about its size (caught while inflating with a limit)', async () => {
    const deflated = zlib.deflateRawSync(Buffer.alloc(80 * 1024 * 1024, 0x41));
    const bomb = zipOf([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1000), declaredSize: 1000, deflated },
    ]);
    await refused(masterForm(bomb, 'saturday'), 422, /unpacks to more than it declares/);
  });

  it('4. a truncated .xlsx (422)', async () => {
    await refused(masterForm(good.subarray(0, Math.floor(good.length / 2)), 'saturday'), 422, /damaged or incomplete/);
  });

  it('5. a Word document renamed .xlsx (415)', async () => {
    const docx = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    await refused(masterForm(docx, 'saturday', 'verdicts.xlsx'), 415, /looks like a Word document/);
  });

  it('6. wrong columns: no Horse header (422)', async () => {
    const bytes = await raceDayWorkbook(makeRaceDay({ races: 2 }), { omit: ['Horse'] });
    await refused(masterForm(bytes, 'saturday'), 422, /Sheet "Master", row 1: no "Horse" header/);
  });

  it('7. text where the VB rating belongs, naming sheet, row and column (422)', async () => {
    const bytes = await raceDayWorkbook(makeRaceDay({ races: 2 }), { cells: { '4:M': 'strong' } });
    const message = await refused(
      masterForm(bytes, 'saturday'),
      422,
      /Sheet "Master", row 4, column M: the VB rating must be a number, found "strong"/,
    );
    expect(message).toMatch(/Saturday cards are unchanged/);
  });

  it('8. an impossible time (422)', async () => {
    const bytes = await raceDayWorkbook(makeRaceDay({ races: 2 }), { cells: { '3:B': '25:70' } });
    await refused(masterForm(bytes, 'saturday'), 422, /row 3, column B: "25:70" is not a possible time/);
  });

  it('9. an empty sheet, and a sheet with headers only (422)', async () => {
    const empty = await workbookWith((wb) => wb.addWorksheet('Master'));
    await refused(masterForm(empty, 'saturday'), 422, /Sheet "Master": the sheet is empty/);
    const headersOnly = await raceDayWorkbook([]);
    await refused(masterForm(headersOnly, 'saturday'), 422, /the sheet is empty/);
  });

  it('10. a file over 10 MB (413)', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10);
    big.write('PK\x03\x04', 'latin1');
    await refused(masterForm(big, 'saturday'), 413, /too large: the limit is 10 MB/);
  });

  it('11. a missing or unknown targetTab, and no file (400)', async () => {
    await refused(masterForm(good, null), 400, /targetTab is required/);
    await refused(masterForm(good, 'funday'), 400, /targetTab must be a weekday/);
    await refused(masterForm(null, 'saturday'), 400, /No file selected/);
  });

  it('12. unreadable odds, an error cell and a missing horse name, each located', async () => {
    const bytes = await raceDayWorkbook(makeRaceDay({ races: 2 }), {
      cells: { '2:AS': 'about 5', '3:M': { error: '#REF!' } as ExcelJS.CellValue, '5:E': 'x' },
    });
    await refused(
      masterForm(bytes, 'saturday'),
      422,
      /row 2, column AS: morning odds must look like 6.5, 11\/2 or evs.*row 3, column M: the cell shows the error #REF!/,
    );
    // Horse is column D in the standard layout: a runner row without a name is refused.
    const noName = await raceDayWorkbook(makeRaceDay({ races: 1 }), { cells: { '3:D': null } });
    await refused(masterForm(noName, 'saturday'), 422, /row 3, column D: the horse name is empty/);
  });

  it('13. a JSON body instead of a form (415)', async () => {
    const before = await snapshot();
    const res = await admin.post(UPLOAD, { masterExcel: 'x', targetTab: 'saturday' });
    expect(res.status).toBe(415);
    expect(res.json.success).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('14. an ".xlsx" carrying macros (415); a macro-enabled .xlsm is read and its macros ignored', async () => {
    const withMacros = withParts(good, [
      { name: 'xl/vbaProject.bin', data: Buffer.from('Attribute VB_Name = "Module1"\nSub AutoOpen()\nEnd Sub') },
    ]);
    await refused(masterForm(withMacros, 'saturday', 'master.xlsx'), 415, /named \.xlsx but contains macros/);
    const res = await admin.post(UPLOAD, masterForm(withMacros, 'saturday', 'master.xlsm'));
    expect(res.status).toBe(200);
    expect(res.json.popupMessage).toBe('Stage 1 complete: 3 races loaded into the Saturday tab.');
  });

  it('15. an entity-expansion ("billion laughs") sheet with a DTD (422)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>';
    const bomb = withParts(good, [], (name, data) =>
      name === 'xl/worksheets/sheet1.xml'
        ? Buffer.from(data.toString('utf8').replace(/^<\?xml[^>]*\?>/, laughs))
        : data,
    );
    await refused(
      masterForm(bomb, 'saturday'),
      422,
      /xl\/worksheets\/sheet1\.xml contains a document type declaration/,
    );
  });

  it('15b. a DTD inside a relationships part (.rels), however it is written (422)', async () => {
    const dtd =
      '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const parts = readCentralDirectory(good).map((e) => e.name);
    const rels = parts.filter((n) => n.endsWith('.rels'));
    expect(rels).toEqual(expect.arrayContaining(['_rels/.rels', 'xl/_rels/workbook.xml.rels']));
    const utf16 = (text: string, bigEndian: boolean) => {
      const le = Buffer.from(`\ufeff${text}`, 'utf16le');
      return bigEndian ? Buffer.from(le).swap16() : le;
    };
    const variants: Array<[string, (xml: string) => Buffer]> = [
      ['after the declaration', (xml) => Buffer.from(xml.replace(/^(<\?xml[^>]*\?>)/, `$1${dtd}`))],
      ['with no declaration', (xml) => Buffer.from(xml.replace(/^<\?xml[^>]*\?>/, dtd))],
      ['after a UTF-8 byte-order mark', (xml) => Buffer.from(`\ufeff${xml.replace(/^(<\?xml[^>]*\?>)/, `$1${dtd}`)}`)],
      [
        'in UTF-16LE',
        (xml) => utf16(xml.replace(/^<\?xml[^>]*\?>/, `<?xml version="1.0" encoding="UTF-16"?>${dtd}`), false),
      ],
      [
        'in UTF-16BE',
        (xml) => utf16(xml.replace(/^<\?xml[^>]*\?>/, `<?xml version="1.0" encoding="UTF-16"?>${dtd}`), true),
      ],
    ];
    for (const part of rels) {
      for (const [how, rewrite] of variants) {
        const file = withParts(good, [], (name, data) => (name === part ? rewrite(data.toString('utf8')) : data));
        const message = await refused(
          masterForm(file, 'saturday'),
          422,
          /contains a document type declaration, which Excel never writes/,
        );
        expect(message, `${part} ${how}`).toContain(`The workbook part ${part} contains`);
      }
    }
  });

  it('16. a part whose name climbs out of the archive ("../") (422)', async () => {
    await refused(
      masterForm(
        withParts(good, [{ name: '../../etc/cron.d/evil', data: Buffer.from('* * * * * root true') }]),
        'saturday',
      ),
      422,
      /unsafe name \(\.\.\/\.\.\/etc\/cron\.d\/evil\)/,
    );
  });

  it('18. an old binary .xls (OLE2) workbook is refused with the way to convert it (415)', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    await refused(
      masterForm(xls, 'saturday', 'master.xls'),
      415,
      /old-format \.xls workbook.*Save As › Excel Workbook \(\.xlsx\)/,
    );
  });

  it('17. an over-long form field (413)', async () => {
    const form = masterForm(good, 'saturday');
    form.set('targetTab', 'saturday'.padEnd(5000, 'x'));
    await refused(form, 413, /field "targetTab" is too long/);
  });
});

/** The good workbook's parts, optionally rewritten, plus extra parts, zipped again. */
function withParts(
  workbook: Buffer,
  extra: ZipEntrySpec[],
  rewrite: (name: string, data: Buffer) => Buffer = (_n, d) => d,
): Buffer {
  const parts = readCentralDirectory(workbook).map((entry) => ({
    name: entry.name,
    data: rewrite(entry.name, Buffer.from(inflateEntry(workbook, entry))),
  }));
  return zipOf([...parts, ...extra]);
}
