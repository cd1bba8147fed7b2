import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capture, checkA11y, PHONE, startJourney, tickJoiningBoxes } from '../support/browser';
import { PASSWORD } from '../support/users';
import { createUser } from '#server/features/auth/users';
import { createLocalPayments } from '#server/providers/payments/local';

/**
 * In the browser, on the local checkout (decision 0018): a checkout link
 * never signs anyone in; a duplicate payment is told to the payer and flagged to the admin.
 */
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('a signed-in buyer who already has a password', () => {
  it('goes from payment success straight to their account; the same link in another browser signs nobody in', async () => {
    await createUser(j.app.ctx, { email: 'regular@example.com', password: PASSWORD });
    const { page, context } = await j.newPage(PHONE);
    await j.signIn(page, 'regular@example.com');
    await page.goto('/subscribe');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/local-checkout/**');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL('**/payment-success?session_id=*');
    const successUrl = page.url();
    await expect.poll(() => page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/£16\.00\/month/).isVisible()).toBe(true);
    const toAccount = page.getByRole('link', { name: 'Go to My Account' });
    await expect.poll(() => toAccount.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Set Your Password' }).count()).toBe(0);
    expect(await page.getByText('Set your password', { exact: true }).count()).toBe(0);
    await checkA11y(page, 'payment-success-account');
    await capture(page, 'billing-trust-payment-success-account');

    await toAccount.click();
    await page.waitForURL('**/my-account?tab=subscription');
    await expect.poll(() => page.getByRole('tab', { name: 'Subscription', selected: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Monthly Premium', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await capture(page, 'billing-trust-account-after-payment');

    // The success URL in another browser (history, a forwarded link): the page's text, nothing more.
    const other = await j.newPage(PHONE);
    await other.page.goto(successUrl);
    await expect.poll(() => other.page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
    const signInLink = other.page.locator('main a[href^="/login?email="]');
    await expect.poll(() => signInLink.textContent()).toBe('Sign In');
    expect(await other.page.getByRole('button', { name: 'Set Your Password' }).count()).toBe(0);
    await capture(other.page, 'billing-trust-payment-success-other-browser');
    const sessionId = new URL(successUrl).searchParams.get('session_id')!;
    await other.page.goto(`/set-password?session_id=${encodeURIComponent(sessionId)}`);
    await expect
      .poll(() => other.page.getByText('There is no password to set for this payment.').isVisible())
      .toBe(true);
    expect(await other.page.getByLabel('New Password').count()).toBe(0);
    await capture(other.page, 'billing-trust-set-password-closed');
    const forced = await other.page.request.post('/api/set-password', {
      data: { session_id: sessionId, password: 'taken-over-1' },
    });
    expect(forced.status()).toBe(409);
    expect((await other.page.request.get('/api/auth/user')).status()).toBe(401);

    // The owner is still signed in, with their own password.
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe('regular@example.com');
    await other.context.close();
    await context.close();
  });
});

describe('a duplicate payment', () => {
  it('the payer is told on the success page, and the admin sees the refund due in the members list', async () => {
    await createUser(j.app.ctx, { email: 'twice@example.com', password: PASSWORD });
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const { page, context } = await j.newPage(PHONE);
    await j.signIn(page, 'twice@example.com');
    await page.goto('/subscribe');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/local-checkout/**');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment-success?session_id=*');

    // A second checkout for the same address, made where this one could not expire it (another instance racing).
    const elsewhere = await createLocalPayments(j.app.ctx).createCheckoutSession({
      email: 'twice@example.com',
      plan: 'monthly',
      successUrl: `${j.app.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${j.app.baseUrl}/subscribe`,
    });
    await page.goto(elsewhere.url);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment-success?session_id=*');
    await expect.poll(() => page.getByText('You were already subscribed.').isVisible()).toBe(true);
    await capture(page, 'billing-trust-payment-success-duplicate');
    expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({
      isSubscribed: true,
      cancelAtPeriodEnd: false,
    });

    const admin = await j.newPage();
    await j.signIn(admin.page, 'boss@example.com');
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'System Settings' }).click();
    await admin.page.getByLabel('Search by email').fill('twice');
    const row = admin.page.getByRole('listitem').filter({ hasText: 'twice@example.com' });
    await expect.poll(() => row.getByText('Refund due').isVisible()).toBe(true);
    await expect.poll(() => row.getByText(/£16\.00 paid .* while already subscribed/).isVisible()).toBe(true);
    // No toast over the list (signed in without the form: none to close), and from the top (a
    // scrolled full-page shot draws the sticky header mid-page).
    expect(await admin.page.getByRole('button', { name: 'Close notification' }).count()).toBe(0);
    await admin.page.evaluate(() => window.scrollTo(0, 0));
    await capture(admin.page, 'billing-trust-admin-refund-due');
    await admin.context.close();
    await context.close();
  });
});
