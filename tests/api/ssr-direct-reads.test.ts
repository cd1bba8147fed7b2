import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readWithoutHttp } from '#server/http/read-routes';
import { textDigest } from '#server/http/json';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { ensureWebBuilt, WEB_DIR } from '../support/web-build';
import { PREMIUM_SECRET, createArticle } from './articles-helpers';
import { record, settle } from './performance-helpers';
import { fetchPage } from './ssr-helpers';
import { publish } from './tips-helpers';
import { publishReceipts, THREE_TIPS } from './proofing-helpers';

// A server-rendered page reads its data without HTTP (decision 0048): the route's own access
// rule and read, answering what the API would answer over HTTP, and nothing else.
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  ensureWebBuilt();
  // LOG_LEVEL info: the request log writes one line per request the app serves.
  t = await startTestApp(
    { LOG_LEVEL: 'info' },
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

const tokenOf = (client: HttpClient) => client.cookies.get('vbg_session');
const direct = (path: string, client?: HttpClient) =>
  readWithoutHttp(t.app, t.ctx, client && tokenOf(client), path, t.ctx.log);

/**
 * An answer's text without its request id: every answer over HTTP names its own request; a page's
 * direct read has none, so a rendered page never differs by the request that made it.
 */
const withoutRequestId = (text: string) => text.replace(/,"requestId":"[^"]*"/, '');

/** Each person's answer to a GET over HTTP and through the direct path: status, content type and body alike. */
async function expectSameAnswers(paths: string[], people: Array<{ name: string; client: HttpClient }>) {
  for (const path of paths) {
    for (const { name, client } of people) {
      const http = await client.get(path);
      const read = await direct(path, name === 'visitor' ? undefined : client);
      expect({ status: read.status, body: read.json }, `${path} as ${name}`).toEqual({
        status: http.status,
        body: withoutRequestId(http.text),
      });
      expect(http.headers.get('content-type'), `${path} as ${name}`).toBe('application/json; charset=utf-8');
      // The digest a members' page is keyed by is the text's own, cached or not (worked out once when cached).
      expect(read.digest(), `${path} as ${name}`).toBe(textDigest(withoutRequestId(http.text)));
    }
  }
}

const requestLog = () =>
  logLines
    .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
    .filter((l) => l.msg === 'request completed')
    .map((l) => l.req!.url);

describe('the direct reads answer what HTTP answers', () => {
  it('every path a rendered page reads, for a visitor, a signed-in non-member, a member and an admin', async () => {
    const { client: yesterdayAdmin } = await signedIn(t, 'admin', 'saturday-admin@example.com');
    t.clock.set(new Date('2026-11-21T09:00:00Z'));
    await publish(yesterdayAdmin, { nap: 'Saturday Star – 1:30 Sandown' });
    t.clock.set(new Date('2026-11-22T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { nap: 'Sunday Secret – 2:10 Ascot' });
    expect((await admin.post('/api/move-to-library')).status).toBe(200);
    const premium = await createArticle(admin, {
      title: 'Members Angle',
      contentType: 'premium',
      content: `<p>${PREMIUM_SECRET}</p>`,
    });
    const free = await createArticle(admin, { title: 'Going Report' });
    await settle(
      admin,
      await record(admin, { raceDate: '2026-11-20', selectionName: 'Copper Coast', advisedOdds: '4/1' }),
      'WON',
    );
    // Today's NAP settled after its 14:10 off, by the admin signed in again.
    t.clock.set(new Date('2026-11-22T14:15:00Z'));
    const { client: analyst } = await signedIn(t, 'admin', 'analyst@example.com');
    await settle(
      analyst,
      await record(analyst, { raceDate: '2026-11-22', selectionName: 'Sunday Secret', advisedOdds: '5/1' }),
      'WON',
    );
    await publishReceipts(t, '2026-11-22', THREE_TIPS); // today's openings: members only
    const { client: nonMember } = await signedIn(t, 'nonMember');
    const { client: member } = await signedIn(t, 'member');

    const people = [
      { name: 'visitor', client: t.client() },
      { name: 'non-member', client: nonMember },
      { name: 'member', client: member },
      { name: 'admin', client: analyst },
    ];
    await expectSameAnswers(
      [
        '/api/auth/user',
        '/api/my-subscription-price',
        '/api/news-and-views',
        `/api/news-and-views/${premium.slug}`,
        `/api/news-and-views/${free.slug}`,
        '/api/news-and-views/no-such-article',
        '/api/back-catalogue',
        '/api/historical-tips/2026-11-21',
        '/api/historical-tips/2026-11-22',
        '/api/historical-tips/2026-11-23',
        '/api/historical-tips/not-a-date',
        '/api/results',
        '/api/record-claim',
        '/api/value-calibration',
        '/api/record',
        '/api/record/2026-11-22',
        '/api/record/2026-11-21',
        '/api/free-race-preview',
        // The payment-success and set-password pages' read (an unknown checkout: 404).
        '/api/checkout-session/lcs_no_such_session',
        // The members' pages' reads.
        '/api/daily-tips',
        '/api/vbg-race-cards-metadata',
        '/api/vbg-race-cards',
        '/api/vbg-race-cards/race/1',
        '/api/vbg-race-cards/race/999999',
        '/api/admin-settings/default-weekday',
        '/api/race-previews',
        '/api/value-now',
      ],
      people,
    );

    // Members-only data, asked for by a render for a visitor, is refused as over HTTP: 401, the
    // same message, and the paid content is in no answer a visitor's page could carry.
    const today = await direct('/api/historical-tips/2026-11-22');
    expect(today.status).toBe(401);
    expect(today.json).not.toContain('Sunday Secret');
    expect((await direct('/api/historical-tips/2026-11-22', nonMember)).status).toBe(403);
    expect((await direct('/api/historical-tips/2026-11-22', member)).json).toContain('Sunday Secret');
    expect((await direct(`/api/news-and-views/${premium.slug}`)).json).not.toContain(PREMIUM_SECRET);
    expect((await direct(`/api/news-and-views/${premium.slug}`, nonMember)).json).not.toContain(PREMIUM_SECRET);
    expect((await direct(`/api/news-and-views/${premium.slug}`, member)).json).toContain(PREMIUM_SECRET);
    expect((await direct('/api/results')).json).not.toContain('Sunday Secret'); // today's settled tip: members only
    expect((await direct('/api/auth/user')).status).toBe(401);

    // A read that throws an HttpError: its status and `{ message }`.
    expect(await direct('/api/historical-tips/not-a-date')).toMatchObject({
      status: 400,
      json: JSON.stringify({ message: 'Invalid date' }),
    });
    expect((await direct('/api/news-and-views/no-such-article')).status).toBe(404);
    // A percent-encoded parameter is decoded as the router decodes it.
    const decoded = await direct(`/api/news-and-views/${encodeURIComponent(free.slug)}`);
    const plain = await direct(`/api/news-and-views/${free.slug}`);
    expect([decoded.status, decoded.json]).toEqual([plain.status, plain.json]);
  });
});

describe('the HTTP routes keep their headers', () => {
  it('caching and Vary as before, for a visitor and a member, a refusal included', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const article = await createArticle(admin, { title: 'Going Report' });
    const { client: member } = await signedIn(t, 'member');
    const visitor = t.client();
    const expected: Array<[HttpClient, string, number, string, string | null]> = [
      [visitor, '/api/news-and-views', 200, 'no-cache', null],
      [visitor, `/api/news-and-views/${article.slug}`, 200, 'private, no-store', 'Cookie'],
      [visitor, '/api/back-catalogue', 200, 'no-cache', 'Cookie'],
      [member, '/api/back-catalogue', 200, 'private, no-cache', 'Cookie'],
      [visitor, '/api/results', 200, 'no-cache', 'Cookie'],
      [member, '/api/results', 200, 'private, no-cache', 'Cookie'],
      [visitor, '/api/historical-tips/2026-11-21', 404, 'no-cache', null],
      [visitor, '/api/historical-tips/2026-11-22', 401, 'private, no-cache', null], // set before the refusal
      [member, '/api/historical-tips/2026-11-22', 404, 'private, no-cache', null],
      [visitor, '/api/value-calibration', 200, 'no-cache', null],
      [visitor, '/api/record-claim', 200, 'no-cache', null],
      [visitor, '/api/free-race-preview', 200, 'private, no-cache, no-store, must-revalidate', null],
      [member, '/api/auth/user', 200, 'private, no-cache', null],
      [member, '/api/my-subscription-price', 200, 'private, no-cache', null],
    ];
    for (const [client, path, status, cacheControl, vary] of expected) {
      const res = await client.get(path);
      expect([res.status, res.headers.get('cache-control'), res.headers.get('vary')], path).toEqual([
        status,
        cacheControl,
        vary,
      ]);
    }
  });
});

describe('a path with no direct read fails loudly, never over HTTP', () => {
  it('the reader throws, naming the path, for a route no page reads and for an address that is no route', async () => {
    await expect(direct('/api/my-bets')).rejects.toThrow('No direct read for GET /api/my-bets');
    await expect(direct('/api/no-such-route')).rejects.toThrow('No direct read for GET /api/no-such-route');
    await expect(direct('/api/news-and-views/a/b')).rejects.toThrow('No direct read');
    expect(logLines.some((l) => l.includes('no direct read'))).toBe(true);
  });

  it('a page that reads such a path answers 503, is not kept, and makes no HTTP request instead', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Going Report' });
    const match = vi.spyOn(t.app.directReads, 'match').mockReturnValue(undefined);
    try {
      logLines.length = 0;
      const failed = await fetchPage(t.client(), '/news-and-views');
      expect(failed.status).toBe(503);
      expect(failed.root).not.toContain('Going Report');
      expect(match).toHaveBeenCalledWith('/api/news-and-views');
      await expect.poll(requestLog).toContain('/news-and-views');
      expect(requestLog().filter((url) => url.startsWith('/api/'))).toEqual([]);
    } finally {
      match.mockRestore();
    }
    const after = await fetchPage(t.client(), '/news-and-views');
    expect(after.status).toBe(200);
    expect(after.root).toContain('Going Report');
  });
});

describe('a render makes no request to the API', () => {
  it("a visitor's and a member's article, the results and the home page: one request each in the request log", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const article = await createArticle(admin, { title: 'Going Report' });
    const { client: member } = await signedIn(t, 'member');
    const pages: Array<[string, HttpClient]> = [
      [`/news-and-views/${article.slug}`, t.client()],
      [`/news-and-views/${article.slug}`, member],
      ['/results', t.client()],
      ['/', member],
      ['/free-race', t.client()],
    ];
    for (const [path, client] of pages) {
      logLines.length = 0;
      const p = await fetchPage(client, path);
      expect(p.status, path).toBe(200);
      expect(p.data, path).not.toBeNull();
      await expect.poll(requestLog).toEqual([path]);
    }
    const own = await fetchPage(member, `/news-and-views/${article.slug}`);
    expect(own.root).toContain('Going Report');
    // The member's own session was read, without HTTP: the page names them beside its data.
    expect(own.html).toMatch(
      /<script type="application\/json" id="vbg-viewer">\{"id":\d+,"email":"member@example.com"/,
    );
  });
});
