import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAccessControl, type Access } from '#server/http/access';
import { publishTips } from '#server/features/tips/publish-tips';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { PREMIUM_SECRET, createArticle } from './articles-helpers';
import { tipsBody } from './tips-helpers';

/**
 * The access matrix of the security suite (docs/security.md). The route table is read from the
 * real app (every route as registered, via the onRoute hook in src/server/http/access.ts) and
 * must equal EXPECTED below: adding a route, removing one or changing a rule is a visible diff
 * here. Then every /api route is called as each kind of visitor and the answer must match the
 * rule: 401 signed out, 403 without the role, neither (and never 5xx) when allowed.
 */
const EXPECTED: Record<string, Access | 'none'> = {
  // Outside /api: no access rule means the route serves nothing private.
  'GET /healthz': 'none',
  'GET /sitemap.xml': 'none',
  'GET /robots.txt': 'none',
  'GET /attached-assets/:filename': 'public',
  'GET /local-checkout/:sessionId': 'public',
  'POST /local-checkout/:sessionId/complete': 'public',
  'POST /subscribe': 'public',
  // auth
  'POST /api/login': 'public',
  'POST /login': 'public',
  'POST /api/logout': 'public',
  'POST /api/register': 'public',
  'POST /register': 'public',
  'GET /api/auth/user': 'signedIn',
  'POST /api/change-password': 'signedIn',
  // operations
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  // mail
  'POST /api/forgot-password': 'public',
  'POST /forgot-password': 'public',
  'POST /api/reset-password': 'public',
  'POST /api/unsubscribe': 'public',
  'PUT /api/email-preference': 'signedIn',
  'POST /api/send-daily-update-email': 'admin',
  'POST /api/send-blog-post-email': 'admin',
  'POST /api/send-golf-email': 'admin',
  'GET /api/admin/mail/outbox': 'admin',
  'GET /api/admin/mail/outbox/:id': 'admin',
  'POST /api/admin/mail/outbox/:id/retry': 'admin',
  // settings
  'GET /api/config': 'public',
  'GET /api/admin/settings': 'admin',
  'POST /api/admin/settings': 'admin',
  'GET /api/admin-settings/default-weekday': 'signedIn',
  'POST /api/admin-settings/default-weekday': 'admin',
  // billing
  'POST /api/create-checkout-session': 'public',
  'GET /api/checkout-session/:id': 'public',
  'POST /api/set-password': 'public',
  'POST /set-password': 'public',
  'POST /api/stripe/webhook': 'public', // authenticated by its Stripe signature instead
  'POST /api/cancel-subscription': 'signedIn',
  'POST /api/resume-subscription': 'signedIn',
  'POST /api/billing-portal': 'signedIn',
  'GET /api/admin/members': 'admin',
  'POST /api/admin/members/:id/grant': 'admin',
  'POST /api/admin/members/:id/revoke': 'admin',
  'GET /api/admin/members/:id/payments': 'admin',
  'POST /api/admin/members/:id/refund': 'admin',
  'GET /api/admin/refunds': 'admin',
  'GET /api/admin/price-changes': 'admin',
  'POST /api/admin/price-changes': 'admin',
  'POST /api/create-invoice-link': 'admin',
  // articles and resources (premium bodies are withheld inside the handler)
  'GET /api/news-and-views': 'public',
  'GET /api/news-and-views/:slug': 'public',
  'POST /api/admin/news-and-views': 'admin',
  'PUT /api/admin/news-and-views/:id': 'admin',
  'DELETE /api/admin/news-and-views/:id': 'admin',
  'POST /api/admin/automate-article-access': 'admin',
  'POST /api/admin/import-resource-library': 'admin',
  'GET /api/resources': 'public',
  'GET /api/resources/:slug': 'public',
  // tips, back catalogue, performance
  'POST /api/secure-content-upload': 'admin',
  'GET /api/daily-tips': 'member',
  'GET /api/historical-tips/:date': 'public',
  'GET /api/back-catalogue': 'public',
  'POST /api/move-to-library': 'admin',
  'POST /api/import-back-catalogue': 'admin',
  'POST /api/admin/upload-back-catalogue-pdf': 'admin',
  'GET /api/daily-performance-history': 'admin',
  'POST /api/admin/back-catalogue-entry': 'admin',
  'POST /api/admin/auto-populate-performance': 'admin',
  'POST /api/admin/tip-records/:id/settle': 'admin',
  'PUT /api/admin/tip-records/:id': 'admin',
  'DELETE /api/admin/tip-records/:id': 'admin',
  'GET /api/results': 'public',
  // race previews
  'POST /api/admin/upload-master-pdf': 'admin',
  'GET /api/check-master-pdf': 'admin',
  'POST /api/process-master-pdf': 'admin',
  'POST /api/process-daily-content': 'admin',
  'POST /api/clear-pdfs': 'admin',
  'GET /api/race-previews': 'member',
  'GET /api/admin/race-previews': 'admin',
  'GET /api/my-subscription-price': 'signedIn',
  'GET /api/race-previews/:file': 'member',
  // race cards
  'GET /api/vbg-race-cards-metadata': 'member',
  'GET /api/vbg-race-cards/race/:id': 'member',
  'GET /api/vbg-race-cards': 'member',
  'GET /api/vbg-race-cards-events': 'member',
  'DELETE /api/vbg-race-cards/clear-weekday/:weekday': 'admin',
  'DELETE /api/vbg-race-cards/clear-day/:day': 'admin',
  'DELETE /api/vbg-race-cards/clear-all': 'admin',
  'POST /api/vbg-race-cards/morning-odds': 'admin',
  'POST /api/vbg-race-cards/hard-coded-upload': 'admin',
  'POST /api/vbg-race-cards/hard-coded-upload/preview': 'admin',
  'POST /api/vbg-race-cards/upload-master-excel': 'admin',
  'POST /api/vbg-race-cards/upload-master-excel/preview': 'admin',
  'GET /api/vbg-race-cards/working-weekday': 'admin',
  'POST /api/vbg-race-cards/upload-hartley-verdict': 'admin',
  'POST /api/vbg-race-cards/upload-master-with-morning-odds': 'admin',
  'POST /api/vbg-race-cards/upload': 'admin',
  // free race, export
  'POST /api/free-race/nominate': 'admin',
  'GET /api/free-race/today': 'public',
  'GET /api/free-race-preview': 'public',
  'POST /api/admin/excel-export': 'admin',
  // race results and the calibration
  'POST /api/admin/race-results': 'admin',
  'GET /api/value-calibration': 'public',
  'GET /api/record-claim': 'public',
  'GET /api/value-calibration.csv': 'public',
  'POST /api/admin/value-calibration/rescore': 'admin',
  'PUT /api/odds-format': 'signedIn',
  'GET /api/my-bets': 'member',
  'POST /api/my-bets': 'member',
  'DELETE /api/my-bets/:id': 'member',
  'GET /api/my-bets/each-way-notice': 'member',
  'POST /api/my-bets/each-way-notice/dismiss': 'member',
  'GET /api/watchlist': 'member',
  'POST /api/watchlist': 'member',
  'DELETE /api/watchlist/:id': 'member',
  // member alerts
  'GET /api/push/public-key': 'member',
  'POST /api/push/subscriptions': 'member',
  'DELETE /api/push/subscriptions': 'member',
  'GET /api/alert-settings': 'member',
  'PUT /api/alert-settings': 'member',
  // prices through the day and the value board
  'POST /api/admin/prices': 'admin',
  'GET /api/value-now': 'member',
  // price and result feeds
  'GET /api/admin/feeds': 'admin',
  'POST /api/admin/feeds/:provider/run': 'admin',
  'POST /api/admin/feeds/bsp': 'admin',
  // the proofed record: public, the day's openings gated inside
  'GET /api/record': 'public',
  'GET /api/record/:date': 'public',
  'GET /api/record-tsa-ca': 'public',
  'GET /api/admin/proofing/status': 'admin',
  // a member's own data rights, and the owner's numbers
  'GET /api/my-data': 'signedIn',
  'DELETE /api/my-account': 'signedIn',
  'POST /api/my-email-pause': 'signedIn',
  'DELETE /api/my-email-pause': 'signedIn',
  'GET /api/admin/business': 'admin',
  'GET /api/admin/members.csv': 'admin',
};

type Kind = 'visitor' | 'nonMember' | 'member' | 'admin';
const KINDS: Kind[] = ['visitor', 'nonMember', 'member', 'admin'];

/** What each kind must get from a route with this rule: 'allowed', 401 or 403. */
function expectedOutcome(access: Access, kind: Kind): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (kind === 'visitor') return 401;
  if (access === 'signedIn') return 'allowed';
  if (access === 'member') return kind === 'nonMember' ? 403 : 'allowed';
  return kind === 'admin' ? 'allowed' : 403;
}

/** Path parameters filled with values that name nothing (so admin calls touch no real row). */
const PARAMS: Record<string, string> = {
  id: '999999',
  slug: 'no-such-article',
  date: '2026-01-05',
  file: 'none.pdf',
  weekday: 'monday',
  day: 'today',
  sessionId: 'cs_none',
  filename: 'none.pdf',
};
const fill = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

/** The built client's files (one route each when dist/web exists), served to anyone by design. */
const WEB_DIR = path.resolve('dist/web');
const isClientFile = (url: string) =>
  url === '/assets/*' ||
  (url !== '/' &&
    !url.includes(':') &&
    fs.existsSync(path.join(WEB_DIR, url)) &&
    fs.statSync(path.join(WEB_DIR, url)).isFile());

function table() {
  return t.app.routeTable
    .filter((r) => r.method !== 'HEAD' && !(r.access === undefined && isClientFile(r.url)))
    .map((r) => ({ key: `${r.method} ${r.url}`, method: r.method, url: r.url, access: r.access }));
}

/** Calls a route with an empty body and returns only the status (the event stream is not read). */
async function statusOf(client: HttpClient | null, method: string, url: string) {
  const headers: Record<string, string> = {};
  if (client?.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const init: RequestInit = { method, headers, redirect: 'manual' };
  if (method !== 'GET' && method !== 'HEAD' && method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    init.body = '{}';
  }
  const res = await fetch(t.baseUrl + fill(url), init);
  await res.body?.cancel();
  return res.status;
}

describe('the route table', () => {
  it('equals the expected table: every route and its declared access', () => {
    const actual = Object.fromEntries(table().map((r) => [r.key, r.access ?? 'none']));
    expect(actual).toEqual(EXPECTED);
    expect(table().filter((r) => r.url.startsWith('/api/') && !r.access)).toEqual([]);
  });

  it('refuses to register an /api route without an access rule, at the root and inside a plugin', async () => {
    const bare = Fastify();
    registerAccessControl(bare, t.ctx);
    expect(() => bare.get('/api/forgotten', () => ({ secret: true }))).toThrow(
      /GET \/api\/forgotten declares no access rule/,
    );
    expect(() => bare.post('/api/forgotten', { config: {} }, () => ({}))).toThrow(/declares no access rule/);
    bare.get('/api/declared', { config: { access: 'admin' } }, () => ({}));
    bare.get('/not-api', () => 'ok'); // pages and files are outside the rule
    // An async plugin, as the app's are: the refusal thrown inside it rejects `ready()`.

    void bare.register(async (scope) => {
      scope.post('/api/in-a-plugin', () => ({}));
    });
    await expect(bare.ready()).rejects.toThrow(/POST \/api\/in-a-plugin declares no access rule/);
    await bare.close().catch(() => undefined);
  });
});

describe('the access matrix: every /api route × visitor, signed-in non-member, member, admin', () => {
  it('answers 401, 403 or lets through exactly as each route declares, and never 5xx', async () => {
    const clients: Record<Kind, HttpClient | null> = {
      visitor: null,
      nonMember: (await signedIn(t, 'nonMember')).client,
      member: (await signedIn(t, 'member')).client,
      admin: (await signedIn(t, 'admin')).client,
    };
    const routes = table().filter((r) => r.url.startsWith('/api/') && r.access);
    // Logging out ends the caller's session, so it goes last; admins go last as their calls write.
    const ordered = [
      ...routes.filter((r) => r.url !== '/api/logout'),
      ...routes.filter((r) => r.url === '/api/logout'),
    ];
    const wrong: string[] = [];
    let checked = 0;
    for (const kind of KINDS) {
      for (const route of ordered) {
        const want = expectedOutcome(route.access!, kind);
        const status = await statusOf(clients[kind], route.method, route.url);
        checked++;
        const ok = want === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === want;
        if (!ok) wrong.push(`${kind} ${route.key} (${route.access}): got ${status}, expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(routes.length * KINDS.length);
    expect(routes.length).toBeGreaterThanOrEqual(65);
  }, 60_000);

  it('HEAD is checked like GET on every route that is not public (Fastify adds HEAD routes itself)', async () => {
    const nonMember = (await signedIn(t, 'nonMember')).client;
    const gets = table().filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && r.access && r.access !== 'public',
    );
    const wrong: string[] = [];
    for (const route of gets) {
      const visitor = await statusOf(null, 'HEAD', route.url);
      if (visitor !== 401) wrong.push(`visitor HEAD ${route.url}: ${visitor}`);
      const want = expectedOutcome(route.access!, 'nonMember');
      const status = await statusOf(nonMember, 'HEAD', route.url);
      if (want !== 'allowed' && status !== want) wrong.push(`nonMember HEAD ${route.url}: ${status}, expected ${want}`);
    }
    expect(wrong).toEqual([]);
    expect(gets.length).toBeGreaterThanOrEqual(15);
  });

  it('a cookie that names no session is a visitor: 401 on signed-in routes, not an error', async () => {
    for (const cookie of [
      'vbg_session=forged',
      `vbg_session=${'A'.repeat(43)}`,
      `vbg_session=${'x'.repeat(5000)}`,
      'vbg_session=',
    ]) {
      const res = await fetch(`${t.baseUrl}/api/auth/user`, { headers: { cookie } });
      expect(res.status, cookie.slice(0, 30)).toBe(401);
      expect(await res.json()).toEqual({
        message: 'Please sign in to continue.',
        requestId: res.headers.get('x-request-id'),
      });
    }
  });
});

describe('members-only pages do not carry member data in their HTML', () => {
  it('the page shell of every members-only and public page has no tips, race cards or premium body in it', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const marker = 'MEMBERS-ONLY-MARKER-51d9';
    await publishTips(t.ctx, {
      ...tipsBody({ nap: `${marker} nap`, dailyPreview: `<p>${marker} preview</p>` }),
    });
    const day = makeRaceDay({ races: 2, runners: 3, seed: 5 });
    day[0].horses[0].name = `${marker} Horse`;
    day[0].horses[0].summary = `${marker} summary`;
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' })
      .format(t.clock.now())
      .toLowerCase();
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(day), weekday)))
        .status,
    ).toBe(200);
    const premium = await createArticle(admin, {
      title: 'Premium Piece',
      contentType: 'premium',
      content: `<p>${PREMIUM_SECRET}</p>`,
      summary: '<p>Teaser only</p>',
    });

    const nonMember = (await signedIn(t, 'nonMember')).client;
    const member = (await signedIn(t, 'member')).client;
    const pages = [
      '/',
      '/tips',
      '/vbg-race-cards',
      '/golf',
      '/vb-generator',
      '/value-now',
      '/my-account',
      '/admin',
      '/free-race',
      '/back-catalogue',
      '/results',
      `/news-and-views/${premium.slug}`,
      '/news-and-views',
      '/no-such-page',
    ];
    for (const client of [t.client(), nonMember, member]) {
      for (const page of pages) {
        const res = await client.get(page);
        expect(res.headers.get('content-type'), page).toMatch(/text\/html/);
        expect(res.text, page).not.toContain(marker);
        expect(res.text, page).not.toContain(PREMIUM_SECRET);
        expect(res.text, page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // no inline script: the CSP stays strict
      }
    }
    // The premium article's page carries its title and teaser for sharing, never the body.
    const shell = await t.client().get(`/news-and-views/${premium.slug}`);
    expect(shell.text).toContain('Premium Piece');
    // The data itself is only behind the API, for members.
    expect((await member.get('/api/daily-tips')).text).toContain(marker);
    expect((await nonMember.get('/api/daily-tips')).status).toBe(403);
    expect((await member.get('/api/value-now')).text).toContain(marker);
    expect((await nonMember.get('/api/value-now')).status).toBe(403);
  });
});
