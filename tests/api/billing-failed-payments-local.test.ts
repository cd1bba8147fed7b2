import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, subscriptionEvents, users } from '#server/db/schema';
import { setPassword } from '#server/features/auth/users';
import { handlePaymentEvent } from '#server/features/billing/payment-events';
import { createLocalPayments, type LocalRenewalOutcome } from '#server/providers/payments/local';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { JOINING } from '../support/consent';

/**
 * The local checkout has no card, so its renewals are played (simulateRenewal) and fed to the
 * same event handling as Stripe's webhooks: decision 0041.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_GRACE_DAYS: '3' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY = 86_400_000;

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

async function signIn(email: string) {
  const browser = t.client();
  expect((await browser.post('/api/login', { email, password: 'local-pass-1' })).status).toBe(200);
  return browser;
}

async function member(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const path = new URL(res.json.url).pathname;
  expect(
    (await t.client().request('POST', `${path}/complete`, 'discountCode=', { ...FORM, origin: t.baseUrl })).status,
  ).toBe(303);
  const user = await userByEmail(email);
  await setPassword(t.ctx, user.id, 'local-pass-1');
  return user;
}

async function renewal(subscriptionId: string, outcome: LocalRenewalOutcome) {
  const payments = createLocalPayments(t.ctx);
  return handlePaymentEvent(t.ctx, payments, await payments.simulateRenewal(subscriptionId, outcome));
}

const eventsOf = async (userId: number) =>
  (
    await t.ctx.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(subscriptionEvents.id)
  ).map((e) => [e.type, e.reason]);
const billingMail = async (email: string) =>
  (await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id))
    .filter((m) => m.kind === 'billing')
    .map((m) => m.subject);

describe('failed renewals on the local checkout', () => {
  it('a failed renewal keeps access for PAYMENT_GRACE_DAYS; a paid retry recovers; the period moved on as at Stripe', async () => {
    const user = await member('local.late@example.com');
    const periodEnd = user.subscriptionEndDate!;
    await renewal(user.stripeSubscriptionId!, 'failed');
    const failed = await userByEmail('local.late@example.com');
    expect(failed).toMatchObject({ subscriptionStatus: 'past_due' });
    expect(failed.subscriptionEndDate!.getTime()).toBeGreaterThan(periodEnd.getTime());
    expect(await billingMail('local.late@example.com')).toEqual(['Your VBG payment did not go through']);
    t.clock.advance(3 * DAY - 60_000);
    expect((await (await signIn('local.late@example.com')).get('/api/auth/user')).json).toMatchObject({
      hasMemberAccess: true,
    });
    await renewal(user.stripeSubscriptionId!, 'failed');
    expect(await billingMail('local.late@example.com')).toHaveLength(1);
    t.clock.advance(2 * 60_000);
    expect((await (await signIn('local.late@example.com')).get('/api/auth/user')).json).toMatchObject({
      hasMemberAccess: false,
    });
    const { client: admin } = await signedIn(t, 'admin');
    const [row] = (await admin.get('/api/admin/members?search=local.late')).json.members;
    expect(row).toMatchObject({ hasAccess: false, paymentFailedAt: failed.paymentFailedAt!.toISOString() });

    await renewal(user.stripeSubscriptionId!, 'paid');
    expect(await userByEmail('local.late@example.com')).toMatchObject({
      subscriptionStatus: 'active',
      paymentFailedAt: null,
    });
    expect((await (await signIn('local.late@example.com')).get('/api/auth/user')).json).toMatchObject({
      hasMemberAccess: true,
    });
    expect(await eventsOf(user.id)).toEqual([
      ['joined', null],
      ['payment_failed', null],
      ['renewed', null],
      ['recovered', null],
    ]);
    // The renewal paid is the latest payment: a refund is of it.
    const payment = await createLocalPayments(t.ctx).latestPayment(user.stripeSubscriptionId!);
    expect(payment).toMatchObject({ amountPaidPence: 1600, amountRefundedPence: 0 });
  });

  it('given up after the retries: the membership ends and the member is told once', async () => {
    const user = await member('local.gone@example.com');
    await renewal(user.stripeSubscriptionId!, 'failed');
    const result = await renewal(user.stripeSubscriptionId!, 'gave_up');
    expect(result.duplicate).toBe(false);
    expect(await userByEmail('local.gone@example.com')).toMatchObject({
      subscriptionStatus: 'canceled',
      paymentFailedAt: null,
    });
    expect(await eventsOf(user.id)).toEqual([
      ['joined', null],
      ['payment_failed', null],
      ['ended', 'payment_failed'],
    ]);
    expect(await billingMail('local.gone@example.com')).toEqual([
      'Your VBG payment did not go through',
      'Your VBG membership has ended',
    ]);
    expect((await (await signIn('local.gone@example.com')).get('/api/auth/user')).json).toMatchObject({
      hasMemberAccess: false,
      isSubscribed: false,
    });
  });

  it('My Account has no card portal with the local checkout: the portal route says so', async () => {
    await member('local.portal@example.com');
    const res = await (await signIn('local.portal@example.com')).post('/api/billing-portal');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Billing management is available only when payments are handled by Stripe.');
  });
});
