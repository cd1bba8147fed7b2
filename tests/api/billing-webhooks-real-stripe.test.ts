import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { processedEvents, users } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import {
  FakeStripe,
  deliverWebhook,
  withFakeStripeApp,
  type FakeSession,
  type FakeSubscription,
} from '../support/fake-stripe';
import { JOINING } from '../support/consent';

// The webhook reader on Stripe's own objects (stripe/stripe-mock's fixtures, see
// tests/fixtures/real/stripe/README.md), not on stand-ins written here: each is sent signed, inside
// Stripe's own event envelope, through POST /api/stripe/webhook.
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;
const REAL = path.join(import.meta.dirname, '../fixtures/real/stripe');
/** A fixture as the Stripe object it is (the fake's kinds for those it keeps). */
const real = <T extends Obj = Obj>(name: string): T =>
  JSON.parse(fs.readFileSync(path.join(REAL, `${name}.json`), 'utf8')) as T;

/** Stripe's event envelope around a Stripe object, as the event of `type`. */
const eventOf = (type: string, object: Obj, id: string) =>
  JSON.stringify({ ...real('event'), id, type, data: { object } });

/** The events of Stripe's objects recorded as handled (not the fake checkouts' own). */
const handled = async () =>
  (await t.ctx.db.select().from(processedEvents)).filter((e) => e.id.startsWith('evt_real')).map((e) => [e.id, e.type]);

describe("the webhook reader on Stripe's own objects", () => {
  it('checkout.session.completed for an open, unpaid payment-mode session makes nobody a member', async () => {
    const session = real<FakeSession>('checkout-session');
    expect([session.mode, session.status, session.payment_status]).toEqual(['payment', 'open', 'unpaid']);
    fake.sessions.set(session.id, session); // what Stripe answers when the session is read again
    const res = await deliverWebhook(t.client(), eventOf('checkout.session.completed', session, 'evt_real_cs'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(fake.calls('GET', `/v1/checkout/sessions/${session.id}`)).toHaveLength(1);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, session.customer_details.email))).toEqual([]);
    expect(await handled()).toEqual([['evt_real_cs', 'checkout.session.completed']]);
  });

  it('invoice.payment_failed names its subscription on `parent.subscription_details`; one VBG does not know changes nothing', async () => {
    const invoice = real('invoice');
    expect(invoice.parent.subscription_details.subscription).toBe('subscription');
    const member = await paidMember('invoice@example.com');
    const res = await deliverWebhook(t.client(), eventOf('invoice.payment_failed', invoice, 'evt_real_in'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect([after.subscriptionStatus, after.paymentFailedAt]).toEqual(['active', null]);
  });

  it("customer.subscription.deleted is read again from Stripe: the member's account follows what Stripe says now", async () => {
    const subscription = real<FakeSubscription>('subscription');
    const member = await paidMember('sub@example.com');
    // The member's subscription is Stripe's fixture subscription.
    await t.ctx.db
      .update(users)
      .set({ stripeSubscriptionId: subscription.id, stripeCustomerId: subscription.customer })
      .where(eq(users.id, member.id));
    fake.subscriptions.set(subscription.id, subscription);
    const res = await deliverWebhook(
      t.client(),
      eventOf('customer.subscription.deleted', subscription, 'evt_real_sub'),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(fake.calls('GET', `/v1/subscriptions/${subscription.id}`).length).toBeGreaterThan(0);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect({ status: after.subscriptionStatus, cancelAtPeriodEnd: after.cancelAtPeriodEnd }).toEqual({
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    });
  });

  it('charge.refunded is not an event VBG acts on: 200, recorded once, nothing changed', async () => {
    const charge = real('charge');
    const member = await paidMember('charge@example.com');
    const payload = eventOf(
      'charge.refunded',
      { ...charge, refunded: true, amount_refunded: charge.amount },
      'evt_real_ch',
    );
    expect((await deliverWebhook(t.client(), payload)).status).toBe(200);
    expect((await deliverWebhook(t.client(), payload)).json).toEqual({ received: true, duplicate: true });
    expect(await handled()).toEqual([['evt_real_ch', 'charge.refunded']]);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(after.subscriptionStatus).toBe('active');
  });
});

/** A member who paid through the fake Stripe (the checkout's own event delivered). */
async function paidMember(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const paid = fake.completeCheckout(String(res.json.url).split('/').pop()!);
  expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
  const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return user;
}
