import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentUploadBody } from '#shared/schemas/tips';
import { MEMBER_REQUIRED } from '#server/http/access';
import { parse } from '#server/http/parse';
import { publishTips } from '#server/features/tips/publish-tips';
import { recordTip } from '#server/features/performance/record-tips';
import { settleTip } from '#server/features/performance/settle-tip';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, createAccount } from '../support/users';
import { afterTheOff, enterResults, resultLine, uploadCards } from './race-results-helpers';
import { pdfBytes, pdfForm, tipsBody } from './tips-helpers';

/**
 * Decision 10 (docs/decisions/0017): dated paid content is public only for past London days;
 * today's and later days' are for members and admins, wherever they are served. The matrix
 * below covers every route that serves one day's paid content, for yesterday, today and
 * tomorrow, as a visitor, a signed-in non-member, a member and an admin.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
const created = new Set<string>();
beforeEach(async () => {
  await t.reset();
  created.clear();
});

type Kind = 'visitor' | 'nonMember' | 'member' | 'admin';
const KINDS: Kind[] = ['visitor', 'nonMember', 'member', 'admin'];
const SIGNED_OUT = { message: 'Please sign in to continue.' };
const NOT_A_MEMBER = { message: MEMBER_REQUIRED };

const marker = (day: string) => `DATED-${day}-NAP`;

/** Publishes tips as that London day's (publishing takes the clock's day). */
async function publishOn(instant: string, nap: string) {
  t.clock.set(new Date(instant));
  await publishTips(t.ctx, parse(contentUploadBody, tipsBody({ nap, bannerDate: '' })));
}

/** One client per kind, signed in at the clock's current time (sessions idle out after 30 minutes). */
async function clients(): Promise<Record<Kind, HttpClient>> {
  const out = { visitor: t.client() } as Record<Kind, HttpClient>;
  for (const kind of ['nonMember', 'member', 'admin'] as const) {
    const email = `${kind.toLowerCase()}@example.com`;
    if (!created.has(email)) await createAccount(t, kind, email);
    created.add(email);
    const c = t.client();
    const res = await c.post('/api/login', { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
    out[kind] = c;
  }
  return out;
}

const YESTERDAY = '2026-11-23';
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const NOON = '2026-11-24T12:00:00Z';

/** Tips and a PDF guide for yesterday, today and tomorrow (tomorrow's published with the clock moved on). */
async function seedThreeDays(): Promise<Record<string, string>> {
  await publishOn('2026-11-23T09:00:00Z', marker(YESTERDAY));
  await publishOn('2026-11-25T09:00:00Z', marker(TOMORROW));
  await publishOn('2026-11-24T09:00:00Z', marker(TODAY));
  t.clock.set(new Date(NOON));
  const { admin } = await clients();
  const pdfs: Record<string, string> = {};
  for (const [i, day] of [YESTERDAY, TODAY, TOMORROW].entries()) {
    expect((await admin.post('/api/admin/upload-back-catalogue-pdf', pdfForm(pdfBytes(i * 10), day))).status).toBe(200);
  }
  expect((await admin.post('/api/import-back-catalogue')).status).toBe(200);
  for (const e of (await admin.get('/api/back-catalogue')).json as Array<{
    date: string;
    contentType: string;
    filename: string;
  }>) {
    if (e.contentType === 'pdf') pdfs[e.date] = e.filename;
  }
  return pdfs;
}

describe('the dated-content matrix: yesterday public, today and tomorrow members only', () => {
  it('historical tips and back-catalogue PDFs: 401 visitor, 403 non-member, 200 member and admin; past days for anyone', async () => {
    const pdfs = await seedThreeDays();
    const who = await clients();
    const wrong: string[] = [];
    for (const day of [YESTERDAY, TODAY, TOMORROW]) {
      const past = day === YESTERDAY;
      for (const kind of KINDS) {
        const allowed = past || kind === 'member' || kind === 'admin';
        const refusal = kind === 'visitor' ? ([401, SIGNED_OUT] as const) : ([403, NOT_A_MEMBER] as const);
        const tips = await who[kind].get(`/api/historical-tips/${day}`);
        const pdf = await who[kind].get(`/attached-assets/${pdfs[day]}?v=1&r=x&mobile=true`);
        const got = `${tips.status} ${pdf.status}`;
        const want = allowed ? '200 200' : `${refusal[0]} ${refusal[0]}`;
        if (got !== want) wrong.push(`${kind} ${day}: tips and PDF ${got}, expected ${want}`);
        if (allowed && tips.json?.nap !== marker(day))
          wrong.push(`${kind} ${day}: wrong tips ${tips.text.slice(0, 80)}`);
        if (
          !allowed &&
          (JSON.stringify(tips.json) !== JSON.stringify(refusal[1]) ||
            JSON.stringify(pdf.json) !== JSON.stringify(refusal[1]))
        ) {
          wrong.push(`${kind} ${day}: refusal bodies ${tips.text} / ${pdf.text}`);
        }
        if (!allowed && (tips.text + pdf.text).includes('DATED-')) wrong.push(`${kind} ${day}: leaked`);
        // Members-only answers (and refusals) are never kept by a shared cache (only by the member's
        // browser, revalidated); past days may be.
        const cache = [tips.headers.get('cache-control'), pdf.headers.get('cache-control')].join(' | ');
        const wantCache = past ? 'no-cache | public, max-age=300' : 'private, no-cache | private, no-cache';
        if (cache !== wantCache) wrong.push(`${kind} ${day}: Cache-Control ${cache}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the back-catalogue list holds past days only for visitors and non-members, every day for members and admins', async () => {
    await seedThreeDays();
    const who = await clients();
    for (const kind of KINDS) {
      const res = await who[kind].get('/api/back-catalogue');
      const days = [...new Set((res.json as Array<{ date: string }>).map((e) => e.date))];
      const members = kind === 'member' || kind === 'admin';
      expect(days, kind).toEqual(members ? [TOMORROW, TODAY, YESTERDAY] : [YESTERDAY]);
      expect(res.headers.get('cache-control'), kind).toBe(members ? 'private, no-cache' : 'no-cache');
      expect(res.headers.get('vary'), kind).toMatch(/cookie/i);
    }
  });

  it('the proofed results list a tip settled today for members only; visitors and non-members see it from tomorrow', async () => {
    t.clock.set(new Date('2026-11-24T14:30:00Z')); // after the 14:10 off, still Tuesday in London
    for (const [raceDate, selectionName] of [
      [YESTERDAY, 'Yesterday Winner'],
      [TODAY, 'Today Winner'],
    ]) {
      const { record } = await recordTip(t.ctx, {
        raceDate,
        raceTime: '14:10',
        raceLocation: 'Ascot',
        selectionName,
        selectionType: 'nap',
        advisedOdds: '5/2',
      });
      await settleTip(t.ctx, record.id, 'WON');
    }
    const who = await clients();
    for (const kind of KINDS) {
      const res = await who[kind].get('/api/results');
      const names = (res.json.tips as Array<{ selectionName: string }>).map((r) => r.selectionName);
      const members = kind === 'member' || kind === 'admin';
      expect(names, kind).toEqual(members ? ['Today Winner', 'Yesterday Winner'] : ['Yesterday Winner']);
      expect(res.json.stats.overall.tips, kind).toBe(members ? 2 : 1);
      expect(res.headers.get('cache-control'), kind).toBe(members ? 'private, no-cache' : 'no-cache');
      expect(res.headers.get('vary'), kind).toMatch(/cookie/i);
    }
    t.clock.set(new Date('2026-11-25T00:30:00Z'));
    const visitor = await t.client().get('/api/results');
    expect((visitor.json.tips as Array<{ selectionName: string }>).map((r) => r.selectionName)).toEqual([
      'Today Winner',
      'Yesterday Winner',
    ]);
  });

  it("today's and later days are refused before the lookup: a day without tips says 401/403, not 404", async () => {
    t.clock.set(new Date(NOON));
    const who = await clients();
    for (const day of [TODAY, TOMORROW]) {
      expect((await who.visitor.get(`/api/historical-tips/${day}`)).status).toBe(401);
      expect((await who.nonMember.get(`/api/historical-tips/${day}`)).status).toBe(403);
      expect((await who.member.get(`/api/historical-tips/${day}`)).json).toEqual({
        message: `No tips found for ${day}.`,
      });
    }
    expect((await who.visitor.get(`/api/historical-tips/${YESTERDAY}`)).status).toBe(404);
    // HEAD runs the same handler (Fastify makes the HEAD route), so it is refused the same way.
    expect((await fetch(`${t.baseUrl}/api/historical-tips/${TODAY}`, { method: 'HEAD' })).status).toBe(401);
    expect((await who.visitor.get('/api/historical-tips/2026-02-30')).json).toEqual({ message: 'Invalid date' });
  });

  it("a member's session is found on this public route even when it is not in the session cache", async () => {
    await publishOn('2026-11-24T09:00:00Z', marker(TODAY));
    const who = await clients();
    t.ctx.sessions.clear();
    expect((await who.member.get(`/api/historical-tips/${TODAY}`)).json.nap).toBe(marker(TODAY));
    // Second request: served from the cache.
    expect((await who.member.get(`/api/historical-tips/${TODAY}`)).status).toBe(200);
    // A cookie that names no session is a visitor.
    expect((await t.client().get(`/api/historical-tips/${TODAY}`, { cookie: 'vbg_session=forged' })).status).toBe(401);
  });

  it('the "open access" setting lets a signed-in non-member read today, never a visitor', async () => {
    await publishOn('2026-11-24T09:00:00Z', marker(TODAY));
    const who = await clients();
    expect((await who.admin.post('/api/admin/settings', { openAccess: true })).status).toBe(200);
    expect((await who.nonMember.get(`/api/historical-tips/${TODAY}`)).json.nap).toBe(marker(TODAY));
    expect((await who.visitor.get(`/api/historical-tips/${TODAY}`)).status).toBe(401);
    expect((await who.visitor.get('/api/back-catalogue')).json).toEqual([]);
  });
});

describe('the London day decides, not the UTC one', () => {
  it('summer time: at 23:30 UTC on 14 July it is 15 July in London', async () => {
    await publishOn('2026-07-14T09:00:00Z', marker('2026-07-14'));
    await publishOn('2026-07-14T23:30:00Z', marker('2026-07-15')); // 00:30 BST
    t.clock.set(new Date('2026-07-14T22:59:00Z')); // 23:59 BST on the 14th: still today
    expect((await t.client().get('/api/historical-tips/2026-07-14')).status).toBe(401);
    t.clock.set(new Date('2026-07-14T23:00:00Z')); // midnight BST: the 14th is over
    expect((await t.client().get('/api/historical-tips/2026-07-14')).json.nap).toBe(marker('2026-07-14'));
    t.clock.set(new Date('2026-07-14T23:30:00Z')); // UTC still says the 14th; London says the 15th
    expect((await t.client().get('/api/historical-tips/2026-07-15')).status).toBe(401);
    const sitemap = (await t.client().get('/sitemap.xml')).text;
    expect(sitemap).toContain('/tips/2026-07-14<');
    expect(sitemap).not.toContain('/tips/2026-07-15');
  });

  it('winter time: London is UTC, so 23:59 UTC is still the same day and midnight UTC the next', async () => {
    await publishOn('2026-01-14T09:00:00Z', marker('2026-01-14'));
    t.clock.set(new Date('2026-01-14T23:59:00Z'));
    expect((await t.client().get('/api/historical-tips/2026-01-14')).status).toBe(401);
    expect((await t.client().get('/sitemap.xml')).text).not.toContain('/tips/2026-01-14');
    t.clock.set(new Date('2026-01-15T00:00:00Z'));
    expect((await t.client().get('/api/historical-tips/2026-01-14')).status).toBe(200);
    expect((await t.client().get('/sitemap.xml')).text).toContain('/tips/2026-01-14<');
  });
});

describe("other places today's tips could leak", () => {
  it('the sitemap lists past days only, never today or tomorrow', async () => {
    await seedThreeDays();
    const xml = (await t.client().get('/sitemap.xml')).text;
    expect(xml).toContain(`/tips/${YESTERDAY}<`);
    expect(xml).not.toContain(`/tips/${TODAY}`);
    expect(xml).not.toContain(`/tips/${TOMORROW}`);
    expect(xml).not.toContain('attached-assets');
  });

  it('the page shell of /tips/{today} is served (200, not 404) and carries no tips, for anyone', async () => {
    await seedThreeDays();
    const who = await clients();
    for (const kind of KINDS) {
      for (const day of [TODAY, TOMORROW, YESTERDAY]) {
        const res = await who[kind].get(`/tips/${day}`);
        expect(res.status, `${kind} ${day}`).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(res.text, `${kind} ${day}`).not.toContain('DATED-');
      }
    }
  });

  it("the daily e-mail with today's tips is readable only by admins in the outbox", async () => {
    await publishOn('2026-11-24T09:00:00Z', marker(TODAY));
    const who = await clients();
    expect((await who.admin.post('/api/send-daily-update-email')).status).toBe(200);
    const id = ((await who.admin.get('/api/admin/mail/outbox')).json as { messages: Array<{ id: number }> }).messages[0]
      .id;
    expect((await who.admin.get(`/api/admin/mail/outbox/${id}`)).text).toContain(marker(TODAY)); // the e-mail carries today's NAP
    for (const path of ['/api/admin/mail/outbox', `/api/admin/mail/outbox/${id}`]) {
      expect((await who.admin.get(path)).status).toBe(200);
      for (const kind of ['visitor', 'nonMember', 'member'] as const) {
        const res = await who[kind].get(path);
        expect(res.status, `${kind} ${path}`).toBe(kind === 'visitor' ? 401 : 403);
        expect(res.text).not.toContain('DATED-');
      }
    }
  });
});

describe("today's settlement is seen by members only until the day is over", () => {
  /** Every public read a visitor can make without a parameter, and the dated ones around today. */
  function publicReads(): string[] {
    const operational = new Set(['/api/health', '/api/ready', '/healthz']);
    const routes = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        (r.access === 'public' || r.access === undefined) &&
        !r.url.includes(':') &&
        !r.url.includes('*') &&
        !operational.has(r.url),
    );
    return [...routes.map((r) => r.url), `/api/historical-tips/${YESTERDAY}`, `/api/historical-tips/${TODAY}`];
  }
  async function whatTheySee(client: HttpClient, reads: string[]) {
    const seen: Record<string, { status: number; body: string }> = {};
    for (const url of reads) {
      const res = await client.get(url);
      // Every answer names its own request: the rest of it must not change.
      seen[url] = { status: res.status, body: res.text.replace(/,"requestId":"[^"]*"/, '') };
    }
    return seen;
  }

  it("entering today's result changes nothing a visitor or a non-member can see; members see it at once, everyone the next day", async () => {
    t.clock.set(new Date(NOON)); // Tuesday 24 November, noon in London
    const { admin, nonMember, member } = await clients();
    const [race] = await uploadCards(admin, 'tuesday');
    // Yesterday's record is public; today's NAP and NB are on the first race of today's cards.
    const { record: past } = await recordTip(t.ctx, {
      raceDate: YESTERDAY,
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: 'Yesterday Winner',
      selectionType: 'nap',
      advisedOdds: '5/2',
    });
    await settleTip(t.ctx, past.id, 'WON');
    await recordTip(t.ctx, {
      raceDate: TODAY,
      raceTime: race.time,
      raceLocation: race.course,
      selectionName: race.horses[2].name,
      selectionType: 'nap',
      advisedOdds: '11/4',
    });
    await recordTip(t.ctx, {
      raceDate: TODAY,
      raceTime: race.time,
      raceLocation: race.course,
      selectionName: race.horses[0].name,
      selectionType: 'nb',
      advisedOdds: '8/1',
    });
    // The same race is today's free race, which visitors read in full.
    expect(
      (await admin.post('/api/free-race/nominate', { raceTime: race.time, course: race.course, weekday: 'Tuesday' }))
        .status,
    ).toBe(200);

    const reads = publicReads();
    expect(reads).toEqual(
      expect.arrayContaining(['/api/results', '/api/value-calibration', '/api/back-catalogue', '/sitemap.xml']),
    );
    const visitor = t.client();
    const before = { visitor: await whatTheySee(visitor, reads), nonMember: await whatTheySee(nonMember, reads) };
    expect(JSON.parse(before.visitor['/api/results'].body)).toMatchObject({
      pending: 2,
      stats: { overall: { tips: 1 } },
    });
    expect(JSON.parse(before.visitor['/api/free-race-preview'].body)).toMatchObject({
      available: true,
      race_time: race.time,
    });

    t.clock.set(afterTheOff(TODAY, race.time));
    const entered = await enterResults(admin, TODAY, [resultLine(race, [2, 0])]);
    expect(entered.status, entered.text).toBe(200);
    expect(entered.json.tipsSettled).toHaveLength(2);

    expect(await whatTheySee(visitor, reads)).toEqual(before.visitor);
    expect(await whatTheySee(nonMember, reads)).toEqual(before.nonMember);
    const members = (await member.get('/api/results')).json;
    expect(members).toMatchObject({ pending: 0, stats: { overall: { tips: 3 } } });

    // The day is over in London: the settlement is part of the public record.
    t.clock.set(new Date('2026-11-25T00:00:01Z'));
    const tomorrow = (await t.client().get('/api/results')).json;
    expect(tomorrow).toMatchObject({ pending: 0, stats: { overall: { tips: 3 } } });
    expect((await t.client().get('/api/value-calibration')).json.before).toBe('2026-11-25');
  });
});
