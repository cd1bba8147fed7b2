import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localPayments, outbox, users } from '#server/db/schema';
import { createLocalPayments } from '#server/providers/payments/local';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { JOINING } from '../support/consent';

/** The password step, one live subscription, and resume on the built-in local checkout (no Stripe key): docs/decisions/0018. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const HOUR = 3600_000;
const PASS = 'local-pass-1';

async function startCheckout(email: string, client = t.client()) {
  const res = await client.post('/api/create-checkout-session', { email, ...JOINING });
  expect(res.status).toBe(200);
  const path = new URL(res.json.url).pathname;
  return { path, sessionId: path.split('/').pop()! };
}

const pay = (path: string, discountCode = '') =>
  t.client().request('POST', `${path}/complete`, `discountCode=${encodeURIComponent(discountCode)}`, {
    ...FORM,
    origin: t.baseUrl,
  });

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

async function localSubscriptions() {
  return (await t.ctx.db.select().from(localPayments).where(eq(localPayments.kind, 'subscription'))).map((r) => ({
    id: r.id,
    ...(r.data as { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string; amount: number }),
  }));
}

/** A visitor buys, sets a password (signed in) and comes back with the browser. */
async function member(email: string, discountCode = '') {
  const { path, sessionId } = await startCheckout(email);
  expect((await pay(path, discountCode)).status).toBe(303);
  const browser = t.client();
  expect((await browser.post('/api/set-password', { session_id: sessionId, password: PASS })).status).toBe(200);
  return { browser, sessionId };
}

describe('local checkout: the password step', () => {
  it('closes 24 hours after payment: the session id then signs nobody in', async () => {
    const { path, sessionId } = await startCheckout('slow@example.com');
    await pay(path);
    t.clock.advance(24 * HOUR + 1000);
    const browser = t.client();
    const res = await browser.post('/api/set-password', { session_id: sessionId, password: PASS });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/expired/);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await userByEmail('slow@example.com')).passwordHash).toBeNull();
  });
});

describe('local checkout: one live subscription', () => {
  it('a newer checkout expires the older one: its page says so and its Pay button charges nothing', async () => {
    const older = await startCheckout('tabs@example.com');
    const newer = await startCheckout('tabs@example.com');
    const page = await t.client().get(older.path);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This checkout has expired');
    const paid = await pay(older.path);
    expect(paid.status).toBe(410);
    expect(await localSubscriptions()).toHaveLength(0);
    expect((await pay(newer.path)).status).toBe(303);
    expect(await localSubscriptions()).toHaveLength(1);
    expect((await t.client().get(`/api/checkout-session/${older.sessionId}`)).status).toBe(404);
  });

  it('a duplicate that still completes is cancelled at once, the original kept, the member told, the admin shown a refund', async () => {
    await member('double@example.com', 'value25');
    const [original] = await localSubscriptions();
    // A checkout for the same address made where this instance did not see it (another instance racing).
    const elsewhere = await createLocalPayments(t.ctx).createCheckoutSession({
      email: 'double@example.com',
      plan: 'monthly',
      successUrl: `${t.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${t.baseUrl}/subscribe`,
    });
    const path = new URL(elsewhere.url).pathname;
    expect((await pay(path)).status).toBe(303);

    const subs = await localSubscriptions();
    expect(subs).toHaveLength(2);
    expect(subs.find((s) => s.id === original.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(subs.find((s) => s.id !== original.id)).toMatchObject({ status: 'canceled' });
    expect(await userByEmail('double@example.com')).toMatchObject({
      stripeSubscriptionId: original.id,
      subscriptionStatus: 'active',
    });
    const mail = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'double@example.com'));
    expect(mail.map((m) => m.subject)).toContain('Your second VBG payment will be refunded');
    const admin = await signedIn(t, 'admin');
    const [row] = (await admin.client.get('/api/admin/members?search=double')).json.members;
    expect(row.duplicatePayments).toEqual([
      { checkoutId: elsewhere.id, amountPence: 1600, paidAt: expect.any(String), refundedPence: 0 },
    ]);
  });
});

describe('local checkout: resume and subscribe again', () => {
  it('a member who cancelled resumes before the end; after the end resuming is refused and they subscribe again at £12 with the code', async () => {
    const { browser } = await member('back@example.com');
    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    const resumed = await browser.post('/api/resume-subscription');
    expect(resumed.status).toBe(200);
    expect(resumed.json.message).toBe('Your subscription has been resumed. It will renew as before.');
    expect((await browser.get('/api/auth/user')).json).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: false });
    expect((await localSubscriptions())[0]).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const again = await browser.post('/api/resume-subscription');
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Your subscription is not set to end, so there is nothing to resume.');

    // Cancelled again, and this time the period runs out.
    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    const end = new Date((await localSubscriptions())[0].currentPeriodEnd).getTime();
    t.clock.set(new Date(end + 1000));
    const later = t.client();
    expect((await later.post('/api/login', { email: 'back@example.com', password: PASS })).json.user).toMatchObject({
      isSubscribed: false,
    });
    const late = await later.post('/api/resume-subscription');
    expect(late.status).toBe(400);
    expect(late.json.message).toBe('Your subscription has already ended. Please subscribe again.');

    const res = await later.post('/api/create-checkout-session', JOINING);
    expect(res.status).toBe(200);
    const { pathname } = new URL(res.json.url);
    expect((await pay(pathname, 'value25')).status).toBe(303);
    const sessionId = pathname.split('/').pop()!;
    expect((await later.get(`/api/checkout-session/${sessionId}`)).json).toMatchObject({
      display_text: 'VBG Premium — £12.00/month',
      needsPassword: false,
      duplicate: false,
    });
    expect((await later.get('/api/auth/user')).json).toMatchObject({
      isSubscribed: true,
      cancelAtPeriodEnd: false,
      subscriptionType: 'premium',
    });
    const subs = await localSubscriptions();
    expect(subs.map((s) => [s.status, s.amount]).sort()).toEqual([
      ['active', 1200],
      ['canceled', 1600],
    ]);
    expect((await userByEmail('back@example.com')).stripeSubscriptionId).toBe(
      subs.find((s) => s.status === 'active')!.id,
    );
  });
});
