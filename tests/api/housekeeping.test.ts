import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, loginThrottle, passwordResetTokens, sessions } from '#server/db/schema';
import { CHECKOUT_LIFETIME_MS } from '#server/features/billing/expire-stale-checkouts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '#server/sessions/sessions';
import { runHousekeeping } from '#server/features/housekeeping/housekeeping';
import { startTestApp, type TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';
import { JOINING } from '../support/consent';

/** What can no longer be used is deleted on a timer (docs/decisions/0021). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);
const ids = async (table: typeof sessions | typeof passwordResetTokens) =>
  (await t.ctx.db.select().from(table)).map((r) => ('id' in r ? r.id : r.tokenHash)).sort();

describe('runHousekeeping', () => {
  it('deletes ended sessions (idle too long, past their absolute end) and keeps live ones, which still work', async () => {
    const { client, user } = await signedIn(t, 'member');
    const minute = 60_000;
    await t.ctx.db.insert(sessions).values([
      {
        id: 'idle-ended',
        userId: user.id,
        createdAt: ago(SESSION_IDLE_MS + 5 * minute),
        lastSeenAt: ago(SESSION_IDLE_MS + minute),
        expiresAt: ago(-SESSION_ABSOLUTE_MS),
      },
      {
        id: 'past-end',
        userId: user.id,
        createdAt: ago(SESSION_ABSOLUTE_MS + minute),
        lastSeenAt: ago(minute),
        expiresAt: ago(1),
      },
      {
        id: 'still-idle-ok',
        userId: user.id,
        createdAt: ago(SESSION_IDLE_MS),
        lastSeenAt: ago(SESSION_IDLE_MS - minute),
        expiresAt: ago(-minute),
      },
    ]);
    const counts = await runHousekeeping(t.ctx);
    expect(counts.sessions).toBe(2);
    const left = await ids(sessions);
    expect(left).toContain('still-idle-ok');
    expect(left).not.toContain('idle-ended');
    expect(left).not.toContain('past-end');
    expect(left).toHaveLength(2); // the signed-in member's own session and the one still live
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('deletes used and expired reset tokens and keeps a live one', async () => {
    const user = await createAccount(t, 'member');
    await t.ctx.db.insert(passwordResetTokens).values([
      { tokenHash: 'used', userId: user.id, expiresAt: ago(-30 * 60_000), usedAt: ago(60_000) },
      { tokenHash: 'expired', userId: user.id, expiresAt: ago(1) },
      { tokenHash: 'live', userId: user.id, expiresAt: ago(-30 * 60_000) },
    ]);
    expect((await runHousekeeping(t.ctx)).resetTokens).toBe(2);
    expect(await ids(passwordResetTokens)).toEqual(['live']);
  });

  it('forgets sign-in counts whose 15-minute window is over, unless a lock still runs', async () => {
    const minute = 60_000;
    await t.ctx.db.insert(loginThrottle).values([
      { key: 'acct:old@example.com', failures: 3, windowStart: ago(16 * minute) },
      { key: 'ip:203.0.113.9', failures: 50, windowStart: ago(20 * minute), lockedUntil: ago(minute) },
      { key: 'acct:locked@example.com', failures: 10, windowStart: ago(20 * minute), lockedUntil: ago(-5 * minute) },
      { key: 'acct:recent@example.com', failures: 2, windowStart: ago(14 * minute) },
    ]);
    expect((await runHousekeeping(t.ctx)).throttleCounts).toBe(2);
    expect((await t.ctx.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key).sort()).toEqual([
      'acct:locked@example.com',
      'acct:recent@example.com',
    ]);
  });

  it('clears a backlog larger than one batch in one pass', async () => {
    const user = await createAccount(t, 'member');
    const old = ago(SESSION_ABSOLUTE_MS + 1);
    await t.ctx.db.execute(sql`insert into sessions (id, user_id, created_at, last_seen_at, expires_at)
      select 'old-' || g, ${user.id}, ${old}, ${old}, ${old} from generate_series(1, 12000) g`);
    expect((await runHousekeeping(t.ctx)).sessions).toBe(12_000);
    expect(await ids(sessions)).toEqual([]);
  });
});

describe('unpaid checkouts', () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  async function startCheckout(email: string) {
    const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
    expect(res.status, res.text).toBe(200);
    const path = new URL(res.json.url).pathname;
    return { path, id: path.split('/').pop()! };
  }
  const statusOf = async (id: string) =>
    (await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0].status;

  it('a checkout left unpaid for a day is expired and can no longer be paid; a younger one stays open', async () => {
    const old = await startCheckout('old@example.com');
    t.clock.advance(2 * 3600_000);
    const young = await startCheckout('young@example.com');
    t.clock.advance(CHECKOUT_LIFETIME_MS - 3600_000); // old: 25 h, young: 23 h
    expect((await runHousekeeping(t.ctx)).checkouts).toBe(1);
    expect(await statusOf(old.id)).toBe('expired');
    expect(await statusOf(young.id)).toBe('open');
    const pay = await t.client().request('POST', `${old.path}/complete`, '', { ...FORM, origin: t.baseUrl });
    expect(pay.status).not.toBe(303);
    expect(await statusOf(old.id)).toBe('expired');
    const paidYoung = await t.client().request('POST', `${young.path}/complete`, '', { ...FORM, origin: t.baseUrl });
    expect(paidYoung.status).toBe(303);
  });
});

describe('the housekeeping timer', () => {
  it('runs by itself on a running instance', async () => {
    const timed = await startTestApp({}, { housekeepingEveryMs: 100 });
    try {
      const user = await createAccount(timed, 'member', 'timer@example.com');
      await timed.ctx.db.insert(sessions).values({
        id: 'ended',
        userId: user.id,
        createdAt: ago(SESSION_ABSOLUTE_MS),
        lastSeenAt: ago(SESSION_IDLE_MS * 2),
        expiresAt: ago(1),
      });
      await expect.poll(async () => (await timed.ctx.db.select().from(sessions)).length, { timeout: 10_000 }).toBe(0);
    } finally {
      await timed.close();
    }
  });
});
