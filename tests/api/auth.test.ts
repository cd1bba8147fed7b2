import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { createUser } from '#server/features/auth/users';
import { sessions } from '#server/db/schema';
import { CONSENT } from '../support/consent';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MIN = 60_000;

describe('sign-in and sessions', () => {
  it('signs in with a fresh HttpOnly SameSite=Lax session cookie and reports the user', async () => {
    await createUser(t.ctx, { email: 'Jo@Example.com', password: PASSWORD });
    const c = t.client();
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const res = await c.post('/api/login', { email: 'jo@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      user: { email: 'jo@example.com', role: 'member', isSubscribed: false },
    });
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/vbg_session=[A-Za-z0-9_-]{43}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(Object.keys(me.json).sort()).toEqual(
      [
        'cancelAtPeriodEnd',
        'email',
        'emailOptOut',
        'graceUntil',
        'emailPausedUntil',
        'hasMemberAccess',
        'id',
        'isSubscribed',
        'oddsFormat',
        'paymentFailedAt',
        'role',
        'subscriptionEndDate',
        'subscriptionStartDate',
        'subscriptionStatus',
        'subscriptionType',
      ].sort(),
    );
    expect(me.text).not.toMatch(/argon2|passwordHash/);
  });

  it('issues a new session id at each sign-in and drops the old one', async () => {
    await createUser(t.ctx, { email: 'a@example.com', password: PASSWORD });
    const c = t.client();
    await c.post('/api/login', { email: 'a@example.com', password: PASSWORD });
    const first = c.cookies.get('vbg_session')!;
    await c.post('/api/login', { email: 'a@example.com', password: PASSWORD });
    const second = c.cookies.get('vbg_session')!;
    expect(second).not.toBe(first);
    const stale = t.client();
    stale.cookies.set('vbg_session', first);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 message', async () => {
    await createUser(t.ctx, { email: 'b@example.com', password: PASSWORD });
    const wrong = await t.client().post('/api/login', { email: 'b@example.com', password: 'nope-nope' });
    const unknown = await t.client().post('/api/login', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('logs out: the session is deleted on the server, not only the cookie', async () => {
    const { client } = await signedIn(t, 'member');
    const token = client.cookies.get('vbg_session')!;
    const out = await client.post('/api/logout');
    expect(out.status).toBe(200);
    // The browser is told to drop the cookie it holds: same name, path and flags, expired now.
    const cleared = out.headers.getSetCookie();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/^vbg_session=;/);
    expect(cleared[0]).toMatch(/; Max-Age=0(;|$)/);
    expect(cleared[0]).toMatch(/; Expires=Thu, 01 Jan 1970 00:00:00 GMT(;|$)/);
    expect(cleared[0]).toMatch(/; Path=\/(;|$)/);
    expect(cleared[0]).toMatch(/; HttpOnly(;|$)/);
    expect(cleared[0]).toMatch(/; SameSite=Lax(;|$)/);
    expect(client.cookies.has('vbg_session')).toBe(false);
    const replay = t.client();
    replay.cookies.set('vbg_session', token);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  it('expires after 30 idle minutes, slides while used, and ends after 30 days regardless', async () => {
    const { client } = await signedIn(t, 'member');
    t.clock.advance(25 * MIN);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    t.clock.advance(25 * MIN); // 50 minutes since sign-in, 25 since last use
    expect((await client.get('/api/auth/user')).status).toBe(200);
    t.clock.advance(31 * MIN);
    expect((await client.get('/api/auth/user')).status).toBe(401);

    // Absolute end: even a session in constant use ends 30 days after sign-in.
    const again = await signedIn(t, 'admin');
    const keepFresh = () => t.ctx.db.update(sessions).set({ lastSeenAt: new Date(t.clock.now().getTime() - MIN) });
    t.clock.advance(29 * 24 * 60 * MIN);
    await keepFresh();
    expect((await again.client.get('/api/auth/user')).status).toBe(200);
    t.clock.advance(24 * 60 * MIN);
    await keepFresh();
    expect((await again.client.get('/api/auth/user')).status).toBe(401);
  });

  it('throttles repeated wrong passwords with 429, even for the right password while locked', async () => {
    await createUser(t.ctx, { email: 'c@example.com', password: PASSWORD });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await t.client().post('/api/login', { email: 'c@example.com', password: `wrong-${i}` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const locked = await t.client().post('/api/login', { email: 'c@example.com', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Too many sign-in attempts/);
    t.clock.advance(16 * MIN);
    expect((await t.client().post('/api/login', { email: 'c@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://vbg.example' });
    try {
      await createUser(secure.ctx, { email: 's@example.com', password: PASSWORD });
      const res = await secure.client().post('/api/login', { email: 's@example.com', password: PASSWORD });
      expect(res.headers.getSetCookie().join()).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('change password and register', () => {
  it('checks the current password, then only the new one works', async () => {
    const { client } = await signedIn(t, 'member', 'd@example.com');
    const bad = await client.post('/api/change-password', { currentPassword: 'not-it', newPassword: 'brand-new-pw' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Current password is incorrect');
    const short = await client.post('/api/change-password', { currentPassword: PASSWORD, newPassword: '12345' });
    expect(short.status).toBe(400);
    const ok = await client.post('/api/change-password', { currentPassword: PASSWORD, newPassword: 'brand-new-pw' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await t.client().post('/api/login', { email: 'd@example.com', password: PASSWORD })).status).toBe(401);
    expect((await t.client().post('/api/login', { email: 'd@example.com', password: 'brand-new-pw' })).status).toBe(
      200,
    );
  });

  it('registers a free account, signs it in, and refuses a taken e-mail without changing it', async () => {
    const c = t.client();
    const res = await c.post('/api/register', {
      email: 'New@Example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      ...CONSENT,
    });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: 'new@example.com', isSubscribed: false, hasMemberAccess: false });
    expect((await c.get('/api/auth/user')).json.email).toBe('new@example.com');
    const again = await t
      .client()
      .post('/api/register', { email: 'new@example.com', password: 'other-pass', ...CONSENT });
    expect(again.status).toBe(409);
    expect((await t.client().post('/api/login', { email: 'new@example.com', password: 'other-pass' })).status).toBe(
      401,
    );
    const mismatch = await t
      .client()
      .post('/api/register', { email: 'x@example.com', password: 'secret1', confirmPassword: 'secret2', ...CONSENT });
    expect(mismatch.status).toBe(400);
    expect(
      (await t.client().post('/api/register', { email: 'not-an-email', password: 'secret1', ...CONSENT })).status,
    ).toBe(400);
  });
});

describe('access rule', () => {
  it('admin settings: 401 signed out, 403 for members, 200 for admins', async () => {
    expect((await t.client().get('/api/admin/settings')).status).toBe(401);
    const member = await signedIn(t, 'member');
    expect((await member.client.get('/api/admin/settings')).status).toBe(403);
    expect((await member.client.post('/api/admin/settings', { openAccess: true })).status).toBe(403);
    const admin = await signedIn(t, 'admin');
    const res = await admin.client.get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ openAccess: false });
  });

  it('open access gives a signed-in non-member member access; turning it off takes it away', async () => {
    const nonMember = await signedIn(t, 'nonMember');
    const admin = await signedIn(t, 'admin');
    expect((await nonMember.client.get('/api/auth/user')).json.hasMemberAccess).toBe(false);
    expect((await admin.client.post('/api/admin/settings', { openAccess: true })).status).toBe(200);
    expect((await nonMember.client.get('/api/auth/user')).json.hasMemberAccess).toBe(true);
    await admin.client.post('/api/admin/settings', { openAccess: false });
    expect((await nonMember.client.get('/api/auth/user')).json.hasMemberAccess).toBe(false);
    expect((await admin.client.post('/api/admin/settings', { openAccess: 'yes' })).status).toBe(400);
  });

  it('a member with a lapsed subscription loses member access when the period ends', async () => {
    const member = await signedIn(t, 'member');
    expect((await member.client.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: true,
      hasMemberAccess: true,
    });
    t.clock.advance(31 * 86400_000);
    const again = await t.client().post('/api/login', { email: 'member@example.com', password: PASSWORD });
    expect(again.json.user).toMatchObject({ isSubscribed: false, hasMemberAccess: false });
  });
});

describe('bad input and protocol', () => {
  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const { client } = await signedIn(t, 'member', 'e@example.com');
    const res = await client.post(
      '/api/change-password',
      { currentPassword: PASSWORD, newPassword: 'hijacked' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const viaReferer = await client.post(
      '/api/change-password',
      { currentPassword: PASSWORD, newPassword: 'hijacked' },
      { referer: 'https://evil.example/page' },
    );
    expect(viaReferer.status).toBe(403);
    expect((await t.client().post('/api/login', { email: 'e@example.com', password: PASSWORD })).status).toBe(200);
    const same = await client.post(
      '/api/change-password',
      { currentPassword: PASSWORD, newPassword: 'fine-change' },
      { origin: t.baseUrl },
    );
    expect(same.status).toBe(200);
  });

  it('answers malformed JSON with 400, an unknown API path with JSON 404, an oversized body with 413', async () => {
    const c = t.client();
    const bad = await c.request('POST', '/api/login', '{"email": ', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'The request body is not valid JSON.' });
    const unknown = await c.get('/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(unknown.json.message).toMatch(/Not found/);
    const big = await c.request(
      'POST',
      '/api/login',
      JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      { 'content-type': 'application/json' },
    );
    expect(big.status).toBe(413);
    expect(big.json.message).toBe('The request is too large.');
  });

  it('serves the page shell with 404 for unknown pages and 200 for known ones, and reports health', async () => {
    const c = t.client();
    expect((await c.get('/about')).status).toBe(200);
    expect((await c.get('/resources/vb-ratings-guide')).status).toBe(200);
    expect((await c.get('/tips/2026-01-01')).status).toBe(404); // a past day without tips
    const missing = await c.get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    expect(missing.text).toMatch(/<meta name="vbg-config"/);
    const health = await c.get('/healthz');
    expect(health.json).toEqual({ status: 'ok', database: 'ok' });
  });
});
