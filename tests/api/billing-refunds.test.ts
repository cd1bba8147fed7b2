import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, subscriptionEvents, users } from '#server/db/schema';
import { setPassword } from '#server/features/auth/users';
import type { ProviderRefundReason } from '#server/providers/payments';
import { createStripePayments } from '#server/providers/payments/stripe';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { signedIn } from '../support/users';
import { FakeStripe, deliverWebhook, withFakeStripeApp } from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/** Refunds from the admin through Stripe's refunds API (the fake Stripe): decision 0041. */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

let keys = 0;
const newKey = () => `refund-action-${Date.now()}-${++keys}`;

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** A visitor pays on Stripe and the webhook is delivered: a member with one paid invoice. */
async function paidMember(email: string, amountTotal = 1600) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const paid = fake.completeCheckout(String(res.json.url).split('/').pop()!, { amountTotal });
  expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', paid.session))).status).toBe(200);
  return { ...paid, user: await userByEmail(email) };
}

const refund = (admin: HttpClient, memberId: number, body: object, key: string | null = newKey()) =>
  admin.post(`/api/admin/members/${memberId}/refund`, body, key === null ? {} : { 'idempotency-key': key });

const refundEvents = () => t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'refunded'));
const mailTo = (email: string) => t.ctx.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);

describe('refunds through Stripe', () => {
  it('a full refund refunds the latest payment, is recorded with who and why, e-mails the member and is listed', async () => {
    const { user, subscriptionId } = await paidMember('full@example.com', 1200);
    const { client: admin, user: adminUser } = await signedIn(t, 'admin');
    const payments = await admin.get(`/api/admin/members/${user.id}/payments`);
    expect(payments.status).toBe(200);
    expect(payments.json.payments).toEqual([
      expect.objectContaining({
        checkoutId: null,
        amountPaidPence: 1200,
        amountRefundedPence: 0,
        refundablePence: 1200,
      }),
    ]);

    const key = newKey();
    const res = await refund(admin, user.id, { full: true, reason: 'money_back_guarantee' }, key);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      alreadyDone: false,
      message: 'Refunded £12.00 to full@example.com.',
    });
    const [call] = fake.calls('POST', '/v1/refunds');
    expect(call.body).toMatchObject({
      amount: '1200',
      reason: 'requested_by_customer',
      metadata: {
        vbg_member_id: String(user.id),
        vbg_admin_id: String(adminUser.id),
        vbg_reason: 'money_back_guarantee',
      },
    });
    expect(call.body.payment_intent).toBe([...fake.paymentIntents.keys()][0]);
    expect(call.idempotencyKey).toBe(`vbg-refund-${key}`);

    const [event] = await refundEvents();
    expect(event).toMatchObject({
      userId: user.id,
      amountPence: 1200,
      reason: 'money_back_guarantee',
      providerRef: [...fake.refunds.keys()][0],
      createdBy: adminUser.id,
    });
    const mail = await mailTo('full@example.com');
    expect(mail.map((m) => [m.kind, m.subject])).toContainEqual(['billing', 'Your VBG refund of £12.00']);
    expect(mail.find((m) => m.kind === 'billing')!.text).toMatch(
      /refunded £12\.00 of your payment of £12\.00 on .* carries on as before/s,
    );
    // The membership itself carries on.
    expect(await userByEmail('full@example.com')).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: subscriptionId,
    });

    const list = await admin.get('/api/admin/refunds');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.json.refunds).toEqual([
      expect.objectContaining({
        memberEmail: 'full@example.com',
        amountPence: 1200,
        reason: 'money_back_guarantee',
        refundedBy: 'admin@example.com',
        endedMembership: false,
      }),
    ]);
    // Nothing is left to refund: a second action says so and asks Stripe for nothing.
    const again = await refund(admin, user.id, { full: true, reason: 'money_back_guarantee' });
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/already been refunded in full/);
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(1);
  });

  it('a partial refund takes part of the payment; more than is left is refused with the figures and nothing recorded', async () => {
    const { user } = await paidMember('part@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const part = await refund(admin, user.id, { amount: '5.50', reason: 'other', note: 'Missed a week of tips' });
    expect(part.status, part.text).toBe(200);
    expect(part.json.refund).toMatchObject({ amountPence: 550, reason: 'other', note: 'Missed a week of tips' });
    const over = await refund(admin, user.id, { amount: '11', reason: 'money_back_guarantee' });
    expect(over.status).toBe(400);
    expect(over.json.message).toMatch(
      /^£11\.00 is more than can be refunded: the latest payment was £16\.00 on .*, of which £5\.50 has been refunded already\. At most £10\.50 can be refunded\.$/,
    );
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(1);
    const rest = await refund(admin, user.id, { amount: '£10.50', reason: 'money_back_guarantee' });
    expect(rest.status).toBe(200);
    expect((await refundEvents()).map((e) => e.amountPence).sort()).toEqual([1050, 550]);
    // Newest first.
    expect(
      (await admin.get('/api/admin/refunds')).json.refunds.map((r: { amountPence: number }) => r.amountPence),
    ).toEqual([1050, 550]);
  });

  it('refuses bad requests with a clear message: no key, no reason, no amount, "other" without a note, nothing paid', async () => {
    const { user } = await paidMember('bad@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const cases: [object, string | null, RegExp][] = [
      [{ full: true, reason: 'money_back_guarantee' }, null, /Idempotency-Key header is required/],
      [{ full: true, reason: 'money_back_guarantee' }, 'short', /16 to 100 letters/],
      [{ full: true }, newKey(), /Choose a reason/],
      [{ reason: 'money_back_guarantee' }, newKey(), /Enter the amount to refund in pounds/],
      [{ amount: '1.234', reason: 'money_back_guarantee' }, newKey(), /Enter the amount/],
      [{ full: true, reason: 'other' }, newKey(), /Say why in the note/],
    ];
    for (const [body, key, message] of cases) {
      const res = await refund(admin, user.id, body, key);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const granted = await signedIn(t, 'member', 'granted@example.com'); // a membership without a payment
    const none = await refund(admin, granted.user.id, { full: true, reason: 'money_back_guarantee' });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe(
      'This member has no payment to refund: their membership was granted, or they never paid.',
    );
    expect((await refund(admin, 999999, { full: true, reason: 'money_back_guarantee' })).status).toBe(404);
    expect(
      (
        await refund((await signedIn(t, 'member', 'm@example.com')).client, user.id, {
          full: true,
          reason: 'money_back_guarantee',
        })
      ).status,
    ).toBe(403);
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(0);
    expect(await refundEvents()).toHaveLength(0);
  });

  it('a double click (the same key twice at once) and a retry refund once, record once and e-mail once', async () => {
    const { user } = await paidMember('double@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const key = newKey();
    const body = { amount: '4', reason: 'money_back_guarantee' };
    const both = await Promise.all([refund(admin, user.id, body, key), refund(admin, user.id, body, key)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const retry = await refund(admin, user.id, body, key);
    expect(retry.status).toBe(200);
    expect(retry.json.alreadyDone).toBe(true);
    expect(retry.json.message).toMatch(/already made \(£4\.00 to double@example\.com\); nothing was refunded again/);
    expect(fake.refunds.size).toBe(1);
    expect(await refundEvents()).toHaveLength(1);
    expect((await mailTo('double@example.com')).filter((m) => m.kind === 'billing')).toHaveLength(1);
  });

  it('the same key sent again for a different refund is refused (409) naming what differs; nothing is refunded again', async () => {
    const { user } = await paidMember('reused@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const key = newKey();
    const first = await refund(admin, user.id, { amount: '4', reason: 'money_back_guarantee' }, key);
    expect(first.status, first.text).toBe(200);
    const other = await refund(admin, user.id, { amount: '5', reason: 'money_back_guarantee' }, key);
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(
      'This Idempotency-Key was already used for a different refund (amount: £4.00 then, £5.00 now). Nothing was refunded. A different refund needs a new key.',
    );
    const full = await refund(admin, user.id, { full: true, reason: 'other', note: 'Goodwill' }, key);
    expect(full.status).toBe(409);
    expect(full.json.message).toContain(
      'amount: £4.00 then, a full refund now; reason: Money-back guarantee then, Other now; note: no note then, the note "Goodwill" now',
    );
    expect(fake.calls('POST', '/v1/refunds')).toHaveLength(1);
    expect([...fake.refunds.values()].map((r) => r.amount)).toEqual([400]);
    expect((await refundEvents()).map((e) => e.amountPence)).toEqual([400]);
    // The same request again is still the refund already made.
    const same = await refund(admin, user.id, { amount: '4', reason: 'money_back_guarantee' }, key);
    expect([same.status, same.json.alreadyDone]).toEqual([200, true]);
  });

  it("the fake Stripe keeps Stripe's rule for idempotency keys, as the SDK meets it", async () => {
    const { user } = await paidMember('keys@example.com');
    const payments = createStripePayments(t.ctx.config);
    const payment = (await payments.latestPayment(user.stripeSubscriptionId!))!;
    const ask = (key: string, amountPence: number, reason = 'requested_by_customer') =>
      payments.refund({
        payment,
        amountPence,
        reason: reason as ProviderRefundReason,
        metadata: {},
        idempotencyKey: key,
      });
    const made = await ask('key-one-0000000000', 300);
    // Sent again with the same parameters: the first answer, nothing made twice.
    expect((await ask('key-one-0000000000', 300)).id).toBe(made.id);
    // Other parameters under the same key: Stripe's 400 idempotency_error.
    await expect(ask('key-one-0000000000', 500)).rejects.toThrow(
      /Stripe refused the refund: Keys for idempotent requests can only be used with the same parameters/,
    );
    expect([...fake.refunds.values()].map((r) => r.amount)).toEqual([300]);
    // Parameters that fail validation save nothing: the key still starts a request once they are right.
    await expect(ask('key-two-0000000000', 200, 'not_a_reason')).rejects.toThrow(/Invalid reason/);
    expect((await ask('key-two-0000000000', 200)).amountPence).toBe(200);
    // A key is kept for 24 hours; after that the same key starts a new request.
    t.clock.advance(23 * 3600_000);
    await expect(ask('key-one-0000000000', 500)).rejects.toThrow(/same parameters/);
    t.clock.advance(3600_000);
    expect((await ask('key-one-0000000000', 500)).id).not.toBe(made.id);
    expect([...fake.refunds.values()].map((r) => r.amount).sort()).toEqual([200, 300, 500]);
  });

  it('a refusal or an outage at Stripe answers a clear message and records nothing', async () => {
    const { user } = await paidMember('refused@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    fake.refundFailure = 'refused';
    const refused = await refund(admin, user.id, { full: true, reason: 'money_back_guarantee' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'Stripe refused the refund: This charge has been charged back; it cannot be refunded. Nothing was refunded or recorded.',
    );
    fake.refundFailure = 'unavailable';
    const down = await refund(admin, user.id, { full: true, reason: 'money_back_guarantee' });
    expect(down.status).toBe(502);
    expect(down.json.message).toMatch(/did not confirm the refund, so nothing was recorded here/);
    expect(await refundEvents()).toHaveLength(0);
    expect((await mailTo('refused@example.com')).filter((m) => m.kind === 'billing')).toHaveLength(0);
  });

  it('"end membership now" cancels the subscription at Stripe at once and ends access; the late webhook records nothing more', async () => {
    const { user, subscriptionId } = await paidMember('leave@example.com');
    await setPassword(t.ctx, user.id, 'leaving-pass-1');
    const member = t.client();
    expect((await member.post('/api/login', { email: 'leave@example.com', password: 'leaving-pass-1' })).status).toBe(
      200,
    );
    expect((await member.get('/api/auth/user')).json).toMatchObject({ hasMemberAccess: true });
    const { client: admin, user: adminUser } = await signedIn(t, 'admin');
    const res = await refund(admin, user.id, { full: true, reason: 'money_back_guarantee', endMembership: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Refunded £16.00 to leave@example.com. Their membership has ended.');
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(await userByEmail('leave@example.com')).toMatchObject({
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });
    expect((await member.get('/api/auth/user')).json).toMatchObject({ isSubscribed: false, hasMemberAccess: false });
    const ended = await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'ended'));
    expect(ended).toEqual([expect.objectContaining({ userId: user.id, reason: 'refund', createdBy: adminUser.id })]);
    const [mail] = (await mailTo('leave@example.com')).filter((m) => m.kind === 'billing');
    expect(mail.text).toMatch(/Your membership has ended today and will not renew/);
    // Stripe's own "deleted" event for it arrives afterwards: nothing is ended twice.
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
    );
    expect(await t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'ended'))).toHaveLength(
      1,
    );
    expect((await admin.get('/api/admin/refunds')).json.refunds[0]).toMatchObject({ endedMembership: true });
  });

  it('refunding a duplicate payment refunds that payment and clears its "Refund due" flag', async () => {
    const original = await paidMember('dup@example.com', 1200);
    const elsewhere = fake.createSessionElsewhere({ email: 'dup@example.com', customer: original.customerId });
    const dup = fake.completeCheckout(elsewhere.id, { amountTotal: 1600 });
    expect((await deliverWebhook(t.client(), fake.event('checkout.session.completed', dup.session))).status).toBe(200);
    const { client: admin } = await signedIn(t, 'admin');
    const row = async () => (await admin.get('/api/admin/members?search=dup@')).json.members[0];
    expect((await row()).duplicatePayments).toEqual([
      expect.objectContaining({ checkoutId: elsewhere.id, amountPence: 1600, refundedPence: 0 }),
    ]);
    const payments = (await admin.get(`/api/admin/members/${original.user.id}/payments`)).json.payments;
    expect(
      payments.map((p: { checkoutId: string | null; refundablePence: number }) => [p.checkoutId, p.refundablePence]),
    ).toEqual([
      [null, 1200],
      [elsewhere.id, 1600],
    ]);

    const res = await refund(admin, original.user.id, {
      full: true,
      reason: 'duplicate_payment',
      checkoutId: elsewhere.id,
    });
    expect(res.status, res.text).toBe(200);
    const [call] = fake.calls('POST', '/v1/refunds');
    expect(call.body).toMatchObject({
      amount: '1600',
      reason: 'duplicate',
      metadata: { vbg_checkout_id: elsewhere.id },
    });
    const refunded = fake.refunds.values().next().value!;
    expect(fake.paymentIntents.get(refunded.payment_intent)!.amount).toBe(1600);
    expect((await row()).duplicatePayments).toEqual([]);
    // The kept subscription is untouched.
    expect(await userByEmail('dup@example.com')).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: original.subscriptionId,
    });
    // Another member's duplicate cannot be named.
    const other = await paidMember('other@example.com');
    const wrong = await refund(admin, other.user.id, {
      full: true,
      reason: 'duplicate_payment',
      checkoutId: elsewhere.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("That payment is not one of this member's duplicate payments.");
  });
});
