import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, stripeEnv, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const sessionIdOf = (url: string) => url.split('/').pop()!;

async function checkout(email: string, client = t.client()) {
  const res = await client.post('/api/create-checkout-session', { email, ...JOINING });
  expect(res.status).toBe(200);
  return { client, sessionId: sessionIdOf(res.json.url), url: res.json.url as string };
}

async function paidCheckout(email: string, amountTotal = 1200) {
  const c = await checkout(email);
  const { session, subscriptionId, customerId } = fake.completeCheckout(c.sessionId, { amountTotal });
  const hook = await deliverWebhook(t.client(), fake.event('checkout.session.completed', session));
  expect(hook.status).toBe(200);
  return { ...c, subscriptionId, customerId };
}

describe('POST /api/create-checkout-session', () => {
  it('creates a subscription Checkout on the configured price with promotion codes, the e-mail and the return URLs', async () => {
    const res = await t.client().post('/api/create-checkout-session', { email: 'Punter@Example.com', ...JOINING });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [call] = fake.calls('POST', '/v1/checkout/sessions');
    expect(call.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      allow_promotion_codes: 'true',
      customer_email: 'punter@example.com',
      success_url: `${t.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.baseUrl}/subscribe?checkout=cancelled`,
    });
    expect(call.body.customer).toBeUndefined();
  });

  it('uses PUBLIC_URL for the return URLs when it is set', async () => {
    const withUrl = await startTestApp(stripeEnv(fake, { PUBLIC_URL: 'https://vbg.example' }));
    try {
      expect(
        (await withUrl.client().post('/api/create-checkout-session', { email: 'a@example.com', ...JOINING })).status,
      ).toBe(200);
      const call = fake.calls('POST', '/v1/checkout/sessions').pop()!;
      expect(call.body.success_url).toBe('https://vbg.example/payment-success?session_id={CHECKOUT_SESSION_ID}');
      expect(call.body.cancel_url).toBe('https://vbg.example/subscribe?checkout=cancelled');
    } finally {
      await withUrl.close();
    }
  });

  it('refuses an empty or invalid e-mail with 400 and calls Stripe for neither', async () => {
    const empty = await t.client().post('/api/create-checkout-session', { email: '', ...JOINING });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Email is required');
    const missing = await t.client().post('/api/create-checkout-session', JOINING);
    expect(missing.status).toBe(400);
    const invalid = await t.client().post('/api/create-checkout-session', { email: 'not-an-email', ...JOINING });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('Please enter a valid email address');
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('without an annual price the annual plan is refused with 400 and Stripe is not called', async () => {
    expect((await t.client().get('/api/config')).json).toMatchObject({
      paymentsProvider: 'stripe',
      annualPricePence: null,
    });
    const res = await t
      .client()
      .post('/api/create-checkout-session', { email: 'a@example.com', ...JOINING, plan: 'annual' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The annual plan is not available at the moment. Please choose the monthly plan.');
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('checks a signed-in non-member out for their own e-mail, and refuses a signed-in member with 409', async () => {
    const nonMember = await signedIn(t, 'nonMember', 'free@example.com');
    const res = await nonMember.client.post('/api/create-checkout-session', {
      email: 'someone-else@example.com',
      ...JOINING,
    });
    expect(res.status).toBe(200);
    expect(fake.calls('POST', '/v1/checkout/sessions').pop()!.body.customer_email).toBe('free@example.com');

    const member = await signedIn(t, 'member', 'paying@example.com');
    const refused = await member.client.post('/api/create-checkout-session', {
      email: 'paying@example.com',
      ...JOINING,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('You already have an active subscription.');
    // The same e-mail typed by a visitor is not charged twice either.
    const typed = await t.client().post('/api/create-checkout-session', { email: 'paying@example.com', ...JOINING });
    expect(typed.status).toBe(409);
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(1);
  });
});

describe('GET /api/checkout-session/{id}', () => {
  it('answers 404 for an unknown session and for one not paid yet', async () => {
    expect((await t.client().get('/api/checkout-session/cs_test_unknown')).status).toBe(404);
    const { sessionId } = await checkout('later@example.com');
    const unpaid = await t.client().get(`/api/checkout-session/${sessionId}`);
    expect(unpaid.status).toBe(404);
    expect(unpaid.json.message).toBeTruthy();
  });

  it('shows the e-mail and the price actually paid once paid (webhook first)', async () => {
    const { sessionId } = await paidCheckout('paid@example.com', 1200);
    const res = await t.client().get(`/api/checkout-session/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      email: 'paid@example.com',
      display_text: 'VBG Premium — £12.00/month',
      needsPassword: true,
      duplicate: false,
      // The day the payment went through, from the stored checkout (the page's "Start date").
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('works when the browser is back before the webhook: the session is read from Stripe', async () => {
    const { sessionId } = await checkout('quick@example.com');
    fake.completeCheckout(sessionId, { amountTotal: 1600 });
    const res = await t.client().get(`/api/checkout-session/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.json.display_text).toBe('VBG Premium — £16.00/month');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'quick@example.com'));
    expect(user).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'premium', passwordHash: null });
  });
});

describe('POST /api/set-password', () => {
  it('sets the password once, signs the browser in as a member, and refuses a second use with 409', async () => {
    const { sessionId } = await paidCheckout('new@example.com');
    const browser = t.client();
    const short = await browser.post('/api/set-password', { session_id: sessionId, password: '12345' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 6 characters long');

    const res = await browser.post('/api/set-password', { session_id: sessionId, password: 'my-new-pass' });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: 'new@example.com', isSubscribed: true, subscriptionType: 'premium' });
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: 'new@example.com', isSubscribed: true, hasMemberAccess: true });

    const again = await t.client().post('/api/set-password', { session_id: sessionId, password: 'hijacker-pass' });
    expect(again.status).toBe(409);
    expect((await t.client().post('/api/login', { email: 'new@example.com', password: 'hijacker-pass' })).status).toBe(
      401,
    );
    expect((await t.client().post('/api/login', { email: 'new@example.com', password: 'my-new-pass' })).status).toBe(
      200,
    );
  });

  it('never sets the password of an existing account that paid (decision 0018): its sessions and password stay', async () => {
    const free = await signedIn(t, 'nonMember', 'existing@example.com');
    const { url } = await checkout('ignored@example.com', free.client);
    const sessionId = sessionIdOf(url);
    fake.completeCheckout(sessionId, { amountTotal: 1600 });
    const browser = t.client();
    const res = await browser.post('/api/set-password', { session_id: sessionId, password: 'fresh-pass-1' });
    expect(res.status).toBe(409);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await free.client.get('/api/auth/user')).json).toMatchObject({
      email: 'existing@example.com',
      isSubscribed: true,
    });
    expect((await t.client().post('/api/login', { email: 'existing@example.com', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('answers 404 for an unknown or unpaid session', async () => {
    expect((await t.client().post('/api/set-password', { session_id: 'cs_nope', password: 'secret1' })).status).toBe(
      404,
    );
    const { sessionId } = await checkout('unpaid@example.com');
    expect((await t.client().post('/api/set-password', { session_id: sessionId, password: 'secret1' })).status).toBe(
      404,
    );
  });
});
