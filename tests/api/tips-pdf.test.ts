import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backCatalogue, files } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { pdfBytes, pdfForm } from './tips-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const URL_PATH = '/api/admin/upload-back-catalogue-pdf';

async function nothingStored() {
  expect(await t.ctx.db.select({ id: files.id }).from(files)).toHaveLength(0);
  expect(await t.ctx.db.select({ id: backCatalogue.id }).from(backCatalogue)).toHaveLength(0);
}

describe('back catalogue PDF upload', () => {
  it('is admin only, decided before the body is read', async () => {
    expect((await t.client().post(URL_PATH, pdfForm(pdfBytes(), '2026-11-20'))).status).toBe(401);
    const { client } = await signedIn(t, 'member');
    expect((await client.post(URL_PATH, pdfForm(pdfBytes(), '2026-11-20'))).status).toBe(403);
    await nothingStored();
  });

  it('stores the PDF with its entry and serves it from /attached-assets', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const bytes = pdfBytes(3000);
    const res = await admin.post(URL_PATH, pdfForm(bytes, '2026-11-20'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: expect.stringMatching(/Friday 20 November 2026/) });

    const list = (await t.client().get('/api/back-catalogue')).json as Array<Record<string, unknown>>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      title: 'Daily Guide – Friday 20 November 2026',
      date: '2026-11-20',
      contentType: 'pdf',
    });
    const filename = String(list[0].filename);
    expect(filename).toMatch(/^vbg-guide-2026-11-20-[0-9a-f]{12}\.pdf$/);

    // Public, with the cache-busting parameters ignored.
    const asset = await fetch(`${t.baseUrl}/attached-assets/${filename}?v=123&r=abc&mobile=false`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('application/pdf');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await asset.arrayBuffer())).toEqual(bytes);

    // The same PDF for the same day again adds nothing.
    const again = await admin.post(URL_PATH, pdfForm(bytes, '2026-11-20'));
    expect(again.json.message).toMatch(/already in the back catalogue/);
    expect(await t.ctx.db.select({ id: files.id }).from(files)).toHaveLength(1);

    expect((await fetch(`${t.baseUrl}/attached-assets/no-such.pdf`)).status).toBe(404);
  });

  it('refuses a file named .pdf that is not a PDF, and stores nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const fake = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const res = await admin.post(URL_PATH, pdfForm(fake, '2026-11-20', 'guide.pdf'));
    expect(res.status).toBe(415);
    expect(res.json.message).toMatch(/"guide.pdf" is not a PDF/);
    await nothingStored();
  });

  it('needs both the file and a valid date', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const noFile = await admin.post(URL_PATH, pdfForm(null, '2026-11-20'));
    expect(noFile.status).toBe(400);
    expect(noFile.json).toEqual({ message: 'Please select a PDF file and choose a date.' });
    const noDate = await admin.post(URL_PATH, pdfForm(pdfBytes(), null));
    expect(noDate.status).toBe(400);
    expect(noDate.json).toEqual({ message: 'Please select a PDF file and choose a date.' });
    const badDate = await admin.post(URL_PATH, pdfForm(pdfBytes(), '2026-02-31'));
    expect(badDate.status).toBe(400);
    expect(badDate.json.message).toMatch(/valid date/);
    const json = await admin.post(URL_PATH, { pdf: 'x', date: '2026-11-20' });
    expect(json.status).toBe(415);
    await nothingStored();
  });

  it('refuses a PDF over 20 MB with 413', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post(URL_PATH, pdfForm(pdfBytes(20 * 1024 * 1024 + 10), '2026-11-20'));
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: 'The PDF is too large: the limit is 20 MB.' });
    await nothingStored();
  });
});
