import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import { setPassword } from '#server/features/auth/users';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { JOINING } from '../support/consent';

/** The refunds list keeps an erased member's refund, named "Erased account" (decision 0041). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('GET /api/admin/refunds after the member erased their account', () => {
  it('lists the refund with its amount and no address, not the placeholder the account row keeps', async () => {
    // A visitor pays on the local checkout page.
    const email = 'leaver@example.com';
    const started = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
    const path = new URL(started.json.url).pathname;
    const paid = await t.client().request('POST', `${path}/complete`, 'discountCode=', { ...FORM, origin: t.baseUrl });
    expect(paid.status).toBe(303);
    const [member] = await t.ctx.db.select().from(users).where(eq(users.email, email));

    const { client: admin } = await signedIn(t, 'admin', 'owner@example.com');
    const refunded = await admin.post(
      `/api/admin/members/${member.id}/refund`,
      { amount: 2, reason: 'money_back_guarantee' },
      { 'idempotency-key': 'erased-member-refund' },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect((await admin.get('/api/admin/refunds')).json.refunds).toEqual([
      expect.objectContaining({
        memberId: member.id,
        memberEmail: email,
        amountPence: 200,
        refundedBy: 'owner@example.com',
      }),
    ]);

    // The member deletes their account: the row stays, as deleted-<id>@invalid.
    await setPassword(t.ctx, member.id, PASSWORD);
    const browser = t.client();
    expect((await browser.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await browser.request('DELETE', '/api/my-account', { password: PASSWORD })).status).toBe(200);
    const [erased] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(erased.email).toBe(`deleted-${member.id}@invalid`);

    const list = await admin.get('/api/admin/refunds');
    expect(list.status).toBe(200);
    expect(list.json.refunds).toEqual([
      expect.objectContaining({ memberEmail: null, amountPence: 200, refundedBy: 'owner@example.com' }),
    ]);
    expect(list.text).not.toContain('@invalid');
  });
});
