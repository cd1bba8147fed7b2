import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  localPayments,
  loginThrottle,
  memberBets,
  outbox,
  sessions,
  subscriptionEvents,
  users,
} from '#server/db/schema';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import type { TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { CONSENT, JOINING } from '../support/consent';

/**
 * Erasure (UK GDPR) with the money records the law keeps: DELETE /api/my-account, confirmed with
 * the password, ends a live Stripe subscription at once (through the fake Stripe), erases the
 * person's data, keeps the financial history, ends every session and clears the cookie.
 */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const PASS = 'member-pass-1';
const DELETED =
  'Your account has been deleted and you have been signed out. We keep the records of your payments (amounts, dates and payment references, with no contact details) for 6 years, as HMRC requires; everything else about you has been erased.';
const WRONG = 'Your password is incorrect. Your account has not been deleted.';

/** The whole purchase over HTTP: checkout, pay at (fake) Stripe, webhook, set password (signs in). */
async function stripeMember(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const sessionId = String(res.json.url).split('/').pop()!;
  const paid = fake.completeCheckout(sessionId, { amountTotal: 1200 });
  await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session));
  const browser = t.client();
  expect((await browser.post('/api/set-password', { session_id: sessionId, password: PASS })).status).toBe(200);
  const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return { browser, user, sessionId, ...paid };
}

const deleteAccount = (client: ReturnType<TestApp['client']>, body: unknown) =>
  client.request('DELETE', '/api/my-account', body);

/** Every row of the tables that could hold a person's address, as text. */
async function everything() {
  const rows = await Promise.all(
    [users, outbox, checkoutSessions, loginThrottle, localPayments, subscriptionEvents, sessions, memberBets].map(
      (table) => t.ctx.db.select().from(table),
    ),
  );
  return JSON.stringify(rows);
}

async function bet(userId: number, horseName: string) {
  await t.ctx.db.insert(memberBets).values({
    userId,
    raceDate: '2026-11-20',
    raceTime: '14:10',
    course: 'Ascot',
    horseName,
    price: '5/1',
    stakePence: 500,
  });
}

describe('DELETE /api/my-account', () => {
  it('a wrong or missing password is refused and changes nothing', async () => {
    const { browser, user, subscriptionId } = await stripeMember('ann@example.com');
    await bet(user.id, 'Ann Star');
    const before = await everything();

    const wrong = await deleteAccount(browser, { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ message: WRONG });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const missing = await deleteAccount(browser, {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Enter your password to delete your account.');

    // Only the failed-attempt count moved; the subscription was never touched.
    const after = JSON.parse(await everything()) as unknown[][];
    const expected = JSON.parse(before) as unknown[][];
    expect(after.filter((_, i) => i !== 3)).toEqual(expected.filter((_, i) => i !== 3));
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
    expect((await browser.get('/api/auth/user')).json).toMatchObject({ email: 'ann@example.com', isSubscribed: true });
  });

  it('ends the Stripe subscription now, erases the person, keeps the payment records, and signs them out everywhere', async () => {
    const { browser, user, subscriptionId, customerId, sessionId } = await stripeMember('ann@example.com');
    const other = t.client();
    expect((await other.post('/api/login', { email: 'ann@example.com', password: PASS })).status).toBe(200);
    await bet(user.id, 'Ann Star');
    expect((await t.client().post('/api/forgot-password', { email: 'ann@example.com' })).status).toBe(200);
    // Someone else, who must be left exactly as they are.
    const { user: bob } = await signedIn(t, 'member', 'bob@example.com');
    await bet(bob.id, 'Bob Moon');
    expect((await t.client().post('/api/forgot-password', { email: 'bob@example.com' })).status).toBe(200);
    const annMail = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'ann@example.com'));
    expect(annMail.map((m) => m.kind).sort()).toEqual(['password-reset', 'welcome']);

    const res = await deleteAccount(browser, { password: PASS });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: DELETED });
    expect(res.headers.getSetCookie().join()).toMatch(/vbg_session=;.*Max-Age=0/);

    // Stripe: cancelled now (DELETE), not at the period's end.
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');

    // Nothing personal left: no address anywhere, no password, bets, sessions or e-mail bodies.
    expect(await everything()).not.toContain('ann@example.com');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      passwordHash: null,
      emailOptOut: true,
      ageConfirmedAt: null,
      termsAcceptedAt: null,
      termsVersion: null,
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
      // The provider's references stay as the key to the payment records Stripe and HMRC keep.
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscriptionId,
    });
    expect(await t.ctx.db.select().from(memberBets).where(eq(memberBets.userId, user.id))).toEqual([]);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const erasedMail = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `deleted-${user.id}@invalid`));
    expect(erasedMail).toHaveLength(2);
    for (const m of erasedMail)
      expect(m).toMatchObject({
        html: '',
        text: '',
        headers: null,
        status: 'failed',
        lastError: 'Not sent: the account was deleted.',
      });

    // Kept: the checkout's amount and consent times, the history with amounts and references, and the end.
    const [checkout] = await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(checkout).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      amountPence: 1200,
      status: 'complete',
      stripeSubscriptionId: subscriptionId,
    });
    const events = await t.ctx.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, user.id))
      .orderBy(subscriptionEvents.id);
    expect(events.map((e) => [e.type, e.reason, e.amountPence, e.providerRef])).toEqual([
      ['joined', null, 1200, sessionId],
      ['ended', 'account_deleted', null, subscriptionId],
    ]);

    // Signed out on every device; the old password opens nothing.
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: 'ann@example.com', password: PASS })).status).toBe(401);

    // Bob is untouched.
    expect(await t.ctx.db.select({ horse: memberBets.horseName }).from(memberBets)).toEqual([{ horse: 'Bob Moon' }]);
    expect((await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'bob@example.com')))[0]).toMatchObject({
      status: 'queued',
      kind: 'password-reset',
    });
    expect((await t.ctx.db.select().from(users).where(eq(users.id, bob.id)))[0].email).toBe('bob@example.com');

    // Stripe's own later notice of the end changes nothing personal back; the address is free to join again.
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0].email).toBe(
      `deleted-${user.id}@invalid`,
    );
    const again = await t
      .client()
      .post('/api/register', { email: 'ann@example.com', password: 'a-new-start-1', ...CONSENT });
    expect(again.status).toBe(201);
    expect(again.json.user).toMatchObject({ email: 'ann@example.com', isSubscribed: false });
    // The erased account is nobody's membership: the admin's list leaves it out.
    const { client: admin } = await signedIn(t, 'admin');
    expect((await admin.get('/api/admin/members')).json.members.map((m: { email: string }) => m.email)).not.toContain(
      `deleted-${user.id}@invalid`,
    );
  });

  it('a granted membership or a free account is deleted without calling the provider', async () => {
    const { client, user } = await signedIn(t, 'nonMember', 'fam@example.com');
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionType: 'family' })
      .where(eq(users.id, user.id));
    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(200);
    expect(fake.requests).toEqual([]);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      subscriptionStatus: 'canceled',
    });
    expect(await t.ctx.db.select().from(subscriptionEvents)).toEqual([]);

    const free = await signedIn(t, 'nonMember', 'free@example.com');
    expect((await deleteAccount(free.client, { password: PASSWORD })).status).toBe(200);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, free.user.id)))[0]).toMatchObject({
      email: `deleted-${free.user.id}@invalid`,
      subscriptionStatus: 'none',
    });
  });

  it('is throttled like a sign-in: after 10 wrong passwords even the right one waits', async () => {
    const { client, user } = await signedIn(t, 'member', 'guess@example.com');
    for (let i = 0; i < 10; i++) expect((await deleteAccount(client, { password: `guess-${i}` })).status).toBe(400);
    const locked = await deleteAccount(client, { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0].email).toBe('guess@example.com');
  });

  it('an administrator cannot delete itself; signed out is 401', async () => {
    const { client, user } = await signedIn(t, 'admin');
    const res = await deleteAccount(client, { password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/administrator account cannot delete itself/);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0].email).toBe('admin@example.com');
    expect((await deleteAccount(t.client(), { password: PASSWORD })).status).toBe(401);
  });
});
