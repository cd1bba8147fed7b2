import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localPayments, outbox, subscriptionEvents, users } from '#server/db/schema';
import { createLocalPayments } from '#server/providers/payments/local';
import { startTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { signedIn } from '../support/users';
import { JOINING } from '../support/consent';

/** Refunds from the admin on the built-in local checkout (no Stripe key): decision 0041. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let keys = 0;
const newKey = () => `local-refund-${Date.now()}-${++keys}`;

async function userByEmail(email: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return u;
}

/** A visitor pays on the local checkout page (with the discount code when given). */
async function paidMember(email: string, discountCode = '') {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const path = new URL(res.json.url).pathname;
  const paid = await t
    .client()
    .request('POST', `${path}/complete`, `discountCode=${discountCode}`, { ...FORM, origin: t.baseUrl });
  expect(paid.status).toBe(303);
  return userByEmail(email);
}

const refund = (admin: HttpClient, memberId: number, body: object, key = newKey()) =>
  admin.post(`/api/admin/members/${memberId}/refund`, body, { 'idempotency-key': key });
const localRefunds = () => t.ctx.db.select().from(localPayments).where(eq(localPayments.kind, 'refund'));
const refundEvents = () => t.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'refunded'));

describe('refunds on the local checkout', () => {
  it('full and partial refunds of the payment recorded by the local checkout; more than paid is refused', async () => {
    const member = await paidMember('local@example.com', 'value25');
    const { client: admin } = await signedIn(t, 'admin');
    const before = (await admin.get(`/api/admin/members/${member.id}/payments`)).json.payments;
    expect(before).toEqual([
      expect.objectContaining({ checkoutId: null, amountPaidPence: 1200, refundablePence: 1200 }),
    ]);

    const over = await refund(admin, member.id, { amount: '12.01', reason: 'money_back_guarantee' });
    expect(over.status).toBe(400);
    expect(over.json.message).toMatch(
      /^£12\.01 is more than can be refunded: the latest payment was £12\.00 on .*\. At most £12\.00 can be refunded\.$/,
    );
    expect(await localRefunds()).toHaveLength(0);

    const part = await refund(admin, member.id, { amount: 2, reason: 'money_back_guarantee' });
    expect(part.status, part.text).toBe(200);
    expect(part.json.message).toBe('Refunded £2.00 to local@example.com.');
    const full = await refund(admin, member.id, { full: true, reason: 'other', note: 'Goodwill' });
    expect(full.status).toBe(200);
    expect(full.json.refund).toMatchObject({ amountPence: 1000, note: 'Goodwill' });
    expect((await localRefunds()).map((r) => (r.data as { amount: number }).amount).sort()).toEqual([1000, 200]);
    expect((await refundEvents()).map((e) => [e.amountPence, e.providerRef!.startsWith('lre_')])).toEqual(
      expect.arrayContaining([
        [200, true],
        [1000, true],
      ]),
    );
    const after = (await admin.get(`/api/admin/members/${member.id}/payments`)).json.payments;
    expect(after).toEqual([expect.objectContaining({ amountRefundedPence: 1200, refundablePence: 0 })]);
    const nothingLeft = await refund(admin, member.id, { amount: '0.01', reason: 'money_back_guarantee' });
    expect(nothingLeft.status).toBe(400);
    expect(nothingLeft.json.message).toMatch(/already been refunded in full/);
    const mail = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'local@example.com'));
    expect(
      mail
        .filter((m) => m.kind === 'billing')
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Your VBG refund of £10.00', 'Your VBG refund of £2.00']);
  });

  it('the same action twice at once refunds once; its key reused for another amount is refused', async () => {
    const member = await paidMember('twice@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const key = newKey();
    const body = { amount: '3', reason: 'money_back_guarantee' };
    const both = await Promise.all([refund(admin, member.id, body, key), refund(admin, member.id, body, key)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await localRefunds()).toHaveLength(1);
    expect(await refundEvents()).toHaveLength(1);
    // The provider keeps the key too: a different refund under it is not made (nothing recorded here).
    const payments = createLocalPayments(t.ctx);
    const payment = (await payments.latestPayment(member.stripeSubscriptionId!))!;
    await expect(
      payments.refund({
        payment,
        amountPence: 500,
        reason: 'requested_by_customer',
        metadata: {},
        idempotencyKey: key,
      }),
    ).rejects.toThrow(/same parameters/);
    expect(await localRefunds()).toHaveLength(1);
    // Through the admin: the key sent again for another amount is refused, naming the difference.
    const other = await refund(admin, member.id, { amount: '5', reason: 'money_back_guarantee' }, key);
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(
      'This Idempotency-Key was already used for a different refund (amount: £3.00 then, £5.00 now). Nothing was refunded. A different refund needs a new key.',
    );
    const ending = await refund(admin, member.id, { ...body, endMembership: true }, key);
    expect(ending.status).toBe(409);
    expect(ending.json.message).toContain('membership: not to end the membership then, to end the membership now');
    expect(await localRefunds()).toHaveLength(1);
    expect((await refundEvents()).map((e) => e.amountPence)).toEqual([300]);
    const [account] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(account.subscriptionStatus).toBe('active');
    const same = await refund(admin, member.id, body, key);
    expect([same.status, same.json.alreadyDone]).toEqual([200, true]);
  });

  it('"end membership now" ends the local subscription and access at once', async () => {
    const member = await paidMember('end@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const res = await refund(admin, member.id, { full: true, reason: 'money_back_guarantee', endMembership: true });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Refunded £16.00 to end@example.com. Their membership has ended.');
    const [sub] = await t.ctx.db.select().from(localPayments).where(eq(localPayments.id, member.stripeSubscriptionId!));
    expect(sub.data).toMatchObject({ status: 'canceled' });
    const after = await userByEmail('end@example.com');
    expect(after.subscriptionStatus).toBe('canceled');
    const [row] = (await admin.get('/api/admin/members?search=end@')).json.members;
    expect(row).toMatchObject({ hasAccess: false });
    expect((await admin.get('/api/admin/refunds')).json.refunds).toEqual([
      expect.objectContaining({ memberEmail: 'end@example.com', endedMembership: true, amountPence: 1600 }),
    ]);
  });
});
