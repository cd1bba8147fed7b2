import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, settings, users } from '#server/db/schema';
import { masterSecret } from '#server/secrets';
import { createUser } from '#server/features/auth/users';
import { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, createAccount, signedIn } from '../support/users';
import { CONSENT } from '../support/consent';

/**
 * Sessions, CSRF and login throttling: what tests/api/auth.test.ts does not already show
 * (see docs/security.md for the whole map).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MIN = 60_000;
const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const sessionCount = async () => (await t.ctx.db.select({ id: sessions.id }).from(sessions)).length;
const withToken = (token: string) => {
  const c = t.client();
  c.cookies.set('vbg_session', token);
  return c;
};

describe('sessions', () => {
  it('stores only an HMAC of the token under the derived session key: the table never holds a usable cookie value', async () => {
    const { client } = await signedIn(t, 'member');
    const token = client.cookies.get('vbg_session')!;
    const rows = await t.ctx.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    // Keyed (decision 0019): a leaked table cannot be matched to cookies by hashing guesses.
    expect(rows[0].id).not.toBe(hash(token));
    // No SESSION_SECRET here: the key is derived from the embedded default's stored secret.
    const sessionKey = crypto.hkdfSync('sha256', await masterSecret(t.ctx), '', 'vbg session ids v1', 32);
    expect(rows[0].id).toBe(crypto.createHmac('sha256', Buffer.from(sessionKey)).update(token).digest('hex'));
    expect((await withToken(rows[0].id).get('/api/auth/user')).status).toBe(401);
  });

  it('rotates on login: a planted token is never adopted, and the previous account on the browser is signed out', async () => {
    await createAccount(t, 'member', 'victim@example.com');
    // Fixation: an attacker plants a cookie value, the victim signs in; the value stays worthless.
    const planted = 'planted-by-attacker-0123456789abcdefghijklmnopq';
    const victim = withToken(planted);
    expect((await victim.post('/api/login', { email: 'victim@example.com', password: PASSWORD })).status).toBe(200);
    expect(victim.cookies.get('vbg_session')).not.toBe(planted);
    expect((await withToken(planted).get('/api/auth/user')).status).toBe(401);

    // A shared browser: someone else signs in over a live session, which ends on the server.
    const previous = victim.cookies.get('vbg_session')!;
    await createAccount(t, 'nonMember', 'other@example.com');
    expect((await victim.post('/api/login', { email: 'other@example.com', password: PASSWORD })).status).toBe(200);
    expect((await withToken(previous).get('/api/auth/user')).status).toBe(401);
    expect((await victim.get('/api/auth/user')).json.email).toBe('other@example.com');
    expect(await sessionCount()).toBe(1);
  });

  it('rotates on register too: the session that was there before is ended', async () => {
    const { client } = await signedIn(t, 'member');
    const before = client.cookies.get('vbg_session')!;
    expect(
      (
        await client.post('/api/register', {
          email: 'fresh@example.com',
          password: 'secret-1',
          confirmPassword: 'secret-1',
          ...CONSENT,
        })
      ).status,
    ).toBe(201);
    expect(client.cookies.get('vbg_session')).not.toBe(before);
    expect((await withToken(before).get('/api/auth/user')).status).toBe(401);
  });

  it('an idle-expired or past-its-end session is deleted on the server, not only refused', async () => {
    const { client } = await signedIn(t, 'member');
    t.clock.advance(30 * MIN + 1000);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(await sessionCount()).toBe(0);
    // Turning the clock back cannot bring it back.
    t.clock.reset();
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('an idle session also loses member data, not only the account endpoint', async () => {
    const { client } = await signedIn(t, 'member');
    expect((await client.get('/api/daily-tips')).status).not.toBe(401);
    t.clock.advance(31 * MIN);
    expect((await client.get('/api/daily-tips')).status).toBe(401);
    expect((await client.get('/api/vbg-race-cards')).status).toBe(401);
  });

  it('logout ends this session only and clears the cookie; other devices stay signed in', async () => {
    const { client: phone } = await signedIn(t, 'member');
    const laptop = t.client();
    expect((await laptop.post('/api/login', { email: 'member@example.com', password: PASSWORD })).status).toBe(200);
    const res = await phone.post('/api/logout');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/vbg_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    // Logging out with no session, or a forged one, is harmless.
    expect((await t.client().post('/api/logout')).status).toBe(200);
    expect((await withToken('forged').post('/api/logout')).status).toBe(200);
    expect(await sessionCount()).toBe(1);
  });

  it('a password change signs out every other device, keeping this one', async () => {
    const { client: here } = await signedIn(t, 'member');
    const elsewhere = t.client();
    await elsewhere.post('/api/login', { email: 'member@example.com', password: PASSWORD });
    expect(
      (await here.post('/api/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-secret' })).status,
    ).toBe(200);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
  });

  it('the cookie: HttpOnly, SameSite=Lax, Path=/, 30 days, and not Secure over plain http (forwarded headers are not trusted by default)', async () => {
    await createAccount(t, 'member');
    const res = await t
      .client()
      .post('/api/login', { email: 'member@example.com', password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vbg_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
  });
});

describe('behind a load balancer (TRUST_PROXY=true)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());
  beforeEach(() => proxied.reset());

  it('marks the cookie Secure when the balancer says the visitor came over https', async () => {
    await createUser(proxied.ctx, { email: 'p@example.com', password: PASSWORD });
    const https = await proxied
      .client()
      .post('/api/login', { email: 'p@example.com', password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(https.status).toBe(200);
    expect(https.headers.getSetCookie().join()).toMatch(/vbg_session=[^;]+;.*; Secure/);
    const http = await proxied
      .client()
      .post('/api/login', { email: 'p@example.com', password: PASSWORD }, { 'x-forwarded-proto': 'http' });
    expect(http.headers.getSetCookie().join()).not.toMatch(/Secure/);
  });

  it('accepts a same-origin POST judged by the forwarded scheme, and still refuses another site', async () => {
    await createUser(proxied.ctx, { email: 'q@example.com', password: PASSWORD });
    const host = new URL(proxied.baseUrl).host;
    const same = await proxied
      .client()
      .post(
        '/api/login',
        { email: 'q@example.com', password: PASSWORD },
        { 'x-forwarded-proto': 'https', origin: `https://${host}` },
      );
    expect(same.status).toBe(200);
    const downgraded = await proxied
      .client()
      .post(
        '/api/login',
        { email: 'q@example.com', password: PASSWORD },
        { 'x-forwarded-proto': 'https', origin: `http://${host}` },
      );
    expect(downgraded.status).toBe(403);
  });

  it('throttles by the address the balancer saw: a forged X-Forwarded-For does not escape the address limit', async () => {
    await createUser(proxied.ctx, { email: 'real@example.com', password: PASSWORD });
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    // Many accounts tried from one address; each request forges a different client address in
    // front of the one the balancer appends.
    for (let i = 0; i < 51; i++) {
      const res = await proxied
        .client()
        .post(
          '/api/login',
          { email: `guess${i}@example.com`, password: 'wrong-pass' },
          { 'x-forwarded-for': `10.9.${i}.1, ${attacker}` },
        );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    const locked = await proxied
      .client()
      .post(
        '/api/login',
        { email: 'real@example.com', password: PASSWORD },
        { 'x-forwarded-for': `192.0.2.55, ${attacker}` },
      );
    expect(locked.status).toBe(429);
    // Someone else, at another address, is not locked out.
    const other = await proxied
      .client()
      .post('/api/login', { email: 'real@example.com', password: PASSWORD }, { 'x-forwarded-for': '198.51.100.9' });
    expect(other.status).toBe(200);
  }, 60_000);
});

describe('login throttling (beyond the ten-strikes lock in auth.test.ts)', () => {
  it('a successful sign-in clears the account count: failures must be consecutive to lock', async () => {
    await createAccount(t, 'member', 'slip@example.com');
    const attempt = (password: string) => t.client().post('/api/login', { email: 'slip@example.com', password });
    for (let i = 0; i < 9; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(`wrong-again-${i}`)).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
  });

  it('an unknown e-mail is throttled exactly like a real one (no account discovery by lock-out)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await t.client().post('/api/login', { email: 'ghost@example.com', password: `x-${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('a locked account stays locked for everyone until the lock ends, and the e-mail is matched case-blind', async () => {
    await createAccount(t, 'member', 'case@example.com');
    for (let i = 0; i < 10; i++)
      await t
        .client()
        .post('/api/login', { email: i % 2 ? 'CASE@example.com' : 'case@example.com', password: 'wrong-pass' });
    expect((await t.client().post('/api/login', { email: 'Case@Example.com', password: PASSWORD })).status).toBe(429);
    t.clock.advance(14 * MIN);
    expect((await t.client().post('/api/login', { email: 'case@example.com', password: PASSWORD })).status).toBe(429);
    t.clock.advance(2 * MIN);
    expect((await t.client().post('/api/login', { email: 'case@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('wrong current passwords on change-password lock too (a stolen session cannot guess the password)', async () => {
    const { client } = await signedIn(t, 'member');
    for (let i = 0; i < 10; i++)
      expect(
        (await client.post('/api/change-password', { currentPassword: `guess-${i}`, newPassword: 'taken-over' }))
          .status,
      ).toBe(400);
    expect(
      (await client.post('/api/change-password', { currentPassword: PASSWORD, newPassword: 'taken-over' })).status,
    ).toBe(429);
  });
});

describe('CSRF: state-changing requests from another site are refused', () => {
  it('every POST, PUT and DELETE route refuses another origin with the admin cookie, before its handler runs', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const writes = t.app.routeTable.filter(
      (r) => !['GET', 'HEAD'].includes(r.method) && r.url !== '/api/stripe/webhook',
    );
    expect(writes.map((r) => r.method)).toEqual(expect.arrayContaining(['POST', 'PUT', 'DELETE']));
    const settingsBefore = await t.ctx.db.select().from(settings);
    const usersBefore = await t.ctx.db.select().from(users);
    const sessionsBefore = await sessionCount();
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, (_m, p: string) =>
        p === 'weekday' ? 'monday' : p === 'day' ? 'today' : '1',
      );
      for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }] as Record<
        string,
        string
      >[]) {
        const res = await admin.request(
          route.method,
          url,
          route.method === 'DELETE' ? undefined : { openAccess: true },
          headers,
        );
        expect(res.status, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json).toMatchObject({ message: 'Cross-site request refused.' });
      }
    }
    expect(await t.ctx.db.select().from(settings)).toEqual(settingsBefore);
    expect(await t.ctx.db.select().from(users)).toEqual(usersBefore);
    expect(await sessionCount()).toBe(sessionsBefore); // a forged logout did not end the session
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses look-alike origins: null, another port, another scheme, a sub-domain, a broken Referer', async () => {
    const { client } = await signedIn(t, 'admin');
    const own = new URL(t.baseUrl);
    const lookAlikes: Record<string, string>[] = [
      { origin: 'null' },
      { origin: `http://${own.hostname}:${Number(own.port) + 1}` },
      { origin: `https://${own.host}` },
      { origin: `http://evil.${own.hostname}:${own.port}` },
      { origin: `${t.baseUrl}.evil.example` },
      { referer: 'not a url' },
      { referer: `http://evil.example/${own.host}` },
    ];
    for (const headers of lookAlikes) {
      const res = await client.request('POST', '/api/admin/settings', { openAccess: true }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await client.get('/api/admin/settings')).json).toEqual({ openAccess: false });
  });

  it("a cross-site login is refused (no signing a victim into the attacker's account)", async () => {
    await createAccount(t, 'member');
    const res = await t
      .client()
      .post('/api/login', { email: 'member@example.com', password: PASSWORD }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('allows same origin by Origin or Referer, and (as designed) a request with neither: a non-browser client', async () => {
    const { client } = await signedIn(t, 'admin');
    const put = (headers: Record<string, string>) =>
      client.request('POST', '/api/admin/settings', { openAccess: false }, headers);
    expect((await put({ origin: t.baseUrl })).status).toBe(200);
    expect((await put({ referer: `${t.baseUrl}/admin?tab=settings` })).status).toBe(200);
    expect((await put({})).status).toBe(200);
    // Reads are never refused for their origin (they change nothing).
    expect((await client.get('/api/admin/settings', { origin: 'https://evil.example' })).status).toBe(200);
  });

  it('PUT and DELETE from another origin leave the article untouched; from the same origin they work', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const created = await admin.post('/api/admin/news-and-views', {
      title: 'Keep Me',
      summary: 'S',
      content: '<p>Body</p>',
      category: 'news',
      contentType: 'regular',
      author: 'A',
      publishDate: '2025-03-10',
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const evil = { origin: 'https://evil.example' };
    expect((await admin.request('PUT', `/api/admin/news-and-views/${id}`, { title: 'Defaced' }, evil)).status).toBe(
      403,
    );
    expect((await admin.request('DELETE', `/api/admin/news-and-views/${id}`, undefined, evil)).status).toBe(403);
    expect((await admin.get(`/api/news-and-views/${created.json.slug}`)).json.title).toBe('Keep Me');
    expect(
      (await admin.request('PUT', `/api/admin/news-and-views/${id}`, { title: 'Renamed' }, { origin: t.baseUrl }))
        .status,
    ).toBe(200);
    expect(
      (await admin.request('DELETE', `/api/admin/news-and-views/${id}`, undefined, { origin: t.baseUrl })).status,
    ).toBe(200);
  });

  it('honours PUBLIC_URL as the site origin (a proxy rewriting Host)', async () => {
    const site = await startTestApp({ PUBLIC_URL: 'https://vbg.example' });
    try {
      await createUser(site.ctx, { email: 'pub@example.com', password: PASSWORD });
      const c = new HttpClient(site.baseUrl);
      expect(
        (
          await c.post(
            '/api/login',
            { email: 'pub@example.com', password: PASSWORD },
            { origin: 'https://vbg.example' },
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await c.post(
            '/api/login',
            { email: 'pub@example.com', password: PASSWORD },
            { origin: 'https://vbg.example.evil.example' },
          )
        ).status,
      ).toBe(403);
    } finally {
      await site.close();
    }
  });
});

describe('the users table is never changed by a refused request', () => {
  it('a visitor cannot make themselves a member by any admin route', async () => {
    const target = await createAccount(t, 'nonMember', 'climber@example.com');
    const { client } = await signedIn(t, 'nonMember', 'climber2@example.com');
    expect((await client.post(`/api/admin/members/${target.id}/grant`, { months: 12 })).status).toBe(403);
    expect((await t.client().post(`/api/admin/members/${target.id}/grant`, { months: 12 })).status).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row.subscriptionStatus).not.toBe('active');
  });
});

describe('security headers on every response', () => {
  it("pages carry the documents' CSP and browser protections; API answers and API errors a CSP that allows nothing; HSTS only on an https site", async () => {
    for (const path of ['/', '/news-and-views', '/no-such-page']) {
      const res = await t.client().get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("form-action 'self' https://checkout.stripe.com");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      // Pages' forms post without JavaScript: same-origin lets them carry their Origin, other sites get nothing.
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
    // Data, never a document: nothing may load or frame it (OWASP REST Security Cheat Sheet).
    for (const [path, status] of [
      ['/api/config', 200],
      ['/api/news-and-views', 200],
      ['/api/auth/user', 401],
      ['/api/daily-tips', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await t.client().get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
    const site = await startTestApp({ PUBLIC_URL: 'https://vbg.example' });
    try {
      const page = await new HttpClient(site.baseUrl).get('/');
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      const api = await new HttpClient(site.baseUrl).get('/api/config');
      expect(api.headers.get('strict-transport-security')).toBe(page.headers.get('strict-transport-security'));
    } finally {
      await site.close();
    }
  });
});
