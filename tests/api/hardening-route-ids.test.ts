import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readRouteId } from '#server/http/route-id';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

/**
 * A numeric id in an address is read by one rule (src/server/http/route-id.ts): digits naming an
 * id no row can have — past the database's integer range, or 0 — answer 404 like any id not
 * found, never a database error (500); malformed text answers 400 on the admin and bet routes and
 * 404 on the members' reads (a race card, a race preview file). The routes are taken from the
 * real route table, so a new route with a parameter must be named here.
 */
let t: TestApp;
let admin: HttpClient;
let member: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await signedIn(t, 'admin')).client;
  member = (await signedIn(t, 'member')).client;
});

/** Every route whose parameter is a numeric id, and what a malformed one answers. */
const NUMERIC_ID_ROUTES: Record<string, { malformed: 400 | 404 }> = {
  'PUT /api/admin/news-and-views/:id': { malformed: 400 },
  'DELETE /api/admin/news-and-views/:id': { malformed: 400 },
  'GET /api/admin/mail/outbox/:id': { malformed: 400 },
  'POST /api/admin/mail/outbox/:id/retry': { malformed: 400 },
  'POST /api/admin/members/:id/grant': { malformed: 400 },
  'POST /api/admin/members/:id/revoke': { malformed: 400 },
  'GET /api/admin/members/:id/payments': { malformed: 400 },
  'POST /api/admin/members/:id/refund': { malformed: 400 },
  'PUT /api/admin/tip-records/:id': { malformed: 400 },
  'DELETE /api/admin/tip-records/:id': { malformed: 400 },
  'POST /api/admin/tip-records/:id/settle': { malformed: 400 },
  'DELETE /api/my-bets/:id': { malformed: 400 },
  'DELETE /api/watchlist/:id': { malformed: 400 },
  'GET /api/vbg-race-cards/race/:id': { malformed: 404 },
  'GET /api/race-previews/:file': { malformed: 404 }, // "<id>.pdf"
  'GET /api/news-and-views/:slug': { malformed: 404 }, // an id or a slug
};
/** Routes whose parameter is not a row id (a Stripe id, a file name, a slug, a day). */
const OTHER_PARAMETER_ROUTES = [
  'GET /attached-assets/:filename',
  'GET /local-checkout/:sessionId',
  'POST /local-checkout/:sessionId/complete',
  'GET /api/checkout-session/:id',
  'GET /api/resources/:slug',
  'GET /api/historical-tips/:date',
  'GET /api/record/:date',
  'DELETE /api/vbg-race-cards/clear-weekday/:weekday',
  'DELETE /api/vbg-race-cards/clear-day/:day',
  'POST /api/admin/feeds/:provider/run',
];

/**
 * Ids no row can carry: the probe's, one past the integer range, past bigint, 81 digits, zero. (A
 * parameter over 100 characters is answered 414 by the router before any route runs.)
 */
const OUT_OF_RANGE = ['99999999999', '2147483648', '9223372036854775808', `1${'0'.repeat(80)}`, '0', '000'];
const MALFORMED = ['abc', '-1', '1e3', '1.5', '0x10', '%2012', '12abc'];

function parameterRoutes() {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.includes('/:')).map((r) => `${r.method} ${r.url}`);
}

async function call(key: string, id: string) {
  const [method, url] = key.split(' ');
  const client = url.startsWith('/api/admin/') ? admin : member;
  const path = url.replace(/:(id|slug)$|:id(?=\/)/, id).replace(':file', `${id}.pdf`);
  const res = await client.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
  return { status: res.status, message: (res.json as { message?: string } | undefined)?.message };
}

describe('numeric ids in addresses', () => {
  it('every route with a parameter is named here', () => {
    expect(parameterRoutes().sort()).toEqual([...Object.keys(NUMERIC_ID_ROUTES), ...OTHER_PARAMETER_ROUTES].sort());
  });

  it('an id past the database integer range (or 0) answers 404 with a message on every route, never 500', async () => {
    const wrong: string[] = [];
    for (const key of Object.keys(NUMERIC_ID_ROUTES)) {
      for (const id of OUT_OF_RANGE) {
        const { status, message } = await call(key, id);
        if (status !== 404 || !message || /went wrong/.test(message))
          wrong.push(`${key} with ${id.slice(0, 20)}: ${status} ${message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a malformed id answers 400 (admin and bet routes) or 404 (members’ reads), never 500', async () => {
    const wrong: string[] = [];
    for (const [key, { malformed }] of Object.entries(NUMERIC_ID_ROUTES)) {
      for (const id of MALFORMED) {
        const { status, message } = await call(key, id);
        if (status !== malformed || !message) wrong.push(`${key} with ${id}: ${status} ${message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('DELETE /api/my-bets/99999999999 answers 404 "Bet not found."; leading zeros name the same bet', async () => {
    const probe = await member.delete('/api/my-bets/99999999999');
    expect(probe.status).toBe(404);
    expect(probe.json).toEqual({ message: 'Bet not found.' });
    const bet = await member.post('/api/my-bets', {
      raceDate: '2026-11-20',
      raceTime: '14:10',
      course: 'Ascot',
      horseName: 'Golden Arrow',
      price: '4/1',
      stake: 5,
    });
    expect(bet.status, bet.text).toBe(200);
    expect((await member.delete(`/api/my-bets/000${bet.json.bet.id}`)).status).toBe(200);
    expect((await member.get('/api/my-bets')).json.bets).toEqual([]);
  });

  it('DELETE /api/watchlist/:id answers 404 for an id no row has and for another member’s row; leading zeros name the same row', async () => {
    const probe = await member.delete('/api/watchlist/99999999999');
    expect(probe.status).toBe(404);
    expect(probe.json).toEqual({ message: 'That horse is not on your watch list.' });
    const other = (await signedIn(t, 'member', 'other@example.com')).client;
    const theirs = await other.post('/api/watchlist', { horseName: 'Golden Arrow' });
    expect(theirs.status, theirs.text).toBe(201);
    expect((await member.delete(`/api/watchlist/${theirs.json.horse.id}`)).status).toBe(404);
    expect((await other.get('/api/watchlist')).json.horses).toHaveLength(1);
    expect((await other.delete(`/api/watchlist/000${theirs.json.horse.id}`)).status).toBe(200);
    expect((await other.get('/api/watchlist')).json.horses).toEqual([]);
  });
});

describe('readRouteId', () => {
  it('reads plain digits within the integer range; names nothing past it; refuses the rest', () => {
    expect(readRouteId('1')).toBe(1);
    expect(readRouteId('007')).toBe(7);
    expect(readRouteId('2147483647')).toBe(2147483647);
    expect(readRouteId('0002147483647')).toBe(2147483647);
    for (const raw of [...OUT_OF_RANGE, `9${'9'.repeat(400)}`]) expect(readRouteId(raw), raw).toBe('none');
    for (const raw of [...MALFORMED, ' 12', '', '+1', '١٢']) expect(readRouteId(raw), raw).toBe('malformed');
    expect(readRouteId(undefined)).toBe('malformed');
  });
});
