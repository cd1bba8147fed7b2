import zlib from 'node:zlib';
import { pdfFromObjects } from '../fixtures/hand-pdf';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema';
import { inflateEntry, readCentralDirectory } from '#server/features/race-cards/zip-guard';
import { makeRaceDay, masterForm, raceDayWorkbook, zipOf, type ZipEntrySpec } from '../fixtures/race-day';
import { standardMasterPdf } from '../fixtures/race-preview-pdf';
import { verdictDocx, verdictForm } from '../fixtures/verdict-docx';
import { bspCsv } from '../fixtures/racing-feeds';
import type { HttpClient } from '../support/http-client';
import { schemaTables, startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { pdfBytes, pdfForm } from './tips-helpers';

/**
 * Hostile uploads through every multipart endpoint (and the JSON ones that take bulk text).
 * The day's data is loaded once through the real endpoints; then every hostile request must be
 * answered 4xx in JSON, never 5xx, and leave every table exactly as it was (the upload log,
 * sessions and throttle counters excepted: recording a refusal is their job).
 * The deep workbook cases (zip bombs, DTDs, wrong cells…) are in race-cards-hostile.test.ts.
 */
let t: TestApp;
let admin: HttpClient;
let surname: string;
let workbook: Buffer;
let docx: Buffer;
let masterPdf: Uint8Array;

const DAY = makeRaceDay({ races: 2, runners: 3, seed: 3 });
const MB = 1024 * 1024;

interface Endpoint {
  name: string;
  path: string;
  fileField: string;
  fields: Record<string, string>;
  limit: number;
  /** A valid file for this endpoint (the hostile cases vary one thing at a time). */
  good: () => Uint8Array;
  /** A real file of the wrong kind for this endpoint. */
  wrongKind: () => Uint8Array;
}

let ENDPOINTS: Endpoint[] = [];

const EXCLUDED = new Set(['upload_log', 'sessions', 'login_throttle']);
const TABLES = schemaTables.filter((tb) => !EXCLUDED.has(getTableName(tb)));

/** Every row of every table (bytea as a digest), as comparable JSON. */
async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = (await t.ctx.db.select().from(table)) as Record<string, unknown>[];
    out[getTableName(table)] = rows
      .map((r) =>
        JSON.stringify(r, (_k, v) =>
          v instanceof Uint8Array || Buffer.isBuffer(v)
            ? `bytes:${Buffer.from(v).toString('base64').length}:${Buffer.from(v).subarray(0, 32).toString('hex')}`
            : v,
        ),
      )
      .sort();
  }
  return out;
}

function form(
  ep: Endpoint,
  file: Uint8Array | null,
  opts: { filename?: string; fields?: Record<string, string>; extraFiles?: number; extraFields?: number } = {},
) {
  const f = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? ep.fields)) f.append(k, v);
  for (let i = 0; i < (opts.extraFields ?? 0); i++) f.append(`extra${i}`, 'x');
  if (file) f.append(ep.fileField, new Blob([new Uint8Array(file)]), opts.filename ?? 'upload.bin');
  for (let i = 0; i < (opts.extraFiles ?? 0); i++)
    f.append(ep.fileField, new Blob([new Uint8Array(file ?? [1])]), `again-${i}.bin`);
  return f;
}

/** Deterministic noise. */
const noise = (n: number) => Uint8Array.from({ length: n }, (_v, i) => (i * 131 + 7) % 251);

/** The parts of a zip, optionally rewritten, plus extra parts, zipped again. */
function withParts(
  zip: Buffer,
  extra: ZipEntrySpec[],
  rewrite: (name: string, data: Buffer) => Buffer = (_n, d) => d,
): Buffer {
  const parts = readCentralDirectory(zip).map((entry) => ({
    name: entry.name,
    data: rewrite(entry.name, Buffer.from(inflateEntry(zip, entry))),
  }));
  return zipOf([...parts, ...extra]);
}

/** A hand-written PDF whose trailer may carry extra keys (e.g. /Encrypt). */
function handPdf(trailerExtra = '', content = 'BT /F1 18 Tf 20 60 Td (hostile) Tj ET'): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  return new Uint8Array(pdfFromObjects(objects, trailerExtra));
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-11-21T08:00:00Z')); // a Saturday in London
  admin = (await signedIn(t, 'admin')).client;
  surname = t.ctx.config.analystSurname;
  workbook = await raceDayWorkbook(DAY);
  docx = verdictDocx(DAY.map((r) => ({ heading: `${r.time} ${r.course}`, paragraphs: [`Verdict for ${r.course}.`] })));
  masterPdf = await standardMasterPdf();

  // The data a hostile upload must leave alone, loaded through the real endpoints.
  const ok = async (path: string, body: FormData) => {
    const res = await admin.post(path, body);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
  };
  await ok('/api/vbg-race-cards/upload-master-excel', masterForm(workbook, 'saturday'));
  await ok(`/api/vbg-race-cards/upload-${surname}-verdict`, verdictForm(docx, 'saturday', surname));
  await ok('/api/admin/upload-back-catalogue-pdf', pdfForm(pdfBytes(100), '2026-11-20'));
  await ok('/api/admin/upload-master-pdf', pdfForm(masterPdf, null, 'master.pdf'));

  const pdf = () => pdfBytes(10);
  ENDPOINTS = [
    {
      name: 'master excel (stage 1)',
      path: '/api/vbg-race-cards/upload-master-excel',
      fileField: 'masterExcel',
      fields: { targetTab: 'saturday' },
      limit: 10 * MB,
      good: () => workbook,
      wrongKind: () => docx,
    },
    {
      name: 'verdict docx (stage 2)',
      path: `/api/vbg-race-cards/upload-${surname}-verdict`,
      fileField: `${surname}Verdict`,
      fields: { targetTab: 'saturday' },
      limit: 10 * MB,
      good: () => docx,
      wrongKind: () => workbook,
    },
    {
      name: 'morning-odds workbook (stage 3)',
      path: '/api/vbg-race-cards/upload-master-with-morning-odds',
      fileField: 'masterWithOdds',
      fields: { targetTab: 'saturday' },
      limit: 10 * MB,
      good: () => workbook,
      wrongKind: () => docx,
    },
    {
      name: 'collection upload',
      path: '/api/vbg-race-cards/upload',
      fileField: 'spreadsheet',
      fields: { tabType: 'saturday', morningOdds: '' },
      limit: 10 * MB,
      good: () => workbook,
      wrongKind: pdf,
    },
    {
      name: 'back-catalogue PDF',
      path: '/api/admin/upload-back-catalogue-pdf',
      fileField: 'pdf',
      fields: { date: '2026-11-19' },
      limit: 20 * MB,
      good: pdf,
      wrongKind: () => workbook,
    },
    {
      name: 'race preview master PDF',
      path: '/api/admin/upload-master-pdf',
      fileField: 'pdf',
      fields: {},
      limit: 20 * MB,
      good: () => masterPdf,
      wrongKind: () => docx,
    },
  ];
  // The stage-1 preview reads the same form as the upload, and writes nothing.
  ENDPOINTS.push({
    ...ENDPOINTS[0],
    name: 'master excel preview (stage 1, writes nothing)',
    path: '/api/vbg-race-cards/upload-master-excel/preview',
  });
  // Betfair's BSP win file (its place file is an optional second field of the same form).
  const bsp = new TextEncoder().encode(
    bspCsv('2026-11-21', 'win', [
      { race: DAY[0], order: [1, 0, 2], placed: 2 },
      { race: DAY[1], order: [2, 1, 0], placed: 2 },
    ]),
  );
  ENDPOINTS.push({
    name: 'BSP files',
    path: '/api/admin/feeds/bsp',
    fileField: 'winFile',
    fields: {},
    limit: 5 * MB,
    good: () => bsp,
    wrongKind: pdf,
  });
}, 90_000);
afterAll(() => t.close());

type Send = (ep: Endpoint) => Promise<{ status: number; json: unknown; text: string }>;

/** The hostile requests every upload endpoint must refuse. */
const GENERIC: Array<[string, Send]> = [
  ['a JSON body instead of a form', (ep) => admin.post(ep.path, { [ep.fileField]: 'AAAA', ...ep.fields })],
  ['a form without the file', (ep) => admin.post(ep.path, form(ep, null))],
  ['an empty file', (ep) => admin.post(ep.path, form(ep, new Uint8Array(0)))],
  ['random bytes', (ep) => admin.post(ep.path, form(ep, noise(4096)))],
  [
    'HTML with a script, named like the expected file',
    (ep) =>
      admin.post(
        ep.path,
        form(ep, new TextEncoder().encode('<html><script>alert(1)</script></html>'), {
          filename: ep.fileField === 'pdf' ? 'guide.pdf' : 'master.xlsx',
        }),
      ),
  ],
  ['a real file of the wrong kind', (ep) => admin.post(ep.path, form(ep, ep.wrongKind()))],
  [
    'the file cut in half',
    (ep) => admin.post(ep.path, form(ep, ep.good().subarray(0, Math.floor(ep.good().length / 2)))),
  ],
  ['two files at once', (ep) => admin.post(ep.path, form(ep, ep.good(), { extraFiles: 1 }))],
  ['too many form fields', (ep) => admin.post(ep.path, form(ep, ep.good(), { extraFields: 10 }))],
  [
    'one byte over the size limit',
    (ep) => {
      const big = new Uint8Array(ep.limit + 1);
      big.set(ep.good().subarray(0, 8));
      return admin.post(ep.path, form(ep, big));
    },
  ],
  [
    'multipart with no boundary',
    (ep) => admin.request('POST', ep.path, 'garbage', { 'content-type': 'multipart/form-data' }),
  ],
  [
    'a multipart body cut off mid-part',
    (ep) => {
      const b = 'XyZbOuNdArY';
      const body = `--${b}\r\nContent-Disposition: form-data; name="${ep.fileField}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004half`;
      return admin.request('POST', ep.path, body, { 'content-type': `multipart/form-data; boundary=${b}` });
    },
  ],
  [
    'a path-climbing, script-carrying file name on random bytes',
    (ep) =>
      admin.post(
        ep.path,
        form(ep, noise(512), { filename: '../../../etc/passwd<script>alert(1)</script>\u0000.xlsx' }),
      ),
  ],
  [
    'hostile text fields',
    (ep) => {
      const fields = Object.fromEntries(
        Object.keys(ep.fields).map((k) => [k, k === 'morningOdds' ? '' : "saturday'; DROP TABLE races;--"]),
      );
      return admin.post(
        ep.path,
        form(ep, ep.good(), { fields, filename: ep.fileField === 'pdf' ? 'x.pdf' : 'x.xlsx' }),
      );
    },
  ],
];

/** Hostile requests specific to one kind of file. */
function specific(): Array<[string, string, Send]> {
  const excel = ENDPOINTS[0];
  const verdict = ENDPOINTS[1];
  const odds = ENDPOINTS[2];
  const collection = ENDPOINTS[3];
  const back = ENDPOINTS[4];
  const master = ENDPOINTS[5];
  const bsp = ENDPOINTS[7];
  const bspText = () => new TextDecoder().decode(bsp.good());
  const xxe = (name: string, data: Buffer) =>
    name === 'word/document.xml'
      ? Buffer.from(
          data
            .toString('utf8')
            .replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>')
            .replace('Verdict for', '&x; Verdict for'),
        )
      : data;
  const laughs = (name: string, data: Buffer) =>
    name === 'word/document.xml'
      ? Buffer.from(
          data
            .toString('utf8')
            .replace(
              /^<\?xml[^>]*\?>/,
              '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>',
            ),
        )
      : data;
  const bomb = zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    {
      name: 'word/document.xml',
      data: Buffer.from('<w:document/>'),
      declaredSize: 1000,
      deflated: zlib.deflateRawSync(Buffer.alloc(80 * MB, 0x41)),
    },
  ]);
  const cases: Array<[string, string, Send]> = [
    [
      verdict.name,
      'an external entity (XXE) reading /etc/passwd',
      (ep) => admin.post(ep.path, form(ep, withParts(docx, [], xxe), { filename: 'v.docx' })),
    ],
    [
      verdict.name,
      'an entity-expansion ("billion laughs") document',
      (ep) => admin.post(ep.path, form(ep, withParts(docx, [], laughs), { filename: 'v.docx' })),
    ],
    [
      verdict.name,
      'a zip bomb lying about its size',
      (ep) => admin.post(ep.path, form(ep, bomb, { filename: 'v.docx' })),
    ],
    [
      verdict.name,
      'a part named "../../evil"',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, withParts(docx, [{ name: '../../evil.sh', data: Buffer.from('rm -rf /') }]), { filename: 'v.docx' }),
        ),
    ],
    [
      verdict.name,
      'a macro-enabled document (word/vbaProject.bin)',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, withParts(docx, [{ name: 'word/vbaProject.bin', data: Buffer.from('Sub AutoOpen()\nEnd Sub') }]), {
            filename: 'v.docx',
          }),
        ),
    ],
    [
      verdict.name,
      'an external hyperlink relationship',
      (ep) =>
        admin.post(
          ep.path,
          form(
            ep,
            verdictDocx(
              DAY.map((r) => ({ heading: `${r.time} ${r.course}`, paragraphs: ['x'] })),
              { externalLink: true },
            ),
            { filename: 'v.docx' },
          ),
        ),
    ],
    [
      odds.name,
      'a zip bomb declaring a huge sheet',
      (ep) =>
        admin.post(
          ep.path,
          form(
            ep,
            zipOf([
              { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
              { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * MB, 0x20) },
            ]),
          ),
        ),
    ],
    [
      odds.name,
      'a sheet with a DTD',
      (ep) =>
        admin.post(
          ep.path,
          form(
            ep,
            withParts(workbook, [], (n, d) =>
              n === 'xl/worksheets/sheet1.xml'
                ? Buffer.from(
                    d
                      .toString('utf8')
                      .replace(
                        /^<\?xml[^>]*\?>/,
                        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/hostname">]>',
                      ),
                  )
                : d,
            ),
          ),
        ),
    ],
    [
      excel.name,
      'a relationships part (.rels) with a DTD',
      (ep) =>
        admin.post(
          ep.path,
          form(
            ep,
            withParts(workbook, [], (n, d) =>
              n === '_rels/.rels'
                ? Buffer.from(
                    d
                      .toString('utf8')
                      .replace(
                        /^<\?xml[^>]*\?>/,
                        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/hostname">]>',
                      ),
                  )
                : d,
            ),
          ),
        ),
    ],
    [
      collection.name,
      'morning-odds text over 64 KB',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, workbook, { fields: { tabType: 'saturday', morningOdds: 'Horse: 5/1\n'.repeat(7000) } }),
        ),
    ],
    [
      collection.name,
      'morning-odds text full of markup and nonsense',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, workbook, {
            fields: {
              tabType: 'saturday',
              morningOdds: '<script>alert(1)</script>: 5/1\n<img src=x onerror=alert(1)>: ;;;',
            },
          }),
        ),
    ],
    [
      excel.name,
      'an .xlsx carrying macros',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, withParts(workbook, [{ name: 'xl/vbaProject.bin', data: Buffer.from('Sub AutoOpen()\nEnd Sub') }]), {
            filename: 'm.xlsx',
          }),
        ),
    ],
    [
      back.name,
      'a date that climbs out of the archive',
      (ep) => admin.post(ep.path, form(ep, pdfBytes(20), { fields: { date: '../../etc/passwd' } })),
    ],
    [
      back.name,
      'an impossible date',
      (ep) => admin.post(ep.path, form(ep, pdfBytes(30), { fields: { date: '2026-02-30' } })),
    ],
    [
      back.name,
      'a PDF header on an HTML page',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, new TextEncoder().encode('%PDX-1.4<html><script>alert(1)</script>'), { filename: 'g.pdf' }),
        ),
    ],
    [
      bsp.name,
      'a NUL byte in a runner name',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, new TextEncoder().encode(bspText().replace(DAY[0].horses[0].name, 'Null\u0000Horse')), {
            filename: 'dwbfpricesukwin21112026.csv',
          }),
        ),
    ],
    [
      bsp.name,
      'a win file in the place field too, from another day',
      (ep) => {
        const f = form(ep, bsp.good(), { filename: 'dwbfpricesukwin21112026.csv' });
        f.append(
          'placeFile',
          new Blob([bspText().replaceAll('21-11-2026', '20-11-2026')]),
          'dwbfpricesukplace20112026.csv',
        );
        return admin.post(ep.path, f);
      },
    ],
    [
      bsp.name,
      'twenty thousand and one rows',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, new TextEncoder().encode(bspText() + `${bspText().split('\r\n')[1]}\r\n`.repeat(20_001)), {
            filename: 'w.csv',
          }),
        ),
    ],
    [
      master.name,
      'a password-protected PDF',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, handPdf('/Encrypt << /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >> '), { filename: 'm.pdf' }),
        ),
    ],
    [
      master.name,
      'only a PDF header',
      (ep) => admin.post(ep.path, form(ep, new TextEncoder().encode('%PDF-1.7\n%%EOF\n'), { filename: 'm.pdf' })),
    ],
    [
      master.name,
      'a PDF header followed by a zip bomb',
      (ep) =>
        admin.post(
          ep.path,
          form(ep, Buffer.concat([Buffer.from('%PDF-1.4\n'), zlib.deflateSync(Buffer.alloc(30 * MB))]), {
            filename: 'm.pdf',
          }),
        ),
    ],
  ];
  return cases;
}

async function expectRefused(label: string, send: () => Promise<{ status: number; json: unknown; text: string }>) {
  const before = await snapshot();
  const res = await send();
  expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect((res.json as { message?: unknown })?.message, label).toEqual(expect.any(String));
  expect(await snapshot(), label).toEqual(before);
  return res;
}

describe('hostile uploads: refused with a 4xx, nothing stored changes', () => {
  it('every upload endpoint is known here (a new multipart route must join this list)', () => {
    // The BSP upload's path names the feed rather than the upload.
    const multipart = t.app.routeTable
      .filter((r) => (/upload/.test(r.url) || r.url === '/api/admin/feeds/bsp') && r.method === 'POST')
      .map((r) => r.url);
    // JSON routes whose names say upload: publishing tips, and re-processing the stored workbook (and its preview).
    const json = new Set([
      '/api/secure-content-upload',
      '/api/vbg-race-cards/hard-coded-upload',
      '/api/vbg-race-cards/hard-coded-upload/preview',
    ]);
    expect(ENDPOINTS.map((e) => e.path).sort()).toEqual(multipart.filter((u) => !json.has(u)).sort());
  });

  it('the generic hostile requests, on every upload endpoint', async () => {
    let count = 0;
    for (const ep of ENDPOINTS) {
      for (const [what, send] of GENERIC) {
        if (Object.keys(ep.fields).length === 0 && what === 'hostile text fields') continue; // the master PDF and the BSP files read no text field
        await expectRefused(`${ep.name}: ${what}`, () => send(ep));
        count++;
      }
    }
    expect(count).toBe(ENDPOINTS.length * GENERIC.length - 2); // two have no text field to abuse
  }, 120_000);

  it('the file-specific hostile requests (XXE, entity expansion, zip bombs, macros, encrypted PDF, …)', async () => {
    const cases = specific();
    for (const [name, what, send] of cases) {
      const ep = ENDPOINTS.find((e) => e.name === name)!;
      const res = await expectRefused(`${name}: ${what}`, () => send(ep));
      expect(res.text, what).not.toMatch(/root:x:0:0/); // nothing read from the server's disk
    }
    expect(cases.length).toBeGreaterThanOrEqual(15);
  }, 120_000);

  it('the JSON endpoints that take bulk text refuse oversized and malformed bodies', async () => {
    const cases: Array<[string, () => ReturnType<Send>]> = [
      ['morning-odds text: no tab', () => admin.post('/api/vbg-race-cards/morning-odds', { morningOdds: 'A: 5/1' })],
      [
        'morning-odds text: 2 MB',
        () => admin.post('/api/vbg-race-cards/morning-odds', { tabType: 'saturday', morningOdds: 'x'.repeat(2 * MB) }),
      ],
      [
        'morning-odds text: an array',
        () => admin.post('/api/vbg-race-cards/morning-odds', { tabType: 'saturday', morningOdds: ['A: 5/1'] }),
      ],
      [
        'tips: 2 MB preview',
        () => admin.post('/api/secure-content-upload', { nap: 'a', dailyPreview: 'x'.repeat(2 * MB) }),
      ],
      [
        'tips: prototype pollution',
        () =>
          admin.request(
            'POST',
            '/api/secure-content-upload',
            '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
            { 'content-type': 'application/json' },
          ),
      ],
      [
        'tips: deeply nested JSON',
        () =>
          admin.request('POST', '/api/secure-content-upload', '['.repeat(5000) + ']'.repeat(5000), {
            'content-type': 'application/json',
          }),
      ],
      [
        'tips: a form post to a JSON endpoint',
        () =>
          admin.post(
            '/api/secure-content-upload',
            (() => {
              const f = new FormData();
              f.append('nap', 'x');
              return f;
            })(),
          ),
      ],
    ];
    for (const [what, send] of cases) await expectRefused(what, send);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 60_000);

  it('after all that, the day is still served exactly as loaded', async () => {
    const { client: member } = await signedIn(t, 'member');
    const cards = await member.get('/api/vbg-race-cards');
    expect(cards.status).toBe(200);
    expect(cards.json.saturday).toHaveLength(DAY.length);
    const race = await member.get(`/api/vbg-race-cards/race/${cards.json.saturday[0].id}`);
    expect(race.text).toContain(DAY[0].horses[0].name);
    expect(race.text).toContain(`Verdict for ${DAY[0].course}.`);
    expect((await t.ctx.db.select({ id: schema.files.id }).from(schema.files)).length).toBeGreaterThanOrEqual(2);
  });
});
