import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AGE_REQUIRED_MESSAGE,
  ANNUAL_UNAVAILABLE_MESSAGE,
  START_NOW_REQUIRED_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
  TERMS_VERSION,
} from '#shared/consent';
import { addDays, formatLongDay, londonClock, londonDate } from '#shared/london-time';
import { checkoutSessions, localPayments, outbox, subscriptionEvents, users } from '#server/db/schema';
import { createLocalPayments } from '#server/providers/payments/local';
import { startTestApp, type TestApp } from '../support/test-app';
import { createAccount, PASSWORD, signedIn } from '../support/users';
import { CONSENT, JOINING } from '../support/consent';

/**
 * Joining on the local checkout: who may register and check out (18 or over, the terms, starting
 * now), when each consent was given and where it is kept, the welcome e-mail that confirms the
 * contract, and the annual plan (ANNUAL_PRICE_PENCE) beside the monthly one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    ANNUAL_PRICE_PENCE: '14400',
    SUPPORT_EMAIL: 'help@vbg.test',
    PUBLIC_URL: 'https://vbg.test',
  });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY = 86400_000;
const BOXES = [
  ['confirmAge', AGE_REQUIRED_MESSAGE],
  ['acceptTerms', TERMS_REQUIRED_MESSAGE],
  ['startNow', START_NOW_REQUIRED_MESSAGE],
] as const;

const userOf = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];
const within = (at: Date | null, from: Date, to: Date) =>
  at !== null && at.getTime() >= from.getTime() && at.getTime() <= to.getTime();

async function startCheckout(body: object, client = t.client()) {
  const res = await client.post('/api/create-checkout-session', body);
  expect(res.status).toBe(200);
  const path = new URL(res.json.url).pathname;
  return { path, sessionId: path.split('/').pop()! };
}

async function pay(path: string, fields = '') {
  return t.client().request('POST', `${path}/complete`, fields, { ...FORM, origin: t.baseUrl });
}

const welcomes = () => t.ctx.db.select().from(outbox).where(eq(outbox.kind, 'welcome'));

describe('registering', () => {
  it('is refused without each box, with its own message, and creates no account', async () => {
    const form = { email: 'young@example.com', password: 'secret-1', confirmPassword: 'secret-1' };
    for (const [box, message] of BOXES.slice(0, 2)) {
      const res = await t.client().post('/api/register', { ...form, ...CONSENT, [box]: undefined });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    }
    // Only JSON true ticks a box.
    for (const fake of [false, 'true', 'on', 1])
      expect((await t.client().post('/api/register', { ...form, ...CONSENT, confirmAge: fake })).json.message).toBe(
        AGE_REQUIRED_MESSAGE,
      );
    expect(await t.ctx.db.select().from(users)).toEqual([]);
  });

  it('keeps when the person confirmed their age and accepted which terms', async () => {
    const before = t.clock.now();
    const res = await t.client().post('/api/register', {
      email: 'adult@example.com',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      ...CONSENT,
    });
    expect(res.status).toBe(201);
    const user = await userOf('adult@example.com');
    expect(within(user.ageConfirmedAt, before, t.clock.now())).toBe(true);
    expect(user.termsAcceptedAt).toEqual(user.ageConfirmedAt);
    expect(user.termsVersion).toBe(TERMS_VERSION);
  });
});

describe('checking out', () => {
  it('is refused without each box, for a visitor and for a signed-in account, with nothing started', async () => {
    const { client } = await signedIn(t, 'nonMember', 'free@example.com');
    for (const [box, message] of BOXES) {
      const visitor = await t
        .client()
        .post('/api/create-checkout-session', { email: 'buyer@example.com', ...JOINING, [box]: undefined });
      expect(visitor.status).toBe(400);
      expect(visitor.json).toEqual({ message });
      const own = await client.post('/api/create-checkout-session', { ...JOINING, [box]: false });
      expect(own.status).toBe(400);
      expect(own.json).toEqual({ message });
    }
    expect(await t.ctx.db.select().from(checkoutSessions)).toEqual([]);
    expect(await t.ctx.db.select().from(localPayments)).toEqual([]);
  });

  it('without "start now" explains that membership starts at once and the 7-day money-back guarantee still applies', async () => {
    const res = await t
      .client()
      .post('/api/create-checkout-session', { email: 'buyer@example.com', confirmAge: true, acceptTerms: true });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/starts as soon as you pay/);
    expect(res.json.message).toMatch(/14-day right to cancel/);
    expect(res.json.message).toMatch(/7-day money-back guarantee still applies/);
  });

  it('keeps each consent time and the plan on the checkout, and copies the consent to the account once paid', async () => {
    const before = t.clock.now();
    const { path, sessionId } = await startCheckout({ email: 'buyer@example.com', ...JOINING });
    const [row] = await t.ctx.db.select().from(checkoutSessions);
    expect(row.plan).toBe('monthly');
    for (const at of [row.ageConfirmedAt, row.termsAcceptedAt, row.startNowAcknowledgedAt])
      expect(within(at, before, t.clock.now())).toBe(true);
    expect(await userOf('buyer@example.com')).toBeUndefined();

    t.clock.advance(10 * 60_000); // paid ten minutes later: the consent is the checkout's, not the payment's
    expect((await pay(path)).status).toBe(303);
    const user = await userOf('buyer@example.com');
    expect(user).toMatchObject({
      subscriptionType: 'premium',
      ageConfirmedAt: row.ageConfirmedAt,
      termsAcceptedAt: row.termsAcceptedAt,
      termsVersion: TERMS_VERSION,
    });
    const events = await t.ctx.db.select().from(subscriptionEvents);
    expect(events).toEqual([
      expect.objectContaining({
        userId: user.id,
        type: 'joined',
        amountPence: 1600,
        providerRef: sessionId,
        detail: expect.objectContaining({
          plan: 'monthly',
          startNowAcknowledgedAt: row.startNowAcknowledgedAt!.toISOString(),
        }),
      }),
    ]);
  });

  it("a signed-in account's consent is renewed by its checkout", async () => {
    const registered = t.clock.now();
    expect(
      (
        await t.client().post('/api/register', {
          email: 'early@example.com',
          password: 'secret-1',
          confirmPassword: 'secret-1',
          ...CONSENT,
        })
      ).status,
    ).toBe(201);
    const browser = t.client();
    expect((await browser.post('/api/login', { email: 'early@example.com', password: 'secret-1' })).status).toBe(200);
    t.clock.advance(20 * 60_000);
    const { path } = await startCheckout(JOINING, browser);
    expect((await pay(path)).status).toBe(303);
    const user = await userOf('early@example.com');
    expect(user.ageConfirmedAt!.getTime()).toBeGreaterThanOrEqual(registered.getTime() + 20 * 60_000);
    expect(user.termsAcceptedAt).toEqual(user.ageConfirmedAt);
  });
});

describe('the welcome e-mail', () => {
  it('confirms the plan, price, renewal, the consent and when, the lost 14-day right, the money-back guarantee and how to cancel; once', async () => {
    const { path, sessionId } = await startCheckout({ email: 'welcome@example.com', ...JOINING });
    const [row] = await t.ctx.db.select().from(checkoutSessions);
    expect((await pay(path)).status).toBe(303);
    // The success page's lookup and a second Pay record nothing new.
    expect((await t.client().get(`/api/checkout-session/${sessionId}`)).status).toBe(200);
    expect((await pay(path)).status).toBe(303);
    const mail = await welcomes();
    expect(mail).toHaveLength(1);
    const [welcome] = mail;
    expect(welcome).toMatchObject({
      recipient: 'welcome@example.com',
      subject: 'Welcome to VBG Premium',
      idempotencyKey: `welcome:${sessionId}`,
    });
    const text = welcome.text;
    const user = await userOf('welcome@example.com');
    const [joined] = await t.ctx.db.select().from(subscriptionEvents);
    const londonDay = (d: Date) => formatLongDay(londonDate(d));
    const consentAt = `${londonDay(row.ageConfirmedAt!)} at ${londonClock(row.ageConfirmedAt!)} (UK time)`;
    expect(text).toContain('Plan: Monthly Premium (paid monthly)');
    expect(text).toContain(`Paid: £16.00 on ${londonDay(joined.occurredAt)}`);
    expect(text).toContain(
      `It renews automatically every month at £16.00 a month until you cancel; the next payment is due on ${londonDay(user.subscriptionEndDate!)}.`,
    );
    expect(text).toContain(`You confirmed you are 18 or over: ${consentAt}`);
    expect(text).toContain(`You accepted our terms and conditions (version ${TERMS_VERSION}): ${consentAt}`);
    expect(text).toContain(`You asked for your membership to start straight away: ${consentAt}`);
    expect(text).toContain(
      'the 14-day right to cancel under the Consumer Contracts Regulations ended when your membership started',
    );
    expect(text).toContain(
      `7-day money-back guarantee: if VBG is not for you, e-mail help@vbg.test from this address by ${formatLongDay(addDays(londonDate(joined.occurredAt), 7))} (within 7 days of paying) and we refund this payment in full.`,
    );
    expect(text).toContain(
      'How to cancel: sign in, open My Account, choose the Subscription tab, press Cancel Subscription and confirm.',
    );
    expect(text).toContain('choose your password on the page you came back to after paying'); // the checkout made the account
    expect(text).toContain('Terms and conditions: https://vbg.test/terms');
    expect(text).toContain('18+ | Please gamble responsibly.');
    // Setting the password sends no second one.
    expect((await t.client().post('/api/set-password', { session_id: sessionId, password: 'new-pass-1' })).status).toBe(
      200,
    );
    expect(await welcomes()).toHaveLength(1);
  });

  it('goes to a signed-in buyer too (no password step), and not for a duplicate payment', async () => {
    await createAccount(t, 'nonMember', 'own@example.com');
    const browser = t.client();
    expect((await browser.post('/api/login', { email: 'own@example.com', password: PASSWORD })).status).toBe(200);
    const first = await startCheckout(JOINING, browser);
    expect((await pay(first.path)).status).toBe(303);
    const [welcome] = await welcomes();
    expect(welcome.recipient).toBe('own@example.com');
    expect(welcome.text).not.toContain('choose your password');
    // A second checkout made where the first could not expire it, paid too: a duplicate, refunded, not welcomed.
    const elsewhere = await createLocalPayments(t.ctx).createCheckoutSession({
      email: 'own@example.com',
      plan: 'monthly',
      successUrl: `${t.baseUrl}/payment-success`,
      cancelUrl: `${t.baseUrl}/subscribe`,
    });
    expect((await pay(new URL(elsewhere.url).pathname)).status).toBe(303);
    expect(await welcomes()).toHaveLength(1);
    expect((await t.ctx.db.select().from(subscriptionEvents)).map((e) => e.type)).toEqual(['joined']);
  });
});

describe('the annual plan', () => {
  it('is in the public config with its price', async () => {
    expect((await t.client().get('/api/config')).json.annualPricePence).toBe(14400);
  });

  it('checks out through the local checkout at its yearly price; the account is an annual plan renewing in a year', async () => {
    const { path, sessionId } = await startCheckout({ email: 'yearly@example.com', ...JOINING, plan: 'annual' });
    expect((await t.ctx.db.select().from(checkoutSessions))[0].plan).toBe('annual');
    const page = await t.client().get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dt>Plan</dt><dd>Annual</dd>');
    expect(page.text).toContain('£144.00/year');
    expect(page.text).not.toContain('name="discountCode"'); // the discount code is a monthly price

    // A discount code posted anyway is refused and nothing is paid.
    const coded = await pay(path, 'discountCode=value25');
    expect(coded.status).toBe(400);
    expect(coded.text).toContain('Discount codes apply to the monthly plan only.');
    expect((await t.ctx.db.select().from(localPayments)).filter((r) => r.kind === 'subscription')).toEqual([]);

    const paidAt = t.clock.now();
    expect((await pay(path)).status).toBe(303);
    const browser = t.client();
    const lookup = await browser.get(`/api/checkout-session/${sessionId}`);
    expect(lookup.json.display_text).toBe('VBG Premium — £144.00/year');
    expect((await browser.post('/api/set-password', { session_id: sessionId, password: 'yearly-pass' })).status).toBe(
      200,
    );
    const me = (await browser.get('/api/auth/user')).json;
    expect(me).toMatchObject({ subscriptionType: 'annual', isSubscribed: true, cancelAtPeriodEnd: false });
    const renews = new Date(me.subscriptionEndDate).getTime();
    expect(renews).toBeGreaterThanOrEqual(paidAt.getTime() + 365 * DAY);
    expect(renews).toBeLessThanOrEqual(paidAt.getTime() + 367 * DAY);
    // The home page quotes a monthly price only for the monthly plan.
    expect((await browser.get('/api/my-subscription-price')).json).toEqual({ monthlyPricePence: null });
    const [joined] = await t.ctx.db.select().from(subscriptionEvents);
    expect(joined).toMatchObject({
      type: 'joined',
      amountPence: 14400,
      detail: expect.objectContaining({ plan: 'annual' }),
    });
    const [welcome] = await welcomes();
    expect(welcome.text).toContain('Plan: Annual Premium (paid yearly)');
    expect(welcome.text).toContain('It renews automatically every year at £144.00 a year until you cancel');
    expect(welcome.text).toContain('We e-mail you a reminder before each yearly renewal.');

    // Cancelling ends it at the renewal date; resuming makes it renew again.
    const cancelled = await browser.post('/api/cancel-subscription', { reason: 'not_using' });
    expect(cancelled.status).toBe(200);
    expect(new Date(cancelled.json.subscriptionEndDate).getTime()).toBe(renews);
    expect((await browser.post('/api/resume-subscription')).status).toBe(200);
    expect((await browser.get('/api/auth/user')).json).toMatchObject({
      subscriptionType: 'annual',
      cancelAtPeriodEnd: false,
    });
  });

  it('a made-up plan is refused with 400 and starts nothing', async () => {
    const res = await t
      .client()
      .post('/api/create-checkout-session', { email: 'x@example.com', ...JOINING, plan: 'weekly' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Please choose the monthly or the annual plan.');
    expect(await t.ctx.db.select().from(checkoutSessions)).toEqual([]);
  });
});

describe('without ANNUAL_PRICE_PENCE', () => {
  it('the annual plan is off: not in the public config, and refused at checkout', async () => {
    const monthlyOnly = await startTestApp();
    try {
      expect((await monthlyOnly.client().get('/api/config')).json.annualPricePence).toBeNull();
      const res = await monthlyOnly
        .client()
        .post('/api/create-checkout-session', { email: 'x@example.com', ...JOINING, plan: 'annual' });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(ANNUAL_UNAVAILABLE_MESSAGE);
      expect(await monthlyOnly.ctx.db.select().from(checkoutSessions)).toEqual([]);
    } finally {
      await monthlyOnly.close();
    }
  });
});
