import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { outbox } from '#server/db/schema';
import { signingKey, unsubscribeToken } from '#server/features/mail/links';
import { startTestApp, pgWorkerUrl, type TestApp } from '../support/test-app';
import { itOnPostgres } from '../support/databases';
import { signedIn } from '../support/users';

/**
 * The session cache (src/server/sessions/session-cache.ts): members' requests skip the
 * database, yet any change to a user or a session — by the app, or written straight into the
 * database — is seen by the next request. Across instances: tests/api/multi-instance.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MEMBER_ONLY = '/api/daily-tips';

/** Polls until the member-only address answers `status` (a trigger's notice arrives asynchronously). */
async function untilStatus(client: ReturnType<TestApp['client']>, status: number) {
  await expect.poll(async () => (await client.get(MEMBER_ONLY)).status, { timeout: 5_000, interval: 20 }).toBe(status);
}

describe('session cache', () => {
  it("serves a member's repeated requests without reading the session again", async () => {
    const { client } = await signedIn(t, 'member');
    expect((await client.get(MEMBER_ONLY)).status).toBe(200);
    const hits = t.ctx.sessions.stats.hits;
    for (let i = 0; i < 5; i++) expect((await client.get(MEMBER_ONLY)).status).toBe(200);
    expect(t.ctx.sessions.stats.hits).toBe(hits + 5);
  });

  it('many members signing in at once each get their own account (lookups are batched into shared queries)', async () => {
    const members = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signedIn(t, 'member', `crowd${i}@example.com`)),
    );
    t.ctx.sessions.clear(); // every first request below is a lookup, all in the same moment
    const answers = await Promise.all(members.map(({ client }) => client.get('/api/auth/user')));
    expect(answers.map((a) => a.status)).toEqual(members.map(() => 200));
    expect(answers.map((a) => a.json.email)).toEqual(members.map((_, i) => `crowd${i}@example.com`));
    // An unknown cookie in the same batch is simply signed out.
    const stranger = t.client();
    stranger.cookies.set('vbg_session', 'not-a-session');
    const [mine, theirs] = await Promise.all([members[0].client.get('/api/auth/user'), stranger.get('/api/auth/user')]);
    expect(mine.json.email).toBe('crowd0@example.com');
    expect(theirs.status).toBe(401);
  });

  it('a change written straight into the database (no app code) reaches the next requests', async () => {
    const { client, user } = await signedIn(t, 'member');
    expect((await client.get(MEMBER_ONLY)).status).toBe(200);
    await t.database.db.execute(
      sql`update users set subscription_status = 'canceled', subscription_end_date = now() - interval '1 day' where id = ${user.id}`,
    );
    await untilStatus(client, 403);
    await t.database.db.execute(sql`update users set role = 'admin' where id = ${user.id}`);
    await untilStatus(client, 200);
    await t.database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    await untilStatus(client, 401);
  });

  it("another member's change leaves this member's cached session in place", async () => {
    const { client: a } = await signedIn(t, 'member', 'a@example.com');
    const { user: b } = await signedIn(t, 'member', 'b@example.com');
    expect((await a.get(MEMBER_ONLY)).status).toBe(200);
    const forgets = t.ctx.sessions.stats.forgets;
    await t.database.db.execute(sql`update users set email_opt_out = true where id = ${b.id}`);
    await expect.poll(() => t.ctx.sessions.stats.forgets, { timeout: 5_000, interval: 20 }).toBeGreaterThan(forgets);
    const hits = t.ctx.sessions.stats.hits;
    expect((await a.get(MEMBER_ONLY)).status).toBe(200);
    expect(t.ctx.sessions.stats.hits).toBe(hits + 1);
  });

  it("an admin's write is in force for the member's very next request, even before (or without) the notice", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const member = await signedIn(t, 'nonMember', 'family@example.com');
    // Unsubscribed from notices: only this instance's own clearing on a write can keep it right.
    await t.ctx.sessions.stop();
    try {
      expect((await member.client.get(MEMBER_ONLY)).status).toBe(403);
      expect((await admin.post(`/api/admin/members/${member.user.id}/grant`, { type: 'family' })).status).toBe(200);
      expect((await member.client.get(MEMBER_ONLY)).status).toBe(200);
      const hits = t.ctx.sessions.stats.hits;
      expect((await member.client.get(MEMBER_ONLY)).status).toBe(200);
      expect(t.ctx.sessions.stats.hits).toBe(hits + 1); // cached, so the next answer is a real test
      expect((await admin.post(`/api/admin/members/${member.user.id}/revoke`, {})).status).toBe(200);
      expect((await member.client.get(MEMBER_ONLY)).status).toBe(403);
    } finally {
      await t.ctx.sessions.start();
    }
  });

  describe("a member's write forgets that member's cached sessions only", () => {
    // Unsubscribed from notices: only what the write itself forgets on this instance is seen.
    beforeEach(() => t.ctx.sessions.stop());
    afterEach(() => t.ctx.sessions.start());

    /** Whether the next request of `client` is answered from the session cache (it is made). */
    async function servedFromCache(client: ReturnType<TestApp['client']>) {
      const hits = t.ctx.sessions.stats.hits;
      expect((await client.get(MEMBER_ONLY)).status).toBe(200);
      return t.ctx.sessions.stats.hits > hits;
    }

    type Member = Awaited<ReturnType<typeof signedIn>>;
    /** Makes a request as each, so each is cached. */
    async function cache(...members: Member[]) {
      for (const { client } of members) await client.get(MEMBER_ONLY);
      for (const { client } of members) expect(await servedFromCache(client)).toBe(true);
    }

    /** Signs these in (each sign-in is a write by no one yet), then caches them. */
    async function cachedMembers(...emails: string[]) {
      const members: Member[] = [];
      for (const email of emails)
        members.push(await signedIn(t, email.startsWith('admin') ? 'admin' : 'member', email));
      await cache(...members);
      return members;
    }

    it.each([
      ['changing their e-mail preference', 'PUT', '/api/email-preference', { emailOptOut: true }, 'emailOptOut', true],
      ['pausing their e-mails', 'POST', '/api/my-email-pause', { days: 7 }, 'emailPausedUntil', expect.any(String)],
    ])(
      '%s: the other member stays cached, the writer reads the change at once',
      async (_, method, path, body, field, value) => {
        const [a, b] = await cachedMembers('a@example.com', 'b@example.com');

        expect((await a.client.request(method, path, body)).status).toBe(200);

        expect(await servedFromCache(b.client)).toBe(true);
        expect(await servedFromCache(a.client)).toBe(false);
        expect((await a.client.get('/api/auth/user')).json[field]).toEqual(value);
        expect((await b.client.get('/api/auth/user')).json).toMatchObject({
          emailOptOut: false,
          emailPausedUntil: null,
        });
      },
    );

    it("a reset link used while signed in as someone else ends the link's account's sessions at once", async () => {
      const [a, b, c] = await cachedMembers('a@example.com', 'b@example.com', 'c@example.com');
      expect((await t.client().post('/api/forgot-password', { email: 'a@example.com' })).status).toBe(200);
      const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'a@example.com'));
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      await cache(a, b, c); // asking for the link was a write by no one: it forgot everyone

      const reset = await b.client.post('/api/reset-password', { token, password: 'a-brand-new-pass-1' });
      expect(reset.status).toBe(200);
      expect((await a.client.get(MEMBER_ONLY)).status).toBe(401);
      expect(await servedFromCache(c.client)).toBe(true);
    });

    it("an unsubscribe link used while signed in as someone else is read by the link's account at once", async () => {
      const [a, b] = await cachedMembers('a@example.com', 'b@example.com');
      const token = unsubscribeToken(await signingKey(t.ctx), a.user.id);
      expect((await b.client.post('/api/unsubscribe', { token })).status).toBe(200);
      expect((await a.client.get('/api/auth/user')).json.emailOptOut).toBe(true);
    });

    it("an administrator's write or a write by no one signed in still forgets every cached session", async () => {
      const [a, admin] = await cachedMembers('a@example.com', 'admin@example.com');
      expect((await admin.client.put('/api/email-preference', { emailOptOut: true })).status).toBe(200);
      expect(await servedFromCache(a.client)).toBe(false);
      expect(await servedFromCache(a.client)).toBe(true);
      expect((await t.client().post('/api/logout', {})).status).toBe(200);
      expect(await servedFromCache(a.client)).toBe(false);
    });
  });

  it('a signed-out cookie is refused at once, though it was cached a moment before', async () => {
    const { client } = await signedIn(t, 'member');
    const cookies = new Map(client.cookies);
    expect((await client.get(MEMBER_ONLY)).status).toBe(200);
    expect((await client.post('/api/logout', {})).status).toBe(200);
    const replay = t.client();
    replay.cookies = cookies;
    expect((await replay.get(MEMBER_ONLY)).status).toBe(401);
  });

  itOnPostgres(
    'when the listening connection is cut, both caches are dropped, it reconnects, and notices work after',
    async () => {
      const { client, user } = await signedIn(t, 'member');
      expect((await client.get(MEMBER_ONLY)).status).toBe(200);
      const admin = new pg.Client({ connectionString: pgWorkerUrl() });
      await admin.connect();
      try {
        const sessionForgets = t.ctx.sessions.stats.forgets;
        const cacheDrops = t.ctx.cache.stats.drops;
        const cut = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'vbg-listener' and datname = current_database() and pid <> pg_backend_pid()`,
        );
        expect(cut.rowCount).toBeGreaterThan(0);
        await expect.poll(() => t.database.isListening(), { timeout: 5_000, interval: 5 }).toBe(false);
        // A notice may have been lost with the connection: both caches forgot everything.
        expect(t.ctx.sessions.stats.forgets).toBeGreaterThan(sessionForgets);
        expect(t.ctx.cache.stats.drops).toBeGreaterThan(cacheDrops);
        await expect.poll(() => t.database.isListening(), { timeout: 10_000, interval: 20 }).toBe(true);
        expect((await client.get(MEMBER_ONLY)).status).toBe(200);
        await admin.query(
          `update users set subscription_status = 'canceled', subscription_end_date = now() - interval '1 day' where id = $1`,
          [user.id],
        );
        await untilStatus(client, 403);
      } finally {
        await admin.end();
      }
    },
  );
});
