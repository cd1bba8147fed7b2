import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, noticesSent, outbox, priceChanges, subscriptionEvents, users } from '#server/db/schema';
import { runHousekeeping } from '#server/features/housekeeping/housekeeping';
import type { TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/** Renewal and discount-end reminders (housekeeping) and price changes announced with notice: decision 0041. */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const DAY = 86_400_000;
/** Noon in London, with no clock change in the next two months: whole days move whole London days. */
const START = new Date('2026-06-01T11:00:00Z');

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** A member paying on Stripe; `plan: 'annual'` as the annual plan's checkout records it. */
async function payer(email: string, opts: { amountTotal?: number; plan?: 'monthly' | 'annual' } = {}) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const paid = fake.completeCheckout(String(res.json.url).split('/').pop()!, { amountTotal: opts.amountTotal ?? 1600 });
  expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
  if (opts.plan)
    await t.ctx.db.update(checkoutSessions).set({ plan: opts.plan }).where(eq(checkoutSessions.id, paid.session.id));
  return { ...paid, user: await userByEmail(email) };
}

const billingMail = async (email: string) =>
  (await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id)).filter(
    (m) => m.kind === 'billing',
  );
const notices = () => t.ctx.db.select().from(noticesSent);

describe('renewal reminders for plans longer than a month', () => {
  it('e-mails RENEWAL_NOTICE_DAYS before the renewal, on that London day and not before, once', async () => {
    t.clock.set(START);
    const annual = await payer('annual@example.com', { plan: 'annual' });
    // The annual plan's own type (the renewing yearly plan) is treated the same way.
    const yearly = await payer('yearly@example.com');
    await t.ctx.db.update(users).set({ subscriptionType: 'annual' }).where(eq(users.id, yearly.user.id));
    const monthly = await payer('monthly@example.com');
    const cancelling = await payer('cancelling@example.com', { plan: 'annual' });
    await t.ctx.db.update(users).set({ cancelAtPeriodEnd: true }).where(eq(users.id, cancelling.user.id));
    const renewsAt = annual.user.subscriptionEndDate!; // 30 days on (the fake's period)

    const readsBefore = fake.calls('GET', '/v1/subscriptions/').length;
    t.clock.advance(22 * DAY); // eight London days before
    expect(await runHousekeeping(t.ctx)).toMatchObject({ renewalNotices: 0, discountNotices: 0 });
    expect(fake.calls('GET', '/v1/subscriptions/')).toHaveLength(readsBefore);
    t.clock.advance(DAY); // seven days before: due
    expect(await runHousekeeping(t.ctx)).toMatchObject({ renewalNotices: 2 });
    const [mail] = await billingMail('annual@example.com');
    expect(mail.subject).toMatch(/^Your VBG annual membership renews on \w+ 1 July 2026$/);
    expect(mail.text).toMatch(/renews automatically on .*when we will take £16\.00 from your card/s);
    expect(mail.text).toMatch(/cancel before then in My Account/);
    expect(await billingMail('yearly@example.com')).toHaveLength(1);
    expect(await billingMail('monthly@example.com')).toHaveLength(0);
    expect(await billingMail('cancelling@example.com')).toHaveLength(0);
    // The monthly full-price member was not even asked about (only read when their checkout was recorded).
    expect(fake.calls('GET', `/v1/subscriptions/${monthly.subscriptionId}`)).toHaveLength(1);
    expect((await notices()).map((n) => [n.userId, n.kind, n.occasion]).sort()).toEqual(
      [
        [annual.user.id, 'renewal', '2026-07-01'],
        [yearly.user.id, 'renewal', '2026-07-01'],
      ].sort(),
    );
    const events = await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'notice_sent'));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      reason: 'renewal',
      detail: expect.objectContaining({ occasion: '2026-07-01', renewsAt: renewsAt.toISOString() }),
    });

    // Later passes (same day, next day) send nothing more.
    expect(await runHousekeeping(t.ctx)).toMatchObject({ renewalNotices: 0 });
    t.clock.advance(DAY);
    expect(await runHousekeeping(t.ctx)).toMatchObject({ renewalNotices: 0 });
    expect(await billingMail('annual@example.com')).toHaveLength(1);
  });

  it('sends nothing when the member cancelled at Stripe since (the stored state not yet updated)', async () => {
    t.clock.set(START);
    const annual = await payer('changed@example.com', { plan: 'annual' });
    fake.subscriptions.get(annual.subscriptionId)!.cancel_at_period_end = true;
    t.clock.advance(23 * DAY);
    expect(await runHousekeeping(t.ctx)).toMatchObject({ renewalNotices: 0 });
    expect(await notices()).toHaveLength(0);
  });
});

describe('the end of a discounted period', () => {
  it('e-mails before the first renewal at the full price when Stripe reports the discount ending; a discount that never ends sends nothing', async () => {
    t.clock.set(START);
    const ending = await payer('ending@example.com', { amountTotal: 1200 });
    const forever = await payer('forever@example.com', { amountTotal: 1200 });
    const sub = fake.subscriptions.get(ending.subscriptionId)!;
    // As at Stripe: the price is the list price, a coupon for some months takes the discount off each invoice until its end.
    sub.items.data[0].price.unit_amount = 1600;
    sub.discounts = [{ id: 'di_test_1', object: 'discount', end: sub.items.data[0].current_period_end - 3600 }];
    const foreverReads = fake.calls('GET', `/v1/subscriptions/${forever.subscriptionId}`).length;

    t.clock.advance(23 * DAY);
    expect(await runHousekeeping(t.ctx)).toMatchObject({ discountNotices: 1, renewalNotices: 0 });
    const [mail] = await billingMail('ending@example.com');
    expect(mail.subject).toBe('Your VBG discount ends on Wednesday 1 July 2026');
    expect(mail.text).toMatch(/Your renewal on Wednesday 1 July 2026 will be at the full price of £16\.00/);
    expect(await billingMail('forever@example.com')).toHaveLength(0);
    expect(fake.calls('GET', `/v1/subscriptions/${forever.subscriptionId}`)).toHaveLength(foreverReads + 1);

    // Not twice; and a discount that never ends is not asked about again for the same renewal.
    expect(await runHousekeeping(t.ctx)).toMatchObject({ discountNotices: 0 });
    expect(fake.calls('GET', `/v1/subscriptions/${forever.subscriptionId}`)).toHaveLength(foreverReads + 1);
    expect(await billingMail('ending@example.com')).toHaveLength(1);
    expect((await notices()).map((n) => [n.kind, n.occasion])).toEqual([['discount_end', '2026-07-01']]);
  });
});

describe('price changes announced with notice', () => {
  it('records the change and e-mails every paying member on that plan, once each, with a history row', async () => {
    t.clock.set(START);
    const a = await payer('one@example.com');
    const b = await payer('two@example.com', { amountTotal: 1200 });
    await payer('year@example.com', { plan: 'annual' });
    await createAccount(t, 'member', 'granted@example.com'); // no payment: a grant-like account without a subscription
    const { client: admin, user: adminUser } = await signedIn(t, 'admin');

    const early = await admin.post('/api/admin/price-changes', {
      plan: 'monthly',
      newPricePence: 1800,
      effectiveFrom: '2026-06-30',
      message: 'Costs went up.',
    });
    expect(early.status).toBe(400);
    expect(early.json.message).toBe(
      'A price change must be announced at least 30 days ahead: the earliest date it can take effect is Wednesday 1 July 2026 (2026-07-01).',
    );
    for (const [body, message] of [
      [{ plan: 'weekly', newPricePence: 1800, effectiveFrom: '2026-08-01', message: 'x' }, /plan must be/],
      [{ plan: 'monthly', newPricePence: 18.5, effectiveFrom: '2026-08-01', message: 'x' }, /whole pence/],
      [{ plan: 'monthly', newPricePence: 1800, effectiveFrom: '1 Aug', message: 'x' }, /YYYY-MM-DD/],
      [
        { plan: 'monthly', newPricePence: 1800, effectiveFrom: '2026-08-01', message: ' ' },
        /message members will read/,
      ],
    ] as const) {
      const res = await admin.post('/api/admin/price-changes', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(priceChanges)).toHaveLength(0);

    const res = await admin.post('/api/admin/price-changes', {
      plan: 'monthly',
      newPricePence: 1800,
      effectiveFrom: '2026-07-01',
      message: 'Our data costs have gone up.',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe(
      'The monthly price of £18.00 from Wednesday 1 July 2026 was announced to 2 members on that plan.',
    );
    expect(res.json.priceChange).toMatchObject({
      plan: 'monthly',
      newPricePence: 1800,
      effectiveFrom: '2026-07-01',
      notified: 2,
      createdBy: 'admin@example.com',
    });
    for (const email of ['one@example.com', 'two@example.com']) {
      const [mail] = await billingMail(email);
      expect(mail.subject).toBe('A change to the price of your VBG membership from Wednesday 1 July 2026');
      expect(mail.text).toMatch(
        /will cost £18\.00 a month\. Your first payment at the new price is your first renewal on or after that date/,
      );
      expect(mail.text).toContain('Our data costs have gone up.');
    }
    expect(await billingMail('year@example.com')).toHaveLength(0);
    expect(await billingMail('granted@example.com')).toHaveLength(0);
    const events = await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'notice_sent'));
    expect(events.map((e) => e.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(events[0]).toMatchObject({
      reason: 'price_change',
      createdBy: adminUser.id,
      detail: expect.objectContaining({ newPricePence: 1800, effectiveFrom: '2026-07-01' }),
    });

    const annual = await admin.post('/api/admin/price-changes', {
      plan: 'annual',
      newPricePence: 15000,
      effectiveFrom: '2026-09-01',
      message: 'New annual price.',
    });
    expect(annual.json.priceChange.notified).toBe(1);
    expect(await billingMail('year@example.com')).toHaveLength(1);
    const list = await admin.get('/api/admin/price-changes');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.json.priceChanges.map((p: { plan: string; notified: number }) => [p.plan, p.notified])).toEqual([
      ['annual', 1],
      ['monthly', 2],
    ]);
    expect((await (await signedIn(t, 'member', 'm@example.com')).client.get('/api/admin/price-changes')).status).toBe(
      403,
    );
  });
});
