import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { racePreviews } from '#server/db/schema';
import { standardMasterPdf } from '../fixtures/race-preview-pdf';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { getBytes, uploadAndProcess } from './race-previews-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Preview = { id: number; raceTime: string; course: string; isFeature: boolean; url: string };

describe('race previews: members only', () => {
  it('lists today’s previews and serves their PDFs only to members', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    const { client: member } = await signedIn(t, 'member');
    const { client: nonMember } = await signedIn(t, 'nonMember');

    expect((await t.client().get('/api/race-previews')).status).toBe(401);
    expect((await nonMember.get('/api/race-previews')).status).toBe(403);
    const list = await member.get('/api/race-previews');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-cache');
    const previews = list.json as Preview[];
    expect(previews).toHaveLength(4);
    expect(Object.keys(previews[0]).sort()).toEqual(['course', 'id', 'isFeature', 'raceTime', 'url']);

    const url = previews[1].url;
    expect((await t.client().get(url)).status).toBe(401);
    const refused = await nonMember.get(url);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    const { res, bytes } = await getBytes(t, member, url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(
      /^inline; filename="race-preview-\d{4}-\d{2}-\d{2}-02-1430-ascot\.pdf"$/,
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    expect((await member.get('/api/race-previews/99999.pdf')).status).toBe(404);
    expect((await member.get('/api/race-previews/abc')).status).toBe(404);
    expect((await member.get('/api/race-previews/1.pdf.exe')).status).toBe(404);
  });

  it('open access lets a signed-in non-member in, but a visitor still signs in', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await uploadAndProcess(admin, await standardMasterPdf());
    expect((await admin.post('/api/admin/settings', { openAccess: true })).status).toBe(200);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    const list = await nonMember.get('/api/race-previews');
    expect(list.status).toBe(200);
    expect((await getBytes(t, nonMember, (list.json as Preview[])[0].url)).res.status).toBe(200);
    expect((await t.client().get('/api/race-previews')).status).toBe(401);
  });
});

describe('race previews: the London day', () => {
  it('belong to the London day they were processed on, not the UTC one', async () => {
    // 23:30 UTC on 14 July is 00:30 on 15 July in London (BST).
    t.clock.set(new Date('2026-07-14T23:30:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    const res = await uploadAndProcess(admin, await standardMasterPdf());
    expect(res.json.message).toMatch(/Wednesday 15 July 2026/);
    const rows = await t.ctx.db.select({ day: racePreviews.previewDate }).from(racePreviews);
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set(['2026-07-15']));

    t.clock.set(new Date('2026-07-15T22:59:00Z')); // 23:59 London, same day
    const { client: member } = await signedIn(t, 'member');
    const sameDay = await member.get('/api/race-previews');
    expect(sameDay.status, sameDay.text).toBe(200);
    expect(sameDay.json).toHaveLength(4);
    t.clock.set(new Date('2026-07-15T23:00:00Z')); // midnight London: a new day, no previews yet
    expect((await member.get('/api/race-previews')).json).toEqual([]);
    // Clearing the new day leaves the previous day's alone.
    const { client: lateAdmin } = await signedIn(t, 'admin', 'late-admin@example.com');
    expect((await lateAdmin.post('/api/clear-pdfs')).json.count).toBe(0);
    expect(await t.ctx.db.select({ id: racePreviews.id }).from(racePreviews)).toHaveLength(4);
  });

  it('a master uploaded yesterday is not processed today', async () => {
    t.clock.set(new Date('2026-11-21T23:50:00Z')); // 21 November in London (GMT)
    const { client: admin } = await signedIn(t, 'admin');
    const form = new FormData();
    form.append(
      'pdf',
      new Blob([(await standardMasterPdf()) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'master.pdf',
    );
    expect((await admin.post('/api/admin/upload-master-pdf', form)).status).toBe(200);
    expect((await admin.get('/api/check-master-pdf')).json.found).toBe(true);
    t.clock.set(new Date('2026-11-22T00:10:00Z'));
    expect((await admin.get('/api/check-master-pdf')).json).toEqual({
      found: false,
      message: expect.stringMatching(/Sunday 22 November 2026/),
    });
    expect((await admin.post('/api/process-master-pdf')).status).toBe(404);
  });
});
