import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { processedEvents, users } from '#server/db/schema';
import { setPassword } from '#server/features/auth/users';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  FakeStripe,
  TEST_WEBHOOK_SECRET,
  deliverWebhook,
  signWebhook,
  stripeEnv,
  withFakeStripeApp,
} from '../support/fake-stripe';
import { JOINING } from '../support/consent';

let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** A visitor pays on Stripe; the checkout.session.completed webhook is delivered. */
async function subscribe(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const sessionId = String(res.json.url).split('/').pop()!;
  const paid = fake.completeCheckout(sessionId, { amountTotal: 1600 });
  expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
  return { sessionId, ...paid };
}

describe('webhook signature', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const res = await t.client().post('/api/create-checkout-session', { email: 'bad@example.com', ...JOINING });
    const sessionId = String(res.json.url).split('/').pop()!;
    const { session } = fake.completeCheckout(sessionId);
    const payload = fake.event('checkout.session.completed', session);
    const forged = await deliverWebhook(t.client(), payload, signWebhook(payload, 'whsec_wrong_secret'));
    expect(forged.status).toBe(400);
    expect(forged.json).toEqual({ message: 'Webhook signature verification failed.' });
    const unsigned = await t
      .client()
      .request('POST', '/api/stripe/webhook', payload, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(400);
    // A genuine signature over different bytes (the body re-serialised) does not verify either.
    const tampered = await deliverWebhook(
      t.client(),
      payload.replace('"type"', ' "type"'),
      signWebhook(payload, TEST_WEBHOOK_SECRET),
    );
    expect(tampered.status).toBe(400);
    expect(await userByEmail('bad@example.com')).toBeUndefined();
    expect(await t.ctx.db.select().from(processedEvents)).toHaveLength(0);
    expect(fake.calls('GET', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('refuses a stale timestamp (replay) with 400', async () => {
    const { subscriptionId } = await subscribe('stale@example.com');
    fake.endSubscription(subscriptionId);
    const payload = fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const res = await deliverWebhook(t.client(), payload, signWebhook(payload, TEST_WEBHOOK_SECRET, tenMinutesAgo));
    expect(res.status).toBe(400);
    expect((await userByEmail('stale@example.com')).subscriptionStatus).toBe('active');
  });

  it('is exempt from the browser same-origin rule: a signed webhook from any origin is accepted', async () => {
    const payload = fake.event('customer.created', { id: 'cus_x', object: 'customer' });
    const res = await t.client().request('POST', '/api/stripe/webhook', payload, {
      'content-type': 'application/json',
      'stripe-signature': signWebhook(payload, TEST_WEBHOOK_SECRET),
      origin: 'https://stripe.example',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, duplicate: false });
  });
});

describe('webhook events', () => {
  it('checkout.session.completed makes the payer a premium member with the renewal date from Stripe', async () => {
    const { subscriptionId, customerId } = await subscribe('payer@example.com');
    const user = await userByEmail('payer@example.com');
    const sub = fake.subscriptions.get(subscriptionId)!;
    expect(user).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionType: 'premium',
      cancelAtPeriodEnd: false,
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscriptionId,
      passwordHash: null,
    });
    expect(user.subscriptionStartDate!.getTime()).toBe(sub.start_date * 1000);
    expect(user.subscriptionEndDate!.getTime()).toBe(sub.items.data[0].current_period_end * 1000);
  });

  it('handles a duplicate delivery of the same event once', async () => {
    const { subscriptionId } = await subscribe('dup@example.com');
    fake.renew(subscriptionId);
    const payload = fake.event('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    });
    const before = fake.calls('GET', `/v1/subscriptions/${subscriptionId}`).length;
    const first = await deliverWebhook(t.client(), payload);
    const second = await deliverWebhook(t.client(), payload);
    expect(first.json).toEqual({ received: true, duplicate: false });
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ received: true, duplicate: true });
    expect(fake.calls('GET', `/v1/subscriptions/${subscriptionId}`).length - before).toBe(1);
    const renewedEnd = fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end * 1000;
    expect((await userByEmail('dup@example.com')).subscriptionEndDate!.getTime()).toBe(renewedEnd);
  });

  it('ends in the right state when deleted arrives before updated: the state is re-read from Stripe', async () => {
    const { subscriptionId } = await subscribe('order@example.com');
    const sub = fake.subscriptions.get(subscriptionId)!;
    const updatedSnapshot = fake.event('customer.subscription.updated', { ...sub, cancel_at_period_end: true });
    fake.endSubscription(subscriptionId);
    const deletedSnapshot = fake.event('customer.subscription.deleted', sub);
    expect((await deliverWebhook(t.client(), deletedSnapshot)).status).toBe(200);
    // The older "updated" event arrives last; its snapshot still says active.
    expect((await deliverWebhook(t.client(), updatedSnapshot)).status).toBe(200);
    const user = await userByEmail('order@example.com');
    expect(user.subscriptionStatus).toBe('canceled');
    expect(user.cancelAtPeriodEnd).toBe(false);
    expect(user.subscriptionEndDate!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('invoice.payment_failed records past_due (access kept while Stripe retries); a later unpaid status removes it', async () => {
    const { subscriptionId } = await subscribe('late@example.com');
    fake.setStatus(subscriptionId, 'past_due');
    const failed = fake.event('invoice.payment_failed', {
      id: 'in_2',
      object: 'invoice',
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect((await deliverWebhook(t.client(), failed)).status).toBe(200);
    expect((await userByEmail('late@example.com')).subscriptionStatus).toBe('past_due');
    fake.setStatus(subscriptionId, 'unpaid');
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    expect((await userByEmail('late@example.com')).subscriptionStatus).toBe('unpaid');
  });

  it('a subscription event for an account not known yet changes nothing until the checkout completes', async () => {
    const res = await t.client().post('/api/create-checkout-session', { email: 'early@example.com', ...JOINING });
    const sessionId = String(res.json.url).split('/').pop()!;
    const paid = fake.completeCheckout(sessionId);
    const created = await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.created', fake.subscriptions.get(paid.subscriptionId)!),
    );
    expect(created.status).toBe(200);
    expect(await userByEmail('early@example.com')).toBeUndefined();
    await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session));
    expect((await userByEmail('early@example.com')).subscriptionStatus).toBe('active');
  });

  it('answers an unknown event type with 200 and records it', async () => {
    const res = await deliverWebhook(
      t.client(),
      fake.event('charge.refunded', { id: 'ch_1', object: 'charge' }, 'evt_unknown_1'),
    );
    expect(res.status).toBe(200);
    expect(await t.ctx.db.select().from(processedEvents)).toEqual([
      expect.objectContaining({ id: 'evt_unknown_1', type: 'charge.refunded' }),
    ]);
  });

  it('lets Stripe retry when Stripe cannot be read: 502, and the event is not marked handled', async () => {
    const payload = fake.event(
      'customer.subscription.updated',
      { id: 'sub_missing', object: 'subscription' },
      'evt_retry_1',
    );
    // An unknown subscription is a 404 at Stripe: nothing to do, acknowledged.
    expect((await deliverWebhook(t.client(), payload)).status).toBe(200);
    const downApp = await startTestApp(stripeEnv(fake, { STRIPE_API_BASE: 'http://127.0.0.1:9' }));
    try {
      const res = await deliverWebhook(
        downApp.client(),
        fake.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' }, 'evt_retry_2'),
      );
      expect(res.status).toBe(502);
      const rows = await downApp.ctx.db.select().from(processedEvents).where(eq(processedEvents.id, 'evt_retry_2'));
      expect(rows).toHaveLength(0);
    } finally {
      await downApp.close();
    }
  }, 60_000);
});

describe('access follows the webhook state', () => {
  it('a member whose subscription was deleted loses member access at once', async () => {
    const { subscriptionId } = await subscribe('gone@example.com');
    const u = await userByEmail('gone@example.com');
    await setPassword(t.ctx, u.id, 'member-pass');
    const c = t.client();
    expect(
      (await c.post('/api/login', { email: 'gone@example.com', password: 'member-pass' })).json.user.isSubscribed,
    ).toBe(true);
    fake.endSubscription(subscriptionId);
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
    );
    t.clock.advance(1000);
    expect((await c.get('/api/auth/user')).json).toMatchObject({ isSubscribed: false, hasMemberAccess: false });
  });
});
