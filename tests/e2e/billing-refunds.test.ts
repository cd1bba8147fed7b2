import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptionEvents } from '#server/db/schema';
import { createUser, findUserByEmail, setPassword } from '#server/features/auth/users';
import { handlePaymentEvent } from '#server/features/billing/payment-events';
import { createLocalPayments } from '#server/providers/payments/local';
import { NO_PORTAL_TEXT } from '#web/features/billing/manage-billing-button';
import { PHONE, capture, startJourney } from '../support/browser';
import { PASSWORD } from '../support/users';
import { JOINING } from '../support/consent';

/** The admin refunds a member from the members list; a member whose payment failed sees it in My Account (decision 0041), on the local checkout. */
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A visitor who paid £16 on the local checkout. */
async function paidMember(email: string) {
  const res = await j.app.client().post('/api/create-checkout-session', { email, ...JOINING });
  const path = new URL(res.json.url).pathname;
  expect(
    (await j.app.client().request('POST', `${path}/complete`, 'discountCode=', { ...FORM, origin: j.app.baseUrl }))
      .status,
  ).toBe(303);
}

describe('refunds in the admin', () => {
  it('the admin opens Refund on a member, is refused more than was paid, refunds part of it and sees it listed', async () => {
    await paidMember('refund.me@example.com');
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const { page, context } = await j.newPage(undefined, {
      expected: [{ url: /\/api\/admin\/members\/\d+\/refund$/, status: 400 }],
    });
    await j.signIn(page, 'boss@example.com');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'System Settings' }).click();
    await page.getByLabel('Search by email').fill('refund.me');
    const row = page.getByRole('listitem').filter({ hasText: 'refund.me@example.com' });
    await row.getByRole('button', { name: 'Refund refund.me@example.com' }).click();

    const dialog = page.getByRole('dialog', { name: 'Refund refund.me@example.com' });
    await expect.poll(() => dialog.getByTestId('refundable').textContent()).toBe('£16.00 can be refunded.');
    await expect.poll(() => dialog.getByRole('button', { name: 'Refund £16.00' }).isVisible()).toBe(true);
    await capture(page, 'billing-refund-dialog');

    await dialog.getByLabel('Part of it').check();
    // Checked in the browser with the server's schema: its message shows beside the amount.
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect
      .poll(() =>
        dialog
          .getByText('Enter the amount to refund in pounds, like 16.00, or choose a full refund', { exact: true })
          .isVisible(),
      )
      .toBe(true);
    expect(await dialog.getByLabel('Amount to refund (£)').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Amount to refund (£)').fill('20');
    await dialog.getByLabel('Reason').selectOption('other');
    await dialog.getByLabel('Note (required)').fill('Tips e-mail missed for a week');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toMatch(
        /^£20\.00 is more than can be refunded: the latest payment was £16\.00 on .*At most £16\.00 can be refunded\.$/,
      );
    await capture(page, 'billing-refund-refused');

    await dialog.getByLabel('Amount to refund (£)').fill('5.50');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect.poll(() => page.getByText('Refund made', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const refunds = page.getByRole('list', { name: 'Refunds made' });
    await expect.poll(() => refunds.getByText('refund.me@example.com').isVisible()).toBe(true);
    await expect.poll(() => refunds.getByText('£5.50').isVisible()).toBe(true);
    await expect.poll(() => refunds.getByText('Other: Tips e-mail missed for a week').isVisible()).toBe(true);
    await capture(page, 'billing-refunds-list');

    const events = await j.app.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.type, 'refunded'));
    expect(events).toEqual([expect.objectContaining({ amountPence: 550, reason: 'other' })]);

    // Opening Refund again shows what is left.
    await row.getByRole('button', { name: 'Refund refund.me@example.com' }).click();
    await expect
      .poll(() => dialog.getByTestId('refundable').textContent())
      .toBe('£5.50 refunded already; £10.50 can be refunded.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('a price change in the admin', () => {
  it('the form shows the schema’s messages beside its fields before anything is sent, then announces after confirming', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const { page, context } = await j.newPage();
    await j.signIn(page, 'boss@example.com');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'System Settings' }).click();
    const price = page.getByLabel('New price (£)');
    await price.fill('eighteen');
    await price.blur();
    await expect
      .poll(() => page.getByText('Enter the new price in pounds, like 18.00.', { exact: true }).isVisible())
      .toBe(true);
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await price.fill('18.00');
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe(null);
    await page.getByRole('button', { name: 'Announce price change' }).click();
    await expect
      .poll(() => page.getByText('Write the message members will read', { exact: true }).isVisible())
      .toBe(true);
    await capture(page, 'billing-price-change-invalid');
    await page.getByLabel('Message to members').fill('Our monthly price goes up to £18.00.');
    await page.getByRole('button', { name: 'Announce price change' }).click();
    const confirm = page.getByRole('dialog', { name: 'Announce this price change?' });
    await expect
      .poll(() => confirm.textContent())
      .toContain('Every member paying on the monthly plan is e-mailed now: £18.00 from');
    await confirm.getByRole('button', { name: 'Announce and e-mail members' }).click();
    await expect.poll(() => page.getByText('Price change announced', { exact: true }).first().isVisible()).toBe(true);
    const list = page.getByRole('list', { name: 'Price changes announced' });
    await expect.poll(() => list.getByText(/^Monthly: £18\.00 from /).isVisible()).toBe(true);
    expect(await price.inputValue()).toBe('');
    await context.close();
  });
});

describe('a failed payment in My Account', () => {
  it('the member sees until when access lasts and, on the local checkout, why there is no card to update', async () => {
    await paidMember('late@example.com');
    const member = await findUserByEmail(j.app.ctx, 'late@example.com');
    await setPassword(j.app.ctx, member.id, PASSWORD);
    const payments = createLocalPayments(j.app.ctx);
    await handlePaymentEvent(
      j.app.ctx,
      payments,
      await payments.simulateRenewal(member.stripeSubscriptionId!, 'failed'),
    );

    const { page, context } = await j.newPage(PHONE);
    await j.signIn(page, 'late@example.com');
    await page.goto('/my-account?tab=subscription');
    await expect
      .poll(() =>
        page
          .getByText(
            /^Your last payment did not go through\. You keep access until \d+ \w+ \d{4} while we try your card again/,
          )
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText(NO_PORTAL_TEXT).isVisible()).toBe(true);
    await expect.poll(async () => page.getByRole('link', { name: /^Subscribe £/ }).count()).toBe(0);
    await capture(page, 'billing-payment-failed-account');
    await context.close();
  });
});
