import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/** Resume, and subscribe again, with the real Stripe SDK against the fake Stripe API (docs/decisions/0018). */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const PASS = 'member-pass-1';
const RESUMED = 'Your subscription has been resumed. It will renew as before.';
const ENDED = 'Your subscription has already ended. Please subscribe again.';

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** Checkout, payment at (fake) Stripe, webhook, password step: a signed-in monthly member. */
async function stripeMember(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const sessionId = String(res.json.url).split('/').pop()!;
  const paid = fake.completeCheckout(sessionId, { amountTotal: 1600 });
  await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session));
  const browser = t.client();
  expect((await browser.post('/api/set-password', { session_id: sessionId, password: PASS })).status).toBe(200);
  return { browser, ...paid };
}

const periodEndOf = (subscriptionId: string) =>
  fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end * 1000;

describe('POST /api/resume-subscription', () => {
  it('undoes a cancellation before the end date: Stripe renews again, and a stale "cancelled" event changes nothing', async () => {
    const { browser, subscriptionId } = await stripeMember('stay@example.com');
    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    const cancelledSnapshot = fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!);

    const res = await browser.post('/api/resume-subscription');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: RESUMED,
      subscriptionEndDate: new Date(periodEndOf(subscriptionId)).toISOString(),
    });
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).pop()!.body).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(fake.subscriptions.get(subscriptionId)!).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect((await browser.get('/api/auth/user')).json).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: false });

    // Stripe's events of both changes, delivered late and out of order: the state is read back from Stripe.
    expect((await deliverWebhook(t.client(), cancelledSnapshot)).status).toBe(200);
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    expect(await userByEmail('stay@example.com')).toMatchObject({
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
    });
    // Stripe renews it at the period end.
    fake.renew(subscriptionId);
    await deliverWebhook(
      t.client(),
      fake.event('invoice.paid', {
        id: 'in_r',
        object: 'invoice',
        parent: { subscription_details: { subscription: subscriptionId } },
      }),
    );
    expect((await userByEmail('stay@example.com')).subscriptionEndDate!.getTime()).toBe(periodEndOf(subscriptionId));
  });

  it('refuses with 400 when there is nothing to resume, and records an end Stripe has already made', async () => {
    const { browser, subscriptionId } = await stripeMember('nothing@example.com');
    const notCancelled = await browser.post('/api/resume-subscription');
    expect(notCancelled.status).toBe(400);
    expect(notCancelled.json.message).toBe('Your subscription is not set to end, so there is nothing to resume.');

    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    fake.endSubscription(subscriptionId); // ended at Stripe; its event has not arrived
    const updates = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).length;
    const ended = await browser.post('/api/resume-subscription');
    expect(ended.status).toBe(400);
    expect(ended.json.message).toBe(ENDED);
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(updates);
    expect((await browser.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: false,
      subscriptionStatus: 'canceled',
    });

    const free = await signedIn(t, 'nonMember');
    expect((await free.client.post('/api/resume-subscription')).status).toBe(400);
    expect((await t.client().post('/api/resume-subscription')).status).toBe(401);
  });

  it('after the end, the member subscribes again at £16 (or £12 with a promotion code) as the same customer; webhooks keep the state right', async () => {
    const { browser, subscriptionId: oldSub, customerId } = await stripeMember('again@example.com');
    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    t.clock.set(new Date(periodEndOf(oldSub) + 60_000));
    fake.endSubscription(oldSub);
    const deleted = fake.event('customer.subscription.deleted', fake.subscriptions.get(oldSub)!);
    expect((await deliverWebhook(t.client(), deleted)).status).toBe(200);
    const late = await browser.post('/api/resume-subscription');
    expect(late.status).toBe(401); // the idle session ended with the month; sign in again
    const c = t.client();
    expect((await c.post('/api/login', { email: 'again@example.com', password: PASS })).json.user).toMatchObject({
      isSubscribed: false,
    });
    expect((await c.post('/api/resume-subscription')).json.message).toBe(ENDED);

    const res = await c.post('/api/create-checkout-session', JOINING);
    expect(res.status).toBe(200);
    const sessionId = String(res.json.url).split('/').pop()!;
    expect(fake.calls('POST', '/v1/checkout/sessions').pop()!.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      allow_promotion_codes: 'true',
    });
    const paid = fake.completeCheckout(sessionId, { amountTotal: 1200 }); // the customer entered the promotion code
    expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
    expect((await c.get(`/api/checkout-session/${sessionId}`)).json).toEqual({
      email: 'again@example.com',
      display_text: 'VBG Premium — £12.00/month',
      needsPassword: false,
      duplicate: false,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await c.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: true,
      cancelAtPeriodEnd: false,
      subscriptionStatus: 'active',
    });
    // The old subscription's deletion, delivered again under a new id, does not end the new one.
    await deliverWebhook(t.client(), fake.event('customer.subscription.deleted', fake.subscriptions.get(oldSub)!));
    expect(await userByEmail('again@example.com')).toMatchObject({
      stripeSubscriptionId: paid.subscriptionId,
      subscriptionStatus: 'active',
    });
    expect(fake.calls('DELETE', '/v1/subscriptions/')).toHaveLength(0); // not mistaken for a duplicate
  });
});
