import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseOdds } from '#shared/odds';
import { valueDownTo } from '#shared/odds-format';
import { dailyTips } from '#server/db/schema';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { publish, tipsBody } from './tips-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EMPTY = {
  bannerDate: '',
  nap: '',
  nb: '',
  longshot: '',
  multiplesBet1: '',
  multiplesBet2: '',
  multiplesBet3: '',
  multiplesBet4: '',
  dailyPreview: '',
};

describe('who may read and publish tips', () => {
  it('daily tips are for members: 401 signed out, 403 non-member, 200 member and admin', async () => {
    expect((await t.client().get('/api/daily-tips')).status).toBe(401);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    const refused = await nonMember.get('/api/daily-tips');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/subscription/i);
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    for (const c of [member, admin]) {
      const res = await c.get('/api/daily-tips');
      expect(res.status).toBe(200);
      expect(res.json).toEqual(EMPTY); // none published yet: empty strings, not 404
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('only admins publish', async () => {
    expect((await t.client().post('/api/secure-content-upload', tipsBody())).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.post('/api/secure-content-upload', tipsBody())).status).toBe(403);
    expect(await t.ctx.db.select().from(dailyTips)).toHaveLength(0);
  });

  it('historical tips are public once their London day is over (decision 10)', async () => {
    t.clock.set(new Date('2026-07-14T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin);
    t.clock.set(new Date('2026-07-14T23:00:00Z')); // midnight BST: 15 July in London
    const res = await t.client().get('/api/historical-tips/2026-07-14');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      nap: 'Northern Star – 2:10 Ascot',
      nb: 'Harbour Light – 3:15 Haydock',
      longshot: 'Long Road – 4:00 Ascot',
      multiplesBet1: 'Lucky 15: Northern Star, Harbour Light, Copper Coast, Silent Witness',
      multiplesBet2: 'Trixie: Northern Star, Harbour Light, Long Road',
      multiplesBet3: '',
      multiplesBet4: '',
      dailyPreview: '<p>Good to soft at <strong>Ascot</strong>.</p>',
    });
  });
});

describe('publishing', () => {
  it('the member sees the last published tips with the banner', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { client: member } = await signedIn(t, 'member');
    const res = await publish(admin);
    expect(res.json).toMatchObject({ success: true, message: expect.any(String) });
    const tips = await member.get('/api/daily-tips');
    expect(tips.json).toMatchObject({
      bannerDate: 'Tuesday 14 July 2026',
      nap: 'Northern Star – 2:10 Ascot',
      multiplesBet2: 'Trixie: Northern Star, Harbour Light, Long Road',
    });

    // A second upload the same day replaces the first (one record per London day).
    await publish(admin, { nap: 'Changed Mind – 2:10 Ascot', multiple2: '' });
    const again = await member.get('/api/daily-tips');
    expect(again.json).toMatchObject({ nap: 'Changed Mind – 2:10 Ascot', multiplesBet2: '' });
    expect(await t.ctx.db.select().from(dailyTips)).toHaveLength(1);
  });

  it('tips stay live until the next upload, across days', async () => {
    t.clock.set(new Date('2026-03-02T08:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { nap: 'Monday Horse' });
    t.clock.set(new Date('2026-03-04T10:00:00Z'));
    const { client: member } = await signedIn(t, 'member');
    expect((await member.get('/api/daily-tips')).json.nap).toBe('Monday Horse');
    // Sessions end after 30 idle minutes, so the admin signs in again on the later day.
    const { client: admin2 } = await signedIn(t, 'admin', 'admin2@example.com');
    await publish(admin2, { nap: 'Wednesday Horse' });
    expect((await member.get('/api/daily-tips')).json.nap).toBe('Wednesday Horse');
    expect((await t.client().get('/api/historical-tips/2026-03-02')).json.nap).toBe('Monday Horse');
  });

  it('fills an empty banner with the London day', async () => {
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { bannerDate: '' });
    const { client: member } = await signedIn(t, 'member');
    expect((await member.get('/api/daily-tips')).json.bannerDate).toBe('Saturday 21 November 2026');
  });
});

describe('a tip advised shorter than its value price', () => {
  it('is published only once the analyst confirms it; a tip at or above the value price goes straight through', async () => {
    // Sunday 22 November 2026, 10:00 London: the day's cards are uploaded to the Sunday tab.
    t.clock.set(new Date('2026-11-22T10:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = makeRaceDay({ races: 1, runners: 6, seed: 31 });
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook([race]), 'sunday')))
        .status,
    ).toBe(200);
    const field = race.horses.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: parseOdds(h.odds) ?? 0 }));
    const index = field.findIndex((h, i) => h.marketOdds > 0 && valueDownTo(field, i) !== null);
    const horse = race.horses[index];
    const downTo = valueDownTo(field, index)!;
    // Halfway between 1.00 and the value price: shorter than it.
    const short = (1 + (downTo.threshold - 1) / 2).toFixed(2);
    const nap = (odds: string) => `${horse.name} – ${race.time} ${race.course} (advised ${odds})`;

    const refused = await admin.post('/api/secure-content-upload', tipsBody({ nap: nap(short) }));
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      message: `The NAP ${horse.name} is advised at ${short}, shorter than its value price ${downTo.fractional} (${downTo.decimal.toFixed(2)}) in the ${race.time} ${race.course}. Members are told the VB tissue sees no value below that price. Confirm to publish anyway: the tips page will say the tip is on form rather than price.`,
      confirm: 'confirmShortPrices',
    });
    expect(await t.ctx.db.select().from(dailyTips)).toEqual([]);
    expect(
      (await admin.post('/api/secure-content-upload', tipsBody({ nap: nap(short), confirmShortPrices: 'yes' }))).status,
    ).toBe(400);
    expect(await t.ctx.db.select().from(dailyTips)).toEqual([]);

    // Advised at or above the value price: no question asked.
    const longer = `${Math.ceil(downTo.threshold)}/1`;
    expect((await admin.post('/api/secure-content-upload', tipsBody({ nap: nap(longer) }))).status).toBe(200);
    // Confirmed: published as written.
    const confirmed = await admin.post(
      '/api/secure-content-upload',
      tipsBody({ nap: nap(short), confirmShortPrices: true }),
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    const [row] = await t.ctx.db.select().from(dailyTips);
    expect(row.nap).toBe(nap(short));
  });
});

describe('validation', () => {
  it.each([
    ['nap', 'NAP is required'],
    ['nb', 'NB is required'],
    ['longshot', 'Longshot is required'],
    ['multiple1', 'Multiple 1 is required'],
    ['dailyPreview', 'Daily preview is required'],
  ])('refuses a missing or blank %s with 400', async (field, message) => {
    const { client: admin } = await signedIn(t, 'admin');
    for (const value of [undefined, '', '   ']) {
      const res = await admin.post('/api/secure-content-upload', tipsBody({ [field]: value }));
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    }
    expect(await t.ctx.db.select().from(dailyTips)).toHaveLength(0);
  });

  it('accepts missing optional multiples and refuses wrong types and overlong text', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const body = tipsBody();
    delete (body as Record<string, unknown>).multiple3;
    delete (body as Record<string, unknown>).bannerDate;
    expect((await admin.post('/api/secure-content-upload', body)).status).toBe(200);
    expect((await admin.post('/api/secure-content-upload', tipsBody({ nap: 42 }))).status).toBe(400);
    const long = await admin.post('/api/secure-content-upload', tipsBody({ nb: 'x'.repeat(2001) }));
    expect(long.status).toBe(400);
    expect(long.json.message).toMatch(/NB is too long/);
  });

  it('refuses a preview that is empty once unsafe HTML is removed', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const res = await admin.post('/api/secure-content-upload', tipsBody({ dailyPreview: '<script>alert(1)</script>' }));
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/Daily preview is required/);
  });

  it('checks the historical date: 400 Invalid date, 404 with the date when none', async () => {
    for (const bad of ['2026-02-30', '20260101', '2026-1-01', 'today']) {
      const res = await t.client().get(`/api/historical-tips/${bad}`);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Invalid date' });
    }
    const none = await t.client().get('/api/historical-tips/2026-01-05');
    expect(none.status).toBe(404);
    expect(none.json).toEqual({ message: 'No tips found for 2026-01-05.' });
  });
});

describe('sanitising the preview', () => {
  it('strips scripts and event handlers, keeps the allowed formatting', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, {
      dailyPreview:
        '<h2 onclick="x()">Preview</h2><script>alert(1)</script><p>Go <a href="javascript:alert(2)">here</a> <a href="https://example.com" target="_blank">there</a></p><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe><p style="text-align: center; background: url(x)">Centre</p>',
    });
    const { client: member } = await signedIn(t, 'member');
    const { dailyPreview } = (await member.get('/api/daily-tips')).json as { dailyPreview: string };
    expect(dailyPreview).not.toMatch(/script|alert|onerror|onclick|iframe|javascript:|url\(/i);
    expect(dailyPreview).toContain('<h2>Preview</h2>');
    expect(dailyPreview).toContain('<img src="x" />');
    expect(dailyPreview).toContain('rel="noopener noreferrer"');
    expect(dailyPreview).toContain('text-align:center');
  });
});

describe('London days', () => {
  it('publishing just after midnight London in summer time lands on the new London day', async () => {
    // 00:30 BST on Wednesday 15 July is still 14 July in UTC.
    t.clock.set(new Date('2026-07-14T23:30:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { bannerDate: '' });
    const [row] = await t.ctx.db.select().from(dailyTips);
    expect(row.tipsDate).toBe('2026-07-15');
    expect(row.bannerDate).toBe('Wednesday 15 July 2026');
    expect((await admin.get('/api/historical-tips/2026-07-15')).status).toBe(200); // today's: members and admins
    expect((await t.client().get('/api/historical-tips/2026-07-14')).status).toBe(404);
  });

  it('in winter time London is UTC: 23:30 UTC is still the same day, 00:30 UTC the next', async () => {
    t.clock.set(new Date('2026-01-14T23:30:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { nap: 'Late Wednesday' });
    t.clock.set(new Date('2026-01-15T00:30:00Z'));
    const { client: admin2 } = await signedIn(t, 'admin', 'admin2@example.com');
    await publish(admin2, { nap: 'Early Thursday' });
    const rows = await t.ctx.db.select().from(dailyTips).orderBy(dailyTips.tipsDate);
    expect(rows.map((r) => [r.tipsDate, r.nap])).toEqual([
      ['2026-01-14', 'Late Wednesday'],
      ['2026-01-15', 'Early Thursday'],
    ]);
  });
});
