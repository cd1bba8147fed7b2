import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localPayments, processedEvents } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { FakeStripe, deliverWebhook, stripeEnv } from '../support/fake-stripe';
import { PASSWORD, signedIn } from '../support/users';
import { CONSENT, JOINING } from '../support/consent';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(); // no STRIPE_SECRET_KEY: the local provider
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY = 86400_000;

async function startCheckout(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  expect(res.status).toBe(200);
  const url = new URL(res.json.url);
  expect(url.origin).toBe(t.baseUrl);
  expect(url.pathname).toMatch(/^\/local-checkout\/lcs_[A-Za-z0-9_-]{24}$/);
  return { path: url.pathname, sessionId: url.pathname.split('/').pop()! };
}

describe('local payments provider', () => {
  it('runs the whole purchase over HTTP: page, discount code, redirect, lookup, password, member access', async () => {
    const { path, sessionId } = await startCheckout('local@example.com');
    const page = await t.client().get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('Test payment — no card is charged');
    expect(page.text).toContain('local@example.com');
    expect(page.text).toContain('£16.00/month');
    expect(page.text).toContain(`action="/local-checkout/${sessionId}/complete"`);
    expect(page.text).toContain('name="discountCode"');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    // So that the browser's form post carries a real Origin (not "null") past the same-origin check.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');

    const browser = t.client();
    const paid = await browser.request('POST', `${path}/complete`, 'discountCode=value25', {
      ...FORM,
      origin: t.baseUrl,
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.baseUrl}/payment-success?session_id=${sessionId}`);

    const lookup = await browser.get(`/api/checkout-session/${sessionId}`);
    expect(lookup.status).toBe(200);
    expect(lookup.json).toEqual({
      email: 'local@example.com',
      display_text: 'VBG Premium — £12.00/month',
      needsPassword: true,
      duplicate: false,
      startDate: expect.any(String),
    });

    const set = await browser.post('/api/set-password', { session_id: sessionId, password: 'local-pass' });
    expect(set.status).toBe(200);
    const me = await browser.get('/api/auth/user');
    expect(me.json).toMatchObject({
      email: 'local@example.com',
      isSubscribed: true,
      hasMemberAccess: true,
      subscriptionType: 'premium',
      cancelAtPeriodEnd: false,
    });
    // The member's own price (the discount code's £12), not the £16 list price.
    const price = await browser.get('/api/my-subscription-price');
    expect(price.json).toEqual({ monthlyPricePence: 1200 });
    expect(price.headers.get('cache-control')).toBe('private, no-cache');
    expect((await t.client().get('/api/my-subscription-price')).status).toBe(401);
    // A membership the admin granted has no price to quote.
    const { client: granted } = await signedIn(t, 'member', 'granted@example.com');
    expect((await granted.get('/api/my-subscription-price')).json).toEqual({ monthlyPricePence: null });
    expect((await t.client().post('/api/set-password', { session_id: sessionId, password: 'other-pass' })).status).toBe(
      409,
    );

    // The page of a paid checkout sends the browser on; paying twice makes no second subscription.
    const again = await t.client().get(path);
    expect(again.status).toBe(303);
    expect((await t.client().request('POST', `${path}/complete`, '', FORM)).status).toBe(303);
    const subs = (await t.ctx.db.select().from(localPayments)).filter((r) => r.kind === 'subscription');
    expect(subs).toHaveLength(1);
    // The completion went through the same once-only event handling as a Stripe webhook.
    expect(await t.ctx.db.select().from(processedEvents)).toEqual([
      expect.objectContaining({ id: `evt_local_${sessionId}`, type: 'checkout.session.completed' }),
    ]);
  });

  it('a checkout started for an address whose owner then registers cannot set that password; the owner keeps theirs', async () => {
    const { path, sessionId } = await startCheckout('owner@example.com');
    // The owner registers (with a password) before the stranger's payment completes.
    expect(
      (
        await t.client().post('/api/register', {
          email: 'owner@example.com',
          password: 'owner-pass-1',
          confirmPassword: 'owner-pass-1',
          ...CONSENT,
        })
      ).status,
    ).toBeLessThan(300);
    const stranger = t.client();
    expect((await stranger.request('POST', `${path}/complete`, '', { ...FORM, origin: t.baseUrl })).status).toBe(303);
    const set = await stranger.post('/api/set-password', { session_id: sessionId, password: 'taken-over' });
    expect(set.status).toBe(409);
    expect(set.json.message).toBe(
      'This payment was made for an existing account, so there is no password to set here. Please sign in: the subscription is on that account.',
    );
    expect((await stranger.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/login', { email: 'owner@example.com', password: 'taken-over' })).status).toBe(
      401,
    );
    expect((await t.client().post('/api/login', { email: 'owner@example.com', password: 'owner-pass-1' })).status).toBe(
      200,
    );
  });

  it("a signed-in account's own checkout has no password step (decision 0018): the session id changes nothing", async () => {
    const { client } = await signedIn(t, 'nonMember');
    const res = await client.post('/api/create-checkout-session', JOINING);
    expect(res.status).toBe(200);
    const url = new URL(res.json.url);
    const sessionId = url.pathname.split('/').pop()!;
    expect((await client.request('POST', `${url.pathname}/complete`, '', { ...FORM, origin: t.baseUrl })).status).toBe(
      303,
    );
    const stranger = t.client();
    expect((await stranger.post('/api/set-password', { session_id: sessionId, password: 'fresh-pass-1' })).status).toBe(
      409,
    );
    expect((await stranger.get('/api/auth/user')).status).toBe(401);
    expect((await stranger.get(`/api/checkout-session/${sessionId}`)).json.needsPassword).toBe(false);
    expect((await client.get('/api/auth/user')).json).toMatchObject({ isSubscribed: true });
    expect((await t.client().post('/api/login', { email: 'nonmember@example.com', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('charges the full £16 without a code, and shows the page again with a message for a wrong code', async () => {
    const { path, sessionId } = await startCheckout('full@example.com');
    const wrong = await t.client().request('POST', `${path}/complete`, 'discountCode=NOPE', FORM);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Test payment — no card is charged');
    expect(wrong.text).toContain('The discount code &quot;NOPE&quot; is not valid.');
    expect(wrong.text).toContain('value="NOPE"');
    expect((await t.client().get(`/api/checkout-session/${sessionId}`)).status).toBe(404);

    const paid = await t.client().request('POST', `${path}/complete`, 'discountCode=', FORM);
    expect(paid.status).toBe(303);
    expect((await t.client().get(`/api/checkout-session/${sessionId}`)).json.display_text).toBe(
      'VBG Premium — £16.00/month',
    );
  });

  it('escapes what it shows and answers 404 for an unknown checkout', async () => {
    const missing = await t.client().get('/local-checkout/lcs_unknown');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Checkout not found');
    expect((await t.client().request('POST', '/local-checkout/lcs_unknown/complete', '', FORM)).status).toBe(404);
  });

  it('cancels at the period end like Stripe, and the billing portal and webhooks are not offered', async () => {
    const { path, sessionId } = await startCheckout('cancel@example.com');
    await t.client().request('POST', `${path}/complete`, '', FORM);
    const browser = t.client();
    await browser.post('/api/set-password', { session_id: sessionId, password: 'local-pass' });
    const res = await browser.post('/api/cancel-subscription');
    expect(res.status).toBe(200);
    const me = (await browser.get('/api/auth/user')).json;
    expect(me).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });
    const end = new Date(me.subscriptionEndDate).getTime();
    expect(end).toBeGreaterThan(Date.now() + 27 * DAY);

    expect((await browser.post('/api/billing-portal')).status).toBe(404);
    expect(
      (
        await t.client().request('POST', '/api/stripe/webhook', '{}', {
          'content-type': 'application/json',
          'stripe-signature': 't=1,v1=x',
        })
      ).status,
    ).toBe(400);

    t.clock.set(new Date(end + 1000));
    const later = await t.client().post('/api/login', { email: 'cancel@example.com', password: 'local-pass' });
    expect(later.json.user).toMatchObject({ isSubscribed: false });
  });

  it('makes invoice links as test checkouts too (admin only)', async () => {
    const local = await startTestApp({ STRIPE_INVOICE_PRICES: 'phase3=price_p3' });
    try {
      const admin = await signedIn(local, 'admin');
      const res = await admin.client.post('/api/create-invoice-link', {
        email: 'client@example.com',
        customerName: 'A Client',
      });
      expect(res.status).toBe(200);
      const page = await local.client().get(new URL(res.json.url).pathname);
      expect(page.text).toContain('Test payment — no card is charged');
      expect(page.text).toContain('invoice (phase3) for A Client');
    } finally {
      await local.close();
    }
  });
});

describe('local checkout with Stripe configured', () => {
  it('refuses to run (404) when a Stripe key is set', async () => {
    const fake = await FakeStripe.start();
    const withStripe = await startTestApp(stripeEnv(fake));
    try {
      const page = await withStripe.client().get('/local-checkout/lcs_anything');
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('Test payment — no card is charged');
      const post = await withStripe
        .client()
        .request('POST', '/local-checkout/lcs_anything/complete', 'discountCode=VALUE25', FORM);
      expect(post.status).toBe(404);
      // Even a session id the local provider would have made cannot be paid there.
      const res = await withStripe
        .client()
        .post('/api/create-checkout-session', { email: 'real@example.com', ...JOINING });
      expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      expect((await deliverWebhook(withStripe.client(), fake.event('ping', { id: 'x' }))).status).toBe(200);
    } finally {
      await withStripe.close();
      await fake.close();
    }
  });
});
