import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { checkoutSessions, outbox, users } from '#server/db/schema';
import type { HttpClient } from '../support/http-client';
import type { TestApp } from '../support/test-app';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/**
 * A late webhook event of an old Stripe subscription never takes over the account (decisions
 * 0018 and 0036): once a member has moved on to a new subscription, every event Stripe may still
 * deliver about the old one — its checkout's completion (Stripe retries for days, and the page had
 * already recorded it), its updates, its deletion, its invoices — changes nothing: not the account,
 * not the checkout records (no refund flagged), no e-mail, nothing cancelled at Stripe.
 */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const EMAIL = 'returning@example.com';
const PASS = 'member-pass-1';
const sessionIdOf = (url: string) => String(url).split('/').pop()!;
const periodEndOf = (subscriptionId: string) =>
  fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end * 1000;

async function delivered(payload: string) {
  const res = await deliverWebhook(t.client(), payload);
  expect(res.status).toBe(200);
}

/** A monthly member whose first subscription ended; they subscribed again as the same customer. */
async function returningMember() {
  const first = await t.client().post('/api/create-checkout-session', { email: EMAIL, ...JOINING });
  const oldPaid = fake.completeCheckout(sessionIdOf(first.json.url));
  await delivered(fake.event('checkout.session.completed', oldPaid.session));
  const browser: HttpClient = t.client();
  expect((await browser.post('/api/set-password', { session_id: oldPaid.session.id, password: PASS })).status).toBe(
    200,
  );
  expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
  t.clock.set(new Date(periodEndOf(oldPaid.subscriptionId) + 60_000));
  fake.endSubscription(oldPaid.subscriptionId);
  await delivered(fake.event('customer.subscription.deleted', fake.subscriptions.get(oldPaid.subscriptionId)!));

  const again = t.client();
  expect((await again.post('/api/login', { email: EMAIL, password: PASS })).status).toBe(200);
  const second = await again.post('/api/create-checkout-session', JOINING);
  expect(second.status).toBe(200);
  const newPaid = fake.completeCheckout(sessionIdOf(second.json.url));
  await delivered(fake.event('checkout.session.completed', newPaid.session));
  expect(await account()).toMatchObject({ stripeSubscriptionId: newPaid.subscriptionId, subscriptionStatus: 'active' });
  return { oldPaid, newPaid };
}

async function account() {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, EMAIL));
  return u;
}

/** Everything a late event could wrongly change. */
async function state() {
  const {
    stripeSubscriptionId,
    stripeCustomerId,
    subscriptionStatus,
    subscriptionType,
    subscriptionStartDate,
    subscriptionEndDate,
    cancelAtPeriodEnd,
  } = await account();
  return {
    account: {
      stripeSubscriptionId,
      stripeCustomerId,
      subscriptionStatus,
      subscriptionType,
      subscriptionStartDate,
      subscriptionEndDate,
      cancelAtPeriodEnd,
    },
    checkouts: await t.ctx.db
      .select({
        id: checkoutSessions.id,
        status: checkoutSessions.status,
        stripeSubscriptionId: checkoutSessions.stripeSubscriptionId,
        duplicateOf: checkoutSessions.duplicateOfSubscriptionId,
      })
      .from(checkoutSessions)
      .orderBy(asc(checkoutSessions.id)),
    mail: (
      await t.ctx.db
        .select({ subject: outbox.subject })
        .from(outbox)
        .where(eq(outbox.recipient, EMAIL))
        .orderBy(outbox.id)
    ).map((m) => m.subject),
    cancelledAtStripe:
      fake.calls('DELETE', '/v1/subscriptions/').length + fake.calls('POST', '/v1/subscriptions/').length,
  };
}

/** Every event Stripe may still send about the old subscription, each under a new event id. */
function lateEventsOf(old: ReturnType<FakeStripe['completeCheckout']>) {
  const sub = fake.subscriptions.get(old.subscriptionId)!;
  return [
    fake.event('checkout.session.completed', old.session),
    fake.event('checkout.session.async_payment_succeeded', old.session),
    fake.event('customer.subscription.created', sub),
    fake.event('customer.subscription.updated', sub),
    fake.event('customer.subscription.deleted', sub),
    fake.event('invoice.paid', {
      id: 'in_old',
      object: 'invoice',
      parent: { subscription_details: { subscription: old.subscriptionId } },
    }),
    fake.event('invoice.payment_failed', {
      id: 'in_old_2',
      object: 'invoice',
      parent: { subscription_details: { subscription: old.subscriptionId } },
    }),
  ];
}

describe('late webhook events of an old subscription', () => {
  it('change nothing while the new subscription runs: no takeover, no refund flagged, no e-mail, nothing cancelled', async () => {
    const { oldPaid, newPaid } = await returningMember();
    const before = await state();
    expect(before.checkouts.map((c) => c.duplicateOf)).toEqual([null, null]);
    for (const late of lateEventsOf(oldPaid)) await delivered(late);
    expect(await state()).toEqual(before);
    expect(await account()).toMatchObject({
      stripeSubscriptionId: newPaid.subscriptionId,
      subscriptionStatus: 'active',
    });
    // The old checkout's page still reads as the payment it was, not a duplicate.
    expect((await t.client().get(`/api/checkout-session/${oldPaid.session.id}`)).json).toMatchObject({
      duplicate: false,
    });
  });

  it('change nothing after the new subscription has ended too: the account keeps its own, latest subscription', async () => {
    const { oldPaid, newPaid } = await returningMember();
    t.clock.set(new Date(periodEndOf(newPaid.subscriptionId) + 60_000));
    fake.endSubscription(newPaid.subscriptionId);
    await delivered(fake.event('customer.subscription.deleted', fake.subscriptions.get(newPaid.subscriptionId)!));
    const before = await state();
    expect(before.account).toMatchObject({
      stripeSubscriptionId: newPaid.subscriptionId,
      subscriptionStatus: 'canceled',
    });
    for (const late of lateEventsOf(oldPaid)) await delivered(late);
    expect(await state()).toEqual(before);
  });
});
