import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, horses } from '#server/db/schema';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { ensureWebBuilt, WEB_DIR } from '../support/web-build';
import { createArticle } from './articles-helpers';
import { publish } from './tips-helpers';
import { fetchPage, pageData, renderedAt } from './ssr-helpers';

// Public pages as a visitor probing them gets them (decision 0035): a page that does not exist
// answers 404, a page whose data could not be read answers 503, neither is kept; a forged Host
// never reaches a page kept for others; spellings of an address share one kept render.
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  ensureWebBuilt();
  t = await startTestApp(
    { LOG_LEVEL: 'warn' },
    { webDir: WEB_DIR, logStream: { write: (line) => void logLines.push(line) } },
  );
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  logLines.length = 0;
  // Sunday 22 November 2026, 09:00 London (GMT).
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
});

const page = (path: string, client = t.client()) => fetchPage(client, path);

/** Whether two visits a second apart get the same render (polled: on PostgreSQL a write's own cache notice comes back a moment later and drops the pages once more). */
async function expectKept(path: string) {
  let first = await page(path);
  await expect
    .poll(async () => {
      t.clock.advance(1_000);
      const next = await page(path);
      const same = renderedAt(next) === renderedAt(first);
      first = next;
      return same;
    })
    .toBe(true);
  return first;
}

/** Makes every read of `table` fail until the returned function puts it back (a real failed read, on either database). */
async function breakTable(table: PgTable) {
  const name = getTableName(table);
  await t.database.db.execute(sql.raw(`ALTER TABLE "${name}" RENAME TO "${name}_away"`));
  return () => t.database.db.execute(sql.raw(`ALTER TABLE "${name}_away" RENAME TO "${name}"`));
}

describe('a page that does not exist answers 404 and is never kept', () => {
  it('an unknown blog article, a past day without tips and a day that is not a date', async () => {
    const cases: Record<string, string> = {
      '/resources/no-such-guide': 'Article Not Found',
      '/tips/2026-11-20': 'Tips not found',
      '/tips/not-a-date': 'Tips not found',
      '/news-and-views/no-such-article': 'Article Not Found',
    };
    for (const [path, text] of Object.entries(cases)) {
      const first = await page(path);
      expect(first.status, path).toBe(404);
      expect(first.root, path).toContain(text);
      t.clock.advance(1_000);
      const again = await page(path);
      expect(again.status, path).toBe(404);
      expect(renderedAt(again), path).not.toBe(renderedAt(first)); // rendered afresh: not kept
    }
  });

  it("a past day with tips answers 200; today's and later days answer 200 whether or not they have tips", async () => {
    t.clock.set(new Date('2026-11-20T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { nap: 'Friday Flyer – 1:30 Sandown' });
    t.clock.set(new Date('2026-11-22T09:00:00Z'));
    const past = await page('/tips/2026-11-20');
    expect(past.status).toBe(200);
    expect(past.root).toContain('Friday Flyer');
    // The status never says whether a members-only day has tips (decision 10).
    for (const day of ['2026-11-22', '2026-11-23', '2027-01-01']) {
      const gated = await page(`/tips/${day}`);
      expect(gated.status, day).toBe(200);
      expect(gated.root, day).toContain('Member Access Required');
    }
  });
});

describe('a page whose data cannot be read answers 503 and is never kept', () => {
  it('News & Views while the articles cannot be read, then its content once they can', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Going Report' });
    const restore = await breakTable(articles);
    try {
      const failed = await page('/news-and-views');
      expect(failed.status).toBe(503);
      expect(failed.headers.get('cache-control')).toBe('no-store');
      expect(failed.root).not.toContain('Going Report');
    } finally {
      await restore();
    }
    const after = await page('/news-and-views');
    expect(after.status).toBe(200);
    expect(after.root).toContain('Going Report');
  });

  it('an article page whose head cannot be read', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { title: 'Going Report' });
    const restore = await breakTable(articles);
    try {
      expect((await page(`/news-and-views/${a.slug}`)).status).toBe(503);
    } finally {
      await restore();
    }
    expect((await page(`/news-and-views/${a.slug}`)).root).toContain('Going Report');
    expect(logLines.some((l) => l.includes('page data could not be read'))).toBe(true);
  });

  it('the free race: a failed read is an error, logged with its cause, not "no free race"; none nominated is not an error', async () => {
    const none = await t.client().get('/api/free-race-preview');
    expect(none.status).toBe(200);
    expect(none.json.available).toBe(false);
    expect((await page('/free-race')).status).toBe(200);
    expect(logLines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);

    const sample = makeRaceDay({ races: 2, runners: 3, seed: 5 });
    const { client: admin } = await signedIn(t, 'admin');
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(sample), 'sunday')))
        .status,
    ).toBe(200);
    const [h, m] = sample[0].time.split(':').map(Number);
    const raceTime = `${h > 12 ? h - 12 : h}:${String(m).padStart(2, '0')}`;
    expect(
      (await admin.post('/api/free-race/nominate', { raceTime, course: sample[0].course, weekday: 'Sunday' })).status,
    ).toBe(200);

    const restore = await breakTable(horses);
    try {
      const preview = await t.client().get('/api/free-race-preview');
      expect(preview.status).toBe(500);
      const free = await page('/free-race');
      expect(free.status).toBe(503);
      expect(free.root).toContain('No free race available');
    } finally {
      await restore();
    }
    const errors = logLines
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string } })
      .filter((l) => l.level >= 50);
    expect(errors.some((l) => l.msg === 'request failed' && /horses/.test(l.err?.message ?? ''))).toBe(true);

    const after = await page('/free-race');
    expect(after.status).toBe(200);
    for (const horse of sample[0].horses) expect(after.root).toContain(horse.name);
  });
});

describe("the request's Host never reaches a page kept for others", () => {
  it('a forged Host is in no link of the page, nor of the page a later visitor gets from the cache', async () => {
    const path = '/resources/vb-ratings-guide';
    await expect
      .poll(async () => {
        t.ctx.cache.drop('pages'); // the forged request renders the page, and it is kept
        const forged = await t.app.inject({ method: 'GET', url: path, headers: { host: 'evil.example' } });
        expect(forged.statusCode).toBe(200);
        expect(forged.body).not.toContain('evil.example');
        expect(forged.body).toContain(`<link rel="canonical" href="${path}">`);
        t.clock.advance(1_000);
        const later = await page(path);
        expect(later.html).not.toContain('evil.example');
        expect(later.html).not.toContain('og:url'); // og:url must be absolute: only with PUBLIC_URL
        // Polled until the later visitor got the forged request's kept page (a late cache
        // notice on PostgreSQL can drop it in between).
        return renderedAt(later) === renderedAt({ data: pageData(forged.body) });
      })
      .toBe(true);
  });

  it('an article page rendered for a forged Host carries no such host', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { title: 'Going Report' });
    const forged = await t.app.inject({
      method: 'GET',
      url: `/news-and-views/${a.slug}`,
      headers: { host: 'evil.example' },
    });
    expect(forged.body).not.toContain('evil.example');
    expect(forged.body).toContain(`<link rel="canonical" href="/news-and-views/${a.slug}">`);
    expect((await page(`/news-and-views/${a.slug}`)).html).not.toContain('evil.example');
  });

  it('without PUBLIC_URL the sitemap and robots.txt, built from the Host, are kept by no shared cache', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { host: 'evil.example' } });
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });
});

describe('spellings of an address share one kept render', () => {
  it('a query string, a trailing or doubled slash and another case are sent to the one address', async () => {
    const kept = await expectKept('/news-and-views');
    for (const variant of [
      '/news-and-views?x=1',
      '/news-and-views?x=2',
      '/news-and-views/',
      '//news-and-views',
      '/News-And-Views',
      '/NEWS-AND-VIEWS/?a=b',
    ]) {
      const res = await t.client().get(variant);
      expect(res.status, variant).toBe(301);
      expect(res.headers.get('location'), variant).toBe('/news-and-views');
    }
    expect(renderedAt(await page('/news-and-views'))).toBe(renderedAt(kept));
    // A query a page reads stays (the checkout's cancel address); any other goes.
    const cancelled = await t.client().get('/subscribe?x=1&checkout=cancelled');
    expect(cancelled.status).toBe(301);
    expect(cancelled.headers.get('location')).toBe('/subscribe?checkout=cancelled');
    expect((await page('/subscribe?checkout=cancelled')).status).toBe(200);
    expect((await t.client().get('/resources/vb-ratings-guide/')).headers.get('location')).toBe(
      '/resources/vb-ratings-guide',
    );
    // The sign-in page keeps its way back, in one spelling; pages the browser renders keep their
    // query as it is (a reset token).
    const signIn = await t.client().get('/login?next=/tips&x=1');
    expect(signIn.headers.get('location')).toBe('/login?next=%2Ftips');
    expect((await page('/login?next=%2Ftips')).status).toBe(200);
    expect((await t.client().get('/reset-password?token=abc')).status).toBe(200);
  });

  it('many made-up addresses neither render nor push a kept page out', async () => {
    const kept = await expectKept('/news-and-views');
    for (let i = 0; i < 50; i++) expect((await t.client().get(`/news-and-views?n=${i}`)).status).toBe(301);
    expect(renderedAt(await page('/news-and-views'))).toBe(renderedAt(kept));
  });
});

describe('a session cookie that names no live session is served as a visitor', () => {
  /** A page asked for with this session cookie, its Set-Cookie lines and the cookies left in the browser. */
  async function withSession(path: string, token: string) {
    const client = t.client();
    client.cookies.set('vbg_session', token);
    const asked = await fetchPage(client, path);
    return { ...asked, setCookie: asked.headers.getSetCookie(), left: client.cookies };
  }

  it('a made-up or ended session gets the page kept for visitors, byte for byte, and its cookie cleared', async () => {
    const kept = await expectKept('/news-and-views');
    const visitor = await page('/news-and-views');
    expect(renderedAt(visitor)).toBe(renderedAt(kept));
    const { client: member } = await signedIn(t, 'member');
    const ended = member.cookies.get('vbg_session')!;
    expect((await member.post('/api/logout')).status).toBe(200);
    for (const token of ['made-up-session-token', 'x'.repeat(43), ended]) {
      t.clock.advance(1_000);
      const asked = await withSession('/news-and-views', token);
      expect(asked.status, token).toBe(200);
      // From the visitors' cache: not rendered again, and the very same page.
      expect(renderedAt(asked), token).toBe(renderedAt(kept));
      expect(asked.html, token).toBe(visitor.html);
      expect(asked.setCookie.filter((c) => c.startsWith('vbg_session=;'))).toHaveLength(1);
      expect(asked.setCookie[0]).toMatch(/Max-Age=0/);
      expect(asked.left.has('vbg_session')).toBe(false);
      expect(asked.headers.get('cache-control')).toBe('private, no-cache');
    }
    // An address that is no page: the not-found page kept for visitors.
    const notFound = await page('/no-such-page');
    t.clock.advance(1_000);
    const madeUp = await withSession('/no-such-page', 'made-up-session-token');
    expect(madeUp.status).toBe(404);
    expect(renderedAt(madeUp)).toBe(renderedAt(notFound));
  });

  it('a live session is still served its own page, and keeps its cookie', async () => {
    const { client: member } = await signedIn(t, 'member', 'still-here@example.com');
    const res = await member.get('/news-and-views');
    expect(res.status).toBe(200);
    expect(res.text).toContain('still-here@example.com');
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('vbg_session='))).toEqual([]);
    expect(member.cookies.has('vbg_session')).toBe(true);
  });
});
