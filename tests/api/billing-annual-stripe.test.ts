import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, outbox, subscriptionEvents, users } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/** The annual plan on Stripe: its own yearly price (STRIPE_ANNUAL_PRICE_ID), the account an annual plan that renews. */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp(
  (app, f) => {
    t = app;
    fake = f;
  },
  { ANNUAL_PRICE_PENCE: '14400', STRIPE_ANNUAL_PRICE_ID: 'price_annual' },
);

const DAY = 86400_000;

async function checkout(body: object) {
  const res = await t.client().post('/api/create-checkout-session', body);
  expect(res.status).toBe(200);
  return String(res.json.url).split('/').pop()!;
}

describe('the annual plan on Stripe', () => {
  it('opens Checkout on the annual price when chosen, and on the monthly price by default', async () => {
    await checkout({ email: 'yearly@example.com', ...JOINING, plan: 'annual' });
    await checkout({ email: 'monthly@example.com', ...JOINING });
    const [annual, monthly] = fake.calls('POST', '/v1/checkout/sessions');
    expect(annual.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_annual', quantity: '1' }],
      allow_promotion_codes: 'true',
      metadata: { plan: 'annual' },
    });
    expect(monthly.body).toMatchObject({
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      metadata: { plan: 'monthly' },
    });
    const rows = await t.ctx.db.select().from(checkoutSessions);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.plan]))).toEqual({
      'yearly@example.com': 'annual',
      'monthly@example.com': 'monthly',
    });
  });

  it('once paid, the account is an annual plan renewing in a year; it cancels to that date and resumes', async () => {
    const sessionId = await checkout({ email: 'yearly@example.com', ...JOINING, plan: 'annual' });
    const { session, subscriptionId } = fake.completeCheckout(sessionId);
    expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', session))).status).toBe(200);
    const lookup = await t.client().get(`/api/checkout-session/${sessionId}`);
    expect(lookup.json.display_text).toBe('VBG Premium — £144.00/year');
    const periodEnd = fake.subscriptions.get(subscriptionId)!.items.data[0].current_period_end * 1000;
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'yearly@example.com'));
    expect(user).toMatchObject({ subscriptionType: 'annual', subscriptionStatus: 'active', cancelAtPeriodEnd: false });
    expect(user.subscriptionEndDate!.getTime()).toBe(periodEnd);
    expect(periodEnd - Date.now()).toBeGreaterThan(364 * DAY);
    const [joined] = await t.ctx.db.select().from(subscriptionEvents);
    expect(joined).toMatchObject({
      userId: user.id,
      type: 'joined',
      amountPence: 14400,
      detail: expect.objectContaining({ plan: 'annual', subscriptionId }),
    });
    const [welcome] = await t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'welcome'));
    expect(welcome.text).toContain('Plan: Annual Premium (paid yearly)');

    // Renewal events keep it annual.
    fake.renew(subscriptionId);
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    const [renewed] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(renewed).toMatchObject({ subscriptionType: 'annual' });
    expect(renewed.subscriptionEndDate!.getTime()).toBe(periodEnd + 365 * DAY);
  });

  it('an annual member cancels and resumes like a monthly one, and an admin cannot grant over it', async () => {
    const { client, user } = await signedIn(t, 'nonMember', 'annual@example.com');
    const res = await client.post('/api/create-checkout-session', { ...JOINING, plan: 'annual' });
    const { session, subscriptionId } = fake.completeCheckout(String(res.json.url).split('/').pop()!);
    expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', session))).status).toBe(200);
    expect((await client.get('/api/auth/user')).json).toMatchObject({ subscriptionType: 'annual', isSubscribed: true });

    const admin = await signedIn(t, 'admin');
    const grant = await admin.client.post(`/api/admin/members/${user.id}/grant`, { type: 'family' });
    expect(grant.status).toBe(409);
    expect(grant.json.message).toMatch(/yearly subscription that is still renewing/);

    const cancelled = await client.post('/api/cancel-subscription', { reason: 'too_expensive' });
    expect(cancelled.status).toBe(200);
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).pop()!.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect((await client.post('/api/resume-subscription')).status).toBe(200);
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).pop()!.body).toEqual({
      cancel_at_period_end: 'false',
    });
    const types = (await t.ctx.db.select().from(subscriptionEvents)).map((e) => [e.type, e.reason]);
    expect(types).toEqual([
      ['joined', null],
      ['cancel_requested', 'too_expensive'],
      ['resumed', null],
    ]);
  });
});
