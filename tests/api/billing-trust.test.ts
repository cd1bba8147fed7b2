import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, outbox, users } from '#server/db/schema';
import { createUser } from '#server/features/auth/users';
import type { TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/** The post-payment password step and one live subscription per account, with the real Stripe SDK against the fake Stripe API (docs/decisions/0018). */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const HOUR = 3600_000;
const sessionIdOf = (url: string) => String(url).split('/').pop()!;

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

async function startCheckout(email: string, client = t.client()) {
  const res = await client.post('/api/create-checkout-session', { email, ...JOINING });
  expect(res.status).toBe(200);
  return sessionIdOf(res.json.url);
}

/** Pays a session at the fake and delivers Stripe's checkout.session.completed. */
async function pay(sessionId: string, amountTotal = 1600) {
  const paid = fake.completeCheckout(sessionId, { amountTotal });
  expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
  return paid;
}

/** Subscriptions at Stripe that will charge again. */
const renewing = () =>
  [...fake.subscriptions.values()].filter((s) => s.status !== 'canceled' && !s.cancel_at_period_end);

describe('the post-payment password step', () => {
  it("a signed-in buyer's payment has no password step: the session id signs nobody in and changes no password", async () => {
    const owner = await signedIn(t, 'nonMember', 'owner@example.com');
    const sessionId = await startCheckout('ignored@example.com', owner.client);
    await pay(sessionId);

    const stranger = t.client(); // the success URL from browser history, or a forwarded link
    const set = await stranger.post('/api/set-password', { session_id: sessionId, password: 'taken-over-1' });
    expect(set.status).toBe(409);
    expect(set.json.message).toMatch(/existing account.*sign in/i);
    expect((await stranger.get('/api/auth/user')).status).toBe(401);
    const lookup = await stranger.get(`/api/checkout-session/${sessionId}`);
    expect(lookup.status).toBe(200);
    expect(lookup.json).toEqual({
      email: 'owner@example.com',
      display_text: 'VBG Premium — £16.00/month',
      needsPassword: false,
      duplicate: false,
      startDate: expect.any(String),
    });
    // The owner keeps their password and their signed-in browser, and is a member.
    expect((await t.client().post('/api/login', { email: 'owner@example.com', password: 'taken-over-1' })).status).toBe(
      401,
    );
    expect((await owner.client.get('/api/auth/user')).json).toMatchObject({
      email: 'owner@example.com',
      isSubscribed: true,
    });
    expect((await t.client().post('/api/login', { email: 'owner@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('a visitor paying for an existing account without a password gets no password step either', async () => {
    // E.g. an account an earlier checkout made whose owner never chose a password.
    await createUser(t.ctx, { email: 'nopass@example.com' });
    const sessionId = await startCheckout('nopass@example.com');
    await pay(sessionId);
    const browser = t.client();
    expect(
      (await browser.post('/api/set-password', { session_id: sessionId, password: 'chosen-by-payer' })).status,
    ).toBe(409);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await userByEmail('nopass@example.com')).passwordHash).toBeNull();
    expect((await t.client().get(`/api/checkout-session/${sessionId}`)).json.needsPassword).toBe(false);
  });

  it('is open for the account the checkout created, once, and closes 24 hours after payment', async () => {
    const late = await startCheckout('late@example.com');
    await pay(late);

    t.clock.advance(24 * HOUR + 1000);
    const browser = t.client();
    const expired = await browser.post('/api/set-password', { session_id: late, password: 'too-late-1' });
    expect(expired.status).toBe(409);
    expect(expired.json.message).toMatch(/expired.*Forgot password/);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await userByEmail('late@example.com')).passwordHash).toBeNull();
    expect((await t.client().get(`/api/checkout-session/${late}`)).json.needsPassword).toBe(false);

    const onTime = await startCheckout('ontime@example.com');
    await pay(onTime);
    const [row] = await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, onTime));
    expect(row.createdAccount).toBe(true);
    t.clock.advance(23 * HOUR);
    expect((await t.client().get(`/api/checkout-session/${onTime}`)).json).toMatchObject({
      email: 'ontime@example.com',
      needsPassword: true,
    });
    const buyer = t.client();
    expect((await buyer.post('/api/set-password', { session_id: onTime, password: 'in-time-1' })).status).toBe(200);
    expect((await buyer.get('/api/auth/user')).json).toMatchObject({ email: 'ontime@example.com', isSubscribed: true });
    expect((await t.client().get(`/api/checkout-session/${onTime}`)).json.needsPassword).toBe(false);
    expect((await t.client().post('/api/set-password', { session_id: onTime, password: 'second-go-1' })).status).toBe(
      409,
    );
  });
});

describe('one live subscription per account', () => {
  it('a newer checkout expires the older ones of the same address: only the newest can be paid', async () => {
    const first = await startCheckout('twice@example.com');
    const second = await startCheckout('twice@example.com');
    expect(fake.calls('POST', `/v1/checkout/sessions/${first}/expire`)).toHaveLength(1);
    expect(fake.sessions.get(first)!.status).toBe('expired');
    expect(() => fake.completeCheckout(first)).toThrow(/expired/);
    // Signed in with that address later: the visitor's open checkout goes too.
    await createUser(t.ctx, { email: 'twice@example.com', password: PASSWORD });
    const c = t.client();
    await c.post('/api/login', { email: 'twice@example.com', password: PASSWORD });
    const third = await startCheckout('twice@example.com', c);
    expect(fake.sessions.get(second)!.status).toBe('expired');
    await pay(third);
    expect(renewing()).toHaveLength(1);
    const rows = await t.ctx.db.select().from(checkoutSessions);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [first]: 'expired',
      [second]: 'expired',
      [third]: 'complete',
    });
  });

  it('two checkouts started at the same moment leave exactly one payable', async () => {
    const both = await Promise.all([startCheckout('clicks@example.com'), startCheckout('clicks@example.com')]);
    expect(both.map((id) => fake.sessions.get(id)!.status).sort()).toEqual(['expired', 'open']);
  });

  it('an older checkout paid meanwhile is recorded and the new one refused, so nobody pays twice', async () => {
    const first = await startCheckout('quick@example.com');
    const { subscriptionId } = fake.completeCheckout(first); // paid; the webhook is still on its way
    const again = await t.client().post('/api/create-checkout-session', { email: 'quick@example.com', ...JOINING });
    expect(again.status).toBe(409);
    const newest = fake.calls('POST', '/v1/checkout/sessions').filter((r) => r.path === '/v1/checkout/sessions');
    expect(newest).toHaveLength(2);
    expect([...fake.sessions.values()].filter((s) => s.status === 'open')).toHaveLength(0);
    expect(await userByEmail('quick@example.com')).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: subscriptionId,
    });
  });

  it('a duplicate that still completes is cancelled at once; the original is kept, the member told, the admin shown a refund', async () => {
    const original = await pay(await startCheckout('member@example.com'), 1200);
    const s1 = original.subscriptionId;
    // A second subscription paid elsewhere for the same customer (a payment link, another tab).
    const elsewhere = fake.createSessionElsewhere({ email: 'member@example.com', customer: original.customerId });
    const dup = fake.completeCheckout(elsewhere.id, { amountTotal: 1600 });
    // Its subscription's own event may arrive first: it does not take the account over.
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.created', fake.subscriptions.get(dup.subscriptionId)!),
    );
    expect((await userByEmail('member@example.com')).stripeSubscriptionId).toBe(s1);
    expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', dup.session))).status).toBe(200);

    expect(fake.calls('DELETE', `/v1/subscriptions/${dup.subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(dup.subscriptionId)!.status).toBe('canceled');
    expect(renewing().map((s) => s.id)).toEqual([s1]);
    const member = await userByEmail('member@example.com');
    expect(member).toMatchObject({ stripeSubscriptionId: s1, subscriptionStatus: 'active', cancelAtPeriodEnd: false });
    expect(member.subscriptionEndDate!.getTime()).toBe(
      fake.subscriptions.get(s1)!.items.data[0].current_period_end * 1000,
    );

    // The first payment's welcome, then the duplicate's notice (a duplicate is never welcomed).
    const mail = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'member@example.com'))
      .orderBy(outbox.id);
    expect(mail.map((m) => m.subject)).toEqual(['Welcome to VBG Premium', 'Your second VBG payment will be refunded']);
    expect(mail[1].text).toMatch(/£16\.00.*cancelled the second subscription/s);

    const admin = await signedIn(t, 'admin');
    const list = await admin.client.get('/api/admin/members?search=member@');
    expect(list.json.members[0].duplicatePayments).toEqual([
      { checkoutId: elsewhere.id, amountPence: 1600, paidAt: expect.any(String), refundedPence: 0 },
    ]);
    expect((await t.client().get(`/api/checkout-session/${elsewhere.id}`)).json).toMatchObject({
      duplicate: true,
      needsPassword: false,
    });

    // Stripe's later events for the cancelled duplicate change nothing; a redelivery sends no second e-mail.
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.deleted', fake.subscriptions.get(dup.subscriptionId)!),
    );
    await deliverWebhook(t.client(), fake.event('checkout.session.completed', dup.session));
    expect(await userByEmail('member@example.com')).toMatchObject({
      stripeSubscriptionId: s1,
      subscriptionStatus: 'active',
    });
    expect(await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'member@example.com'))).toHaveLength(2);
  });

  it('cancelling cancels what renews, after a duplicate payment', async () => {
    const original = await pay(await startCheckout('leaver@example.com'));
    const browser = t.client();
    expect(
      (await browser.post('/api/set-password', { session_id: original.session.id, password: 'leaver-pass' })).status,
    ).toBe(200);
    // A second checkout paid for the same address (its completion arrives after the first's).
    const second = fake.completeCheckout(fake.createSessionElsewhere({ email: 'leaver@example.com' }).id);
    await deliverWebhook(t.client(), fake.event('checkout.session.completed', second.session));

    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    expect(renewing()).toEqual([]);
    expect(fake.subscriptions.get(original.subscriptionId)!.cancel_at_period_end).toBe(true);
  });
});
