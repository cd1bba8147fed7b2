import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, subscriptionEvents, users } from '#server/db/schema';
import { setPassword } from '#server/features/auth/users';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/** A renewal payment that fails at Stripe: the grace period, the recovery, and Stripe giving up (decision 0041). */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const DAY = 86_400_000;

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** Signs in again (a session lapses after 30 idle minutes, and the tests move the clock by days). */
async function signIn(email: string) {
  const browser = t.client();
  expect((await browser.post('/api/login', { email, password: 'member-pass-1' })).status).toBe(200);
  return browser;
}

/** A member who paid on Stripe and signed in, and their subscription. */
async function member(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const paid = fake.completeCheckout(String(res.json.url).split('/').pop()!, { amountTotal: 1600 });
  expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
  const user = await userByEmail(email);
  await setPassword(t.ctx, user.id, 'member-pass-1');
  return { browser: await signIn(email), user, subscriptionId: paid.subscriptionId };
}

const eventsOf = async (userId: number) =>
  (
    await t.ctx.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(subscriptionEvents.id)
  ).map((e) => e.type);
const billingMail = async (email: string) =>
  (await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id)).filter(
    (m) => m.kind === 'billing',
  );

describe('a failed renewal payment', () => {
  it('keeps access through the grace period, e-mails once per run, shows the admin, and recovers when the card is paid', async () => {
    const { user, subscriptionId } = await member('late.payer@example.com');
    const failedInvoice = fake.failRenewal(subscriptionId);
    expect((await deliverWebhook(t.client(), fake.event('invoice.payment_failed', failedInvoice))).status).toBe(200);

    const failedAt = t.clock.now().getTime();
    const stored = await userByEmail('late.payer@example.com');
    expect(stored.subscriptionStatus).toBe('past_due');
    expect(stored.paymentFailedAt!.getTime()).toBeGreaterThan(failedAt - 5000);
    const graceUntil = new Date(stored.paymentFailedAt!.getTime() + 7 * DAY).toISOString();
    const browser = await signIn('late.payer@example.com');
    const me = (await browser.get('/api/auth/user')).json;
    expect(me).toMatchObject({
      isSubscribed: true,
      hasMemberAccess: true,
      subscriptionStatus: 'past_due',
      paymentFailedAt: stored.paymentFailedAt!.toISOString(),
      graceUntil,
    });
    expect((await browser.get('/api/vbg-race-cards-metadata')).status).toBe(200);

    const [mail] = await billingMail('late.payer@example.com');
    expect(mail.subject).toBe('Your VBG payment did not go through');
    expect(mail.text).toMatch(/renewal payment of £16\.00 .* was declined\. We will try your card again on /s);
    expect(mail.text).toMatch(/You keep full access until .*Manage cards and receipts/s);
    expect(mail.text).toContain('/my-account?tab=subscription');

    const { client: admin } = await signedIn(t, 'admin');
    const [row] = (await admin.get('/api/admin/members?search=late.payer')).json.members;
    expect(row).toMatchObject({
      status: 'past_due',
      hasAccess: true,
      paymentFailedAt: stored.paymentFailedAt!.toISOString(),
      graceUntil,
    });

    // Stripe retries and fails again two days later: still one run, one e-mail, one event.
    t.clock.advance(2 * DAY);
    expect(
      (await deliverWebhook(t.client(), fake.event('invoice.payment_failed', fake.failRenewal(subscriptionId)))).status,
    ).toBe(200);
    expect(await billingMail('late.payer@example.com')).toHaveLength(1);
    expect((await userByEmail('late.payer@example.com')).paymentFailedAt).toEqual(stored.paymentFailedAt);

    // The member updates the card; Stripe's next retry is paid.
    t.clock.advance(DAY);
    expect(
      (await deliverWebhook(t.client(), fake.event('invoice.paid', fake.payOpenInvoice(subscriptionId)))).status,
    ).toBe(200);
    const recovered = await userByEmail('late.payer@example.com');
    expect(recovered).toMatchObject({ subscriptionStatus: 'active', paymentFailedAt: null });
    expect((await (await signIn('late.payer@example.com')).get('/api/auth/user')).json).toMatchObject({
      hasMemberAccess: true,
      paymentFailedAt: null,
      graceUntil: null,
    });
    expect(await eventsOf(user.id)).toEqual(['joined', 'payment_failed', 'renewed', 'recovered']);
    const [failed] = await t.ctx.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.type, 'payment_failed'));
    expect(failed).toMatchObject({ amountPence: 1600, providerRef: failedInvoice.id });
    const [renewed] = await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'renewed'));
    expect(renewed).toMatchObject({ amountPence: 1600, providerRef: failedInvoice.id });

    // A later failure starts a new run: a new e-mail.
    t.clock.advance(30 * DAY);
    await deliverWebhook(t.client(), fake.event('invoice.payment_failed', fake.failRenewal(subscriptionId)));
    expect(await billingMail('late.payer@example.com')).toHaveLength(2);
  });

  it('after the grace period access stops; subscribing again is refused; when Stripe gives up the membership ends and the member is told', async () => {
    const { user, subscriptionId } = await member('gone@example.com');
    await deliverWebhook(t.client(), fake.event('invoice.payment_failed', fake.failRenewal(subscriptionId)));
    t.clock.advance(7 * DAY + 60_000);
    const browser = await signIn('gone@example.com');
    expect((await browser.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: false,
      hasMemberAccess: false,
      subscriptionStatus: 'past_due',
    });
    expect((await browser.get('/api/vbg-race-cards-metadata')).status).toBe(403);
    const again = await browser.post('/api/create-checkout-session', JOINING);
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/Update your card from My Account .*instead of subscribing again/);

    fake.endSubscription(subscriptionId);
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    expect(await userByEmail('gone@example.com')).toMatchObject({
      subscriptionStatus: 'canceled',
      paymentFailedAt: null,
    });
    expect(await eventsOf(user.id)).toEqual(['joined', 'payment_failed', 'ended']);
    const [ended] = await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'ended'));
    expect(ended).toMatchObject({ reason: 'payment_failed', providerRef: subscriptionId });
    const mail = await billingMail('gone@example.com');
    expect(mail.map((m) => m.subject)).toEqual([
      'Your VBG payment did not go through',
      'Your VBG membership has ended',
    ]);
    expect(mail[1].text).toMatch(/could not take the renewal payment, so your membership has now ended/);
    // A redelivery, or a later event about it, ends nothing twice.
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
    );
    expect(await eventsOf(user.id)).toEqual(['joined', 'payment_failed', 'ended']);
    // Now they may subscribe again.
    expect((await browser.post('/api/create-checkout-session', JOINING)).status).toBe(200);
  });

  it('Stripe marking the subscription unpaid after its retries ends the membership the same way', async () => {
    const { browser, user, subscriptionId } = await member('unpaid@example.com');
    await deliverWebhook(t.client(), fake.event('invoice.payment_failed', fake.failRenewal(subscriptionId)));
    fake.setStatus(subscriptionId, 'unpaid');
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
    );
    expect((await browser.get('/api/auth/user')).json).toMatchObject({
      hasMemberAccess: false,
      subscriptionStatus: 'unpaid',
      paymentFailedAt: null,
    });
    expect(await eventsOf(user.id)).toEqual(['joined', 'payment_failed', 'ended']);
    expect((await billingMail('unpaid@example.com')).map((m) => m.subject)).toContain('Your VBG membership has ended');
  });

  it('a renewal paid on time is recorded with its amount and sends nothing', async () => {
    const { user, subscriptionId } = await member('ontime@example.com');
    fake.renew(subscriptionId);
    await deliverWebhook(t.client(), fake.event('invoice.paid', fake.latestInvoice(subscriptionId)!));
    expect(await eventsOf(user.id)).toEqual(['joined', 'renewed']);
    expect(await billingMail('ontime@example.com')).toHaveLength(0);
  });

  it('a member who cancelled and whose period ran out gets an "ended" record without a payment e-mail', async () => {
    const { browser, user, subscriptionId } = await member('leaver@example.com');
    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    fake.endSubscription(subscriptionId);
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
    );
    expect(await eventsOf(user.id)).toEqual(['joined', 'cancel_requested', 'ended']);
    const [ended] = await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'ended'));
    expect(ended).toMatchObject({ userId: user.id, reason: 'cancelled' });
    expect(await billingMail('leaver@example.com')).toHaveLength(0);
  });

  it('the billing portal opens for a member with a Stripe customer, returning to My Account', async () => {
    const { browser, user } = await member('portal@example.com');
    const res = await browser.post('/api/billing-portal');
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const [call] = fake.calls('POST', '/v1/billing_portal/sessions');
    expect(call.body).toMatchObject({
      customer: user.stripeCustomerId,
      return_url: expect.stringMatching(/\/my-account$/),
    });
  });
});
