import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '#server/app';
import { loadConfig } from '#server/env';
import { createUser } from '#server/features/auth/users';
import { safeUrl } from '#server/http/log';
import { HttpClient } from '../support/http-client';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('health and readiness', () => {
  it('/api/health answers while the process lives; /api/ready while it can serve', async () => {
    const health = await t.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.json.status).toBe('ok');
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await t.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', database: 'ok', migrations: 'applied', shuttingDown: false });
  });

  it('not ready (503) while draining, live all the same', async () => {
    t.state.shuttingDown = true;
    try {
      const ready = await t.client().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.json).toMatchObject({ status: 'not-ready', shuttingDown: true });
      expect((await t.client().get('/api/health')).status).toBe(200);
    } finally {
      t.state.shuttingDown = false;
    }
  });

  it('not ready (503) when the database does not answer or a migration is missing', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const down = await buildApp({
      config,
      database: { ...t.database, ping: () => Promise.reject(new Error('connection refused')) },
      logger: false,
    });
    const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not-ready', database: 'unreachable' });
    await down.app.close();

    // The newest migration's record removed (as if the schema were older than the code), then put back.
    const [last] = rows(
      await t.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const behind = await buildApp({ config, database: t.database, logger: false });
      const r = await behind.app.inject({ method: 'GET', url: '/api/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ status: 'not-ready', database: 'ok', migrations: 'pending' });
      await behind.app.close();
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function rows(result: any): any[] {
  return Array.isArray(result) ? result : result.rows;
}

describe('request logs', () => {
  it('are structured JSON and never carry passwords, e-mails, cookies, tokens or signatures', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false' });
    const database = await openTestDatabase();
    await resetDatabase(database);
    let app: App | undefined;
    try {
      app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
      const email = 'private.person@example.com';
      const password = 'Sup3r-secret-passw0rd';
      await createUser(app.ctx, { email, password, role: 'member' });
      const client = new HttpClient(base);
      expect((await client.post('/api/login', { email, password: 'wrong-Password-99' })).status).toBe(401);
      expect((await client.post('/api/login', { email, password })).status).toBe(200);
      const sessionToken = [...client.cookies.values()][0];
      expect(sessionToken).toBeTruthy();
      expect((await client.get('/api/auth/user', { authorization: 'Bearer AUTH-HEADER-SECRET-1' })).status).toBe(200);
      const signature = 't=1700000000,v1=deadbeefSIGNATURESECRET';
      const hook = await client.request('POST', '/api/stripe/webhook', '{"id":"evt_1"}', {
        'content-type': 'application/json',
        'stripe-signature': signature,
      });
      expect(hook.status).toBeLessThan(500);
      await client.get('/reset-password?token=RESET-TOKEN-SECRET-42');
      await client.get(`/api/admin/members?search=${encodeURIComponent(email)}`);
      await client.get('/api/checkout-session/cs_test_CHECKOUTSECRET');
      await client.post('/api/logout', {});
      // The logout's own line is written after its answer: wait for that line, not for a guessed time.
      await expect
        .poll(() => lines.some((l) => l.includes('"msg":"request completed"') && l.includes('"url":"/api/logout"')))
        .toBe(true);

      const log = lines.join('');
      const entries = lines
        .flatMap((l) => l.split('\n'))
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      // Structured: one JSON object per line, the request and its outcome tied by reqId.
      const completed = entries.filter((e) => e.msg === 'request completed');
      expect(completed.length).toBeGreaterThanOrEqual(8);
      const logins = completed.filter((e) => (e.req as { url: string }).url === '/api/login');
      expect(
        logins.map((e) => [(e.req as { method: string }).method, (e.res as { statusCode: number }).statusCode]),
      ).toEqual([
        ['POST', 401],
        ['POST', 200],
      ]);
      expect(new Set(completed.map((e) => e.reqId)).size).toBe(completed.length);
      expect(completed.every((e) => typeof e.responseTime === 'number')).toBe(true);

      for (const secret of [
        password,
        'wrong-Password-99',
        email,
        'private.person',
        sessionToken,
        'AUTH-HEADER-SECRET-1',
        'SIGNATURESECRET',
        'RESET-TOKEN-SECRET-42',
        'CHECKOUTSECRET',
      ]) {
        expect(log, `log contains ${secret}`).not.toContain(secret);
      }
      expect(log).not.toMatch(/argon2|\$argon/); // no password hash either
      expect(log).toContain('/reset-password?token=[redacted]');
    } finally {
      await app?.app.close();
      await database.close();
    }
  });

  it('safeUrl keeps the path and harmless parameters, masks secrets and addresses', () => {
    expect(safeUrl('/api/vbg-race-cards-metadata?t=123')).toBe('/api/vbg-race-cards-metadata?t=123');
    expect(safeUrl('/set-password?session_id=cs_1&x=2')).toBe('/set-password?session_id=[redacted]&x=2');
    expect(safeUrl('/api/admin/members?search=a.b%40c.com')).toBe('/api/admin/members?search=[email]');
    expect(safeUrl('/u/jo@example.co.uk/x')).toBe('/u/[email]/x');
    expect(safeUrl('/local-checkout/cs_local_abc/complete')).toBe('/local-checkout/[redacted]/complete');
  });
});
