import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { headinglessPdf, makePdf, pageCount, standardMasterPdf } from '../fixtures/race-preview-pdf';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import {
  getBytes,
  masterForm,
  storedCounts,
  uploadAndProcess,
  uploadMaster,
  uploadTodaysCards,
} from './race-previews-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const ADMIN_ROUTES: Array<['GET' | 'POST', string]> = [
  ['GET', '/api/check-master-pdf'],
  ['POST', '/api/process-master-pdf'],
  ['POST', '/api/process-daily-content'],
  ['POST', '/api/clear-pdfs'],
];

describe('race previews: admin routes', () => {
  it('are admin only (401 signed out, 403 for a member)', async () => {
    const { client: member } = await signedIn(t, 'member');
    for (const [method, path] of ADMIN_ROUTES) {
      expect((await t.client().request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(401);
      expect((await member.request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(403);
    }
    const pdf = await standardMasterPdf();
    expect((await t.client().post('/api/admin/upload-master-pdf', masterForm(pdf))).status).toBe(401);
    expect((await member.post('/api/admin/upload-master-pdf', masterForm(pdf))).status).toBe(403);
    expect(await storedCounts(t)).toEqual({ masters: 0, previewFiles: 0, previews: 0 });
  });

  it('refuses a file that is not a PDF by its content and stores nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const fake = new TextEncoder().encode('<html>not a pdf</html>');
    const res = await admin.post('/api/admin/upload-master-pdf', masterForm(fake, 'previews.pdf'));
    expect(res.status).toBe(415);
    expect(res.json.message).toMatch(/"previews.pdf" is not a PDF/);
    const broken = await admin.post(
      '/api/admin/upload-master-pdf',
      masterForm(new TextEncoder().encode('%PDF-1.7\ngarbage'), 'broken.pdf'),
    );
    expect(broken.status).toBe(422);
    expect(broken.json.message).toMatch(/could not be read/);
    expect((await admin.post('/api/admin/upload-master-pdf', new FormData())).status).toBe(400);
    expect((await admin.post('/api/admin/upload-master-pdf', { pdf: 'x' })).status).toBe(415);
    expect(await storedCounts(t)).toEqual({ masters: 0, previewFiles: 0, previews: 0 });
    expect((await admin.get('/api/check-master-pdf')).json).toMatchObject({ found: false });
  });

  it('refuses a master over 20 MB with 413', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const big = new Uint8Array(20 * 1024 * 1024 + 10).fill(0x20);
    big.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
    const res = await admin.post('/api/admin/upload-master-pdf', masterForm(big));
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/too large/);
    expect(await storedCounts(t)).toEqual({ masters: 0, previewFiles: 0, previews: 0 });
  });

  it('uploads, checks, and splits the master into one PDF per race', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.get('/api/check-master-pdf')).json).toEqual({
      found: false,
      message: expect.stringMatching(/No master PDF is waiting/),
    });
    await uploadTodaysCards(admin);
    const up = await uploadMaster(admin, await standardMasterPdf());
    expect(up.json).toMatchObject({ success: true, message: expect.stringMatching(/8 pages/) });
    // A second upload replaces the waiting one.
    const again = await uploadMaster(admin, await standardMasterPdf());
    expect(again.json.message).toMatch(/replacing the one that was waiting/);
    expect((await storedCounts(t)).masters).toBe(1);
    expect((await admin.get('/api/check-master-pdf')).json).toEqual({
      found: true,
      message: expect.stringMatching(/is waiting/),
    });

    const res = await admin.post('/api/process-master-pdf');
    expect(res.status, res.text).toBe(200);
    expect(res.json.count).toBe(4);
    expect(res.json.message).toMatch(/Created 4 race previews .*\(1 feature race\)/);
    expect(res.json.message).toMatch(/Page 1 matched no race/);

    const list = (await admin.get('/api/race-previews')).json as Array<{
      id: number;
      raceTime: string;
      course: string;
      isFeature: boolean;
      url: string;
    }>;
    expect(list.map((p) => [p.raceTime, p.course, p.isFeature])).toEqual([
      ['13:50', 'Ascot', false],
      ['14:30', 'Ascot', true],
      ['15:05', 'Haydock Park', false],
      ['2:10', 'Newton Abbot', false],
    ]);
    const pages = [];
    for (const p of list) {
      expect(p.url).toBe(`/api/race-previews/${p.id}.pdf`);
      const { res, bytes } = await getBytes(t, admin, p.url);
      expect(res.status).toBe(200);
      pages.push(await pageCount(bytes));
    }
    expect(pages).toEqual([2, 1, 3, 1]);

    // The master is consumed: nothing waits any more.
    expect((await admin.get('/api/check-master-pdf')).json.found).toBe(false);
    expect((await admin.post('/api/process-master-pdf')).status).toBe(404);
    expect(await storedCounts(t)).toEqual({ masters: 0, previewFiles: 4, previews: 4 });
  });

  it('processing again replaces the day’s previews rather than adding to them', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    await uploadTodaysCards(admin, [
      { time: '16:00', course: 'Kempton Park' },
      { time: '16:35', course: 'Kempton Park' },
    ]);
    const second = await uploadAndProcess(
      admin,
      await makePdf([['16:00 Kempton Park', 'FEATURE RACE'], ['16:35 Kempton Park']]),
      { cards: false },
    );
    expect(second.json.count).toBe(2);
    expect(second.json.message).toMatch(/replacing the 4 there were/);
    expect(second.json.message).not.toMatch(/matched no race/);
    const list = (await admin.get('/api/race-previews')).json as Array<{ raceTime: string; isFeature: boolean }>;
    expect(list.map((p) => [p.raceTime, p.isFeature])).toEqual([
      ['16:00', true],
      ['16:35', false],
    ]);
    expect(await storedCounts(t)).toEqual({ masters: 0, previewFiles: 2, previews: 2 });
  });

  it('refuses a master without any race heading and leaves the previews as they were', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    const before = (await admin.get('/api/race-previews')).json;
    await uploadMaster(admin, await headinglessPdf());
    const res = await admin.post('/api/process-master-pdf');
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/No race headings found .*"14:30 Ascot".*Nothing was changed/);
    expect((await admin.get('/api/race-previews')).json).toEqual(before);
    expect(await storedCounts(t)).toEqual({ masters: 1, previewFiles: 4, previews: 4 });
  });

  it("lists for members only the previews of races on today's cards, and tells the admin which match none", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    // Today's cards hold two of the master's four races.
    await uploadTodaysCards(admin, [
      { time: '14:30', course: 'Ascot' },
      { time: '14:10', course: 'Newton Abbot' },
    ]);
    await uploadAndProcess(admin, await standardMasterPdf(), { cards: false });
    const { client: member } = await signedIn(t, 'member');
    const listed = (await member.get('/api/race-previews')).json as Array<{ raceTime: string; course: string }>;
    expect(listed.map((p) => `${p.raceTime} ${p.course}`)).toEqual(['14:30 Ascot', '2:10 Newton Abbot']);
    // The admin sees every preview of the day, those of no race marked.
    const all = (await admin.get('/api/admin/race-previews')).json as Array<{
      raceTime: string;
      course: string;
      matchesRace: boolean;
    }>;
    expect(all.map((p) => [`${p.raceTime} ${p.course}`, p.matchesRace])).toEqual([
      ['13:50 Ascot', false],
      ['14:30 Ascot', true],
      ['15:05 Haydock Park', false],
      ['2:10 Newton Abbot', true],
    ]);
    expect((await member.get('/api/admin/race-previews')).status).toBe(403);
    const daily = await admin.post('/api/process-daily-content');
    expect(daily.json.message).toContain('2 race previews are live.');
    expect(daily.json.message).toContain(
      "Not on today's cards, so not shown to members: 13:50 Ascot, 15:05 Haydock Park.",
    );
  });

  it('clear-pdfs removes the day’s previews and says how many', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    const res = await admin.post('/api/clear-pdfs');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 4, message: expect.stringMatching(/^Cleared 4 race previews for /) });
    expect((await admin.get('/api/race-previews')).json).toEqual([]);
    expect(await storedCounts(t)).toEqual({ masters: 0, previewFiles: 0, previews: 0 });
    expect((await admin.post('/api/clear-pdfs')).json).toMatchObject({
      count: 0,
      message: expect.stringMatching(/no race previews to clear/),
    });
  });

  it('process-daily-content processes a waiting master, or says there was none', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const none = await admin.post('/api/process-daily-content');
    expect(none.status).toBe(200);
    expect(none.json.message).toMatch(/No master PDF was waiting .*no race previews are live/);
    await uploadTodaysCards(admin);
    await uploadMaster(admin, await standardMasterPdf());
    const done = await admin.post('/api/process-daily-content');
    expect(done.json).toMatchObject({ count: 4, message: expect.stringMatching(/Created 4 race previews/) });
    const after = await admin.post('/api/process-daily-content');
    expect(after.json.message).toMatch(/4 race previews are live/);
  });

  it('the split PDFs keep the master’s page content', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    const [first] = (await admin.get('/api/race-previews')).json as Array<{ url: string }>;
    const { bytes } = await getBytes(t, admin, first.url);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('13:50 Ascot preview');
    expect(doc.getPage(0).getSize()).toEqual({ width: 420, height: 595 });
  });

  it("reads PDFs in a worker thread: pdfjs's polyfills never replace the server thread's built-ins", async () => {
    // pdfjs-dist's legacy build replaces JSON.stringify and Array.prototype.push process-wide on
    // Node 20 (core-js), which slowed every request. The app runs in this thread: after a master
    // is read, both must still be the engine's own.
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    // core-js keeps its state in this global (and disguises its functions' source as native).
    expect('__core-js_shared__' in globalThis).toBe(false);
  });
});
