import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files } from '#server/db/schema';
import { pdfFromObjects } from '../fixtures/hand-pdf';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { masterForm } from './race-previews-helpers';
import { pdfForm } from './tips-helpers';

/**
 * Uploaded PDFs are inert (docs/decisions/0021). Each hostile file is refused on both PDF upload
 * endpoints with a message naming what was found, and nothing is stored.
 */
let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await signedIn(t, 'admin')).client;
});

const PAGE = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >>'];
const withCatalog = (catalog: string, ...more: string[]) => pdfFromObjects([catalog, ...PAGE, ...more]);

/** The same hostile content hidden where a byte search cannot see it: inside a compressed object stream. */
async function javascriptInObjectStream(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 144]);
  const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  const bytes = await doc.save({ useObjectStreams: true });
  expect(Buffer.from(bytes).includes('JavaScript')).toBe(false);
  return bytes;
}

const HOSTILE: Array<[string, () => Promise<Uint8Array> | Uint8Array, RegExp]> = [
  [
    'a JavaScript open action',
    () => withCatalog('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'),
    /contains JavaScript/,
  ],
  ['JavaScript in a compressed object stream', javascriptInObjectStream, /contains JavaScript/],
  [
    'a name written with #-escapes (/J#61vaScript)',
    () => withCatalog('<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (x) >> >>'),
    /contains JavaScript/,
  ],
  [
    'a launch action on a link',
    () =>
      pdfFromObjects([
        '<< /Type /Catalog /Pages 2 0 R >>',
        PAGE[0],
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Annots [4 0 R] >>',
        '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /Launch /F (calc.exe) >> >>',
      ]),
    /launch action/,
  ],
  [
    'an embedded file',
    () =>
      withCatalog(
        '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >> >>',
        '<< /Type /Filespec /F (a.exe) >>',
      ),
    /embedded file/,
  ],
  [
    'a PDF header in front of an HTML page',
    () =>
      Buffer.concat([
        withCatalog('<< /Type /Catalog /Pages 2 0 R >>'),
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]),
    /other data after the end of the PDF/,
  ],
  [
    'a PDF in front of a zip',
    () =>
      Buffer.concat([
        withCatalog('<< /Type /Catalog /Pages 2 0 R >>'),
        Buffer.from('PK\u0003\u0004'),
        Buffer.alloc(4000, 7),
      ]),
    /4,\d{3} bytes of other data after the end/,
  ],
];

const ENDPOINTS = [
  {
    name: 'back-catalogue PDF',
    post: (bytes: Uint8Array) => admin.post('/api/admin/upload-back-catalogue-pdf', pdfForm(bytes, '2026-11-20')),
  },
  {
    name: 'master preview PDF',
    post: (bytes: Uint8Array) => admin.post('/api/admin/upload-master-pdf', masterForm(bytes)),
  },
];

describe('uploaded PDFs must be inert', () => {
  for (const endpoint of ENDPOINTS) {
    for (const [what, make, message] of HOSTILE) {
      it(`${endpoint.name}: refuses ${what}, naming it, and stores nothing`, async () => {
        const res = await endpoint.post(await make());
        expect(res.status, res.text).toBe(422);
        expect(res.json.message).toMatch(message);
        expect(res.json.message).toMatch(/was refused: it contains/);
        expect(await t.ctx.db.select({ id: files.id }).from(files)).toEqual([]);
      });
    }

    it(`${endpoint.name}: accepts a plain PDF, also one with trailing line ends`, async () => {
      const doc = await PDFDocument.create();
      doc.addPage([300, 144]).drawText('Tips');
      const plain = Buffer.concat([Buffer.from(await doc.save()), Buffer.from('\r\n\r\n')]);
      const res = await endpoint.post(plain);
      expect(res.status, res.text).toBe(200);
    });
  }
});
