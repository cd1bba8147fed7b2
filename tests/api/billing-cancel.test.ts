import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const DAY = 86400_000;
const PASS = 'member-pass-1';
const CANCELLED = "Your subscription has been cancelled. You'll retain access until the end of your billing period.";

/** The whole purchase over HTTP: checkout, pay at (fake) Stripe, webhook, set password (signs in). */
async function stripeMember(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const sessionId = String(res.json.url).split('/').pop()!;
  const paid = fake.completeCheckout(sessionId, { amountTotal: 1200 });
  await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session));
  const browser = t.client();
  expect((await browser.post('/api/set-password', { session_id: sessionId, password: PASS })).status).toBe(200);
  return { browser, ...paid };
}

async function signIn(email: string) {
  const c = t.client();
  const res = await c.post('/api/login', { email, password: PASS });
  expect(res.status).toBe(200);
  return c;
}

async function grant(memberEmail: string, body: object) {
  const admin = await signedIn(t, 'admin');
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, memberEmail));
  const res = await admin.client.post(`/api/admin/members/${u.id}/grant`, body);
  expect(res.status).toBe(200);
  return res.json.member;
}

describe('POST /api/cancel-subscription', () => {
  it('cancels at the period end: access stays until then and ends after', async () => {
    const { browser, subscriptionId } = await stripeMember('leaving@example.com');
    const periodEnd = fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end * 1000;
    const res = await browser.post('/api/cancel-subscription');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: CANCELLED,
      subscriptionEndDate: new Date(periodEnd).toISOString(),
    });
    const [call] = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(call.body).toEqual({ cancel_at_period_end: 'true' });

    const me = await browser.get('/api/auth/user');
    expect(me.json).toMatchObject({
      isSubscribed: true,
      cancelAtPeriodEnd: true,
      subscriptionEndDate: new Date(periodEnd).toISOString(),
    });
    // Cancelling again is harmless.
    expect((await browser.post('/api/cancel-subscription')).json.message).toBe(CANCELLED);

    t.clock.set(new Date(periodEnd - DAY));
    expect((await (await signIn('leaving@example.com')).get('/api/auth/user')).json).toMatchObject({
      isSubscribed: true,
      hasMemberAccess: true,
    });
    t.clock.set(new Date(periodEnd + 60_000));
    expect((await (await signIn('leaving@example.com')).get('/api/auth/user')).json).toMatchObject({
      isSubscribed: false,
      hasMemberAccess: false,
    });

    // Stripe's own end-of-period event then records the end.
    fake.endSubscription(subscriptionId);
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.email, 'leaving@example.com'));
    expect(u.subscriptionStatus).toBe('canceled');
  });

  it('an annual special cannot be cancelled and expires by itself after its end date', async () => {
    await signedIn(t, 'nonMember', 'annual@example.com');
    const member = await grant('annual@example.com', { type: 'annual_special', endDate: '2031-03-31' });
    expect(member).toMatchObject({ type: 'annual_special', status: 'active', hasAccess: true });
    const c = t.client();
    await c.post('/api/login', { email: 'annual@example.com', password: 'correct-horse-1' });
    const res = await c.post('/api/cancel-subscription');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      'An Annual (Special) subscription cannot be cancelled: it ends automatically on its expiry date.',
    );
    expect(fake.requests).toHaveLength(0);

    t.clock.set(new Date('2031-03-31T22:00:00Z')); // 23:00 in London (BST): still the end date
    let me = await t.client().post('/api/login', { email: 'annual@example.com', password: 'correct-horse-1' });
    expect(me.json.user).toMatchObject({ isSubscribed: true, subscriptionType: 'annual_special' });
    t.clock.set(new Date('2031-03-31T23:00:01Z')); // 1 April in London
    me = await t.client().post('/api/login', { email: 'annual@example.com', password: 'correct-horse-1' });
    expect(me.json.user).toMatchObject({ isSubscribed: false, hasMemberAccess: false });
  });

  it('family access has nothing to cancel; a non-member neither; signed out is 401', async () => {
    await signedIn(t, 'nonMember', 'fam@example.com');
    await grant('fam@example.com', { type: 'family' });
    const fam = t.client();
    await fam.post('/api/login', { email: 'fam@example.com', password: 'correct-horse-1' });
    const res = await fam.post('/api/cancel-subscription');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Lifetime Family Access has no renewal to cancel.');
    const free = await signedIn(t, 'nonMember', 'free@example.com');
    expect((await free.client.post('/api/cancel-subscription')).status).toBe(400);
    expect((await t.client().post('/api/cancel-subscription')).status).toBe(401);
  });
});

describe('POST /api/billing-portal', () => {
  it('opens the Stripe customer portal for the signed-in customer, returning to My Account', async () => {
    const { browser, customerId } = await stripeMember('portal@example.com');
    const res = await browser.post('/api/billing-portal');
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions')[0].body).toEqual({
      customer: customerId,
      return_url: `${t.baseUrl}/my-account`,
    });
  });

  it('answers 400 without a billing account and 401 signed out', async () => {
    const free = await signedIn(t, 'nonMember');
    expect((await free.client.post('/api/billing-portal')).status).toBe(400);
    expect((await t.client().post('/api/billing-portal')).status).toBe(401);
  });
});
