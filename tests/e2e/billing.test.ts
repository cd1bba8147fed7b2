import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, PHONE, signInThroughPage, startJourney, tickJoiningBoxes } from '../support/browser';
import { PASSWORD } from '../support/users';
import { addDays, londonDate } from '#shared/london-time';
import { createUser } from '#server/features/auth/users';
import { LOCAL_CHECKOUT_BANNER } from '#server/features/local-checkout/local-checkout-page';

/** Browser journeys of billing on the local payments provider (no Stripe key): decision 0004. */
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const DAY_MS = 86_400_000;
const MEMBER_PASSWORD = 'paid-member-1';

/** Toast titles: Radix repeats a toast's text in a hidden live region, so match exactly and take the visible one. */
/** Full-page shots of a scrolled page draw the sticky header mid-page: scroll up first. */
async function captureFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, name);
}

const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

const signIn = signInThroughPage;

/**
 * A visitor subscribes with the discount code on the local checkout and sets a password; ends
 * signed in on the home page. `shots` names the screenshots (none when omitted).
 */
async function subscribeWithDiscount(page: Page, email: string, shots?: string) {
  const shot = (name: string) => (shots ? capture(page, `${shots}-${name}`) : Promise.resolve());

  await page.goto('/subscribe');
  await expect.poll(() => page.getByRole('heading', { name: /Subscribe to/ }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Use discount code to reduce to £12/month').isVisible()).toBe(true);
  await page.getByLabel('Email').fill(email);
  await shot('subscribe');
  await tickJoiningBoxes(page);
  await page.getByRole('button', { name: 'Subscribe Now' }).click();

  await page.waitForURL('**/local-checkout/**');
  const checkoutUrl = page.url();
  await expect.poll(() => page.getByText(LOCAL_CHECKOUT_BANNER).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
  await page.getByLabel(/Discount code/).fill(j.app.config.DEFAULT_DISCOUNT_CODE);
  await shot('local-checkout');
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL('**/payment-success?session_id=*');
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  await expect.poll(() => page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(/£12\.00\/month/).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
  const setPasswordButton = page.getByRole('button', { name: 'Set Your Password' });
  await expect.poll(() => setPasswordButton.isEnabled()).toBe(true);
  await shot('payment-success');
  await setPasswordButton.click();

  await page.waitForURL('**/set-password?session_id=*');
  const emailField = page.getByLabel('Email');
  await expect.poll(() => emailField.inputValue()).toBe(email);
  await expect.poll(async () => emailField.getAttribute('readonly')).not.toBeNull();
  await page.getByLabel('New Password').fill(MEMBER_PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${MEMBER_PASSWORD}-typo`);
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect.poll(() => toastTitle(page, 'Passwords do not match').isVisible()).toBe(true);
  await expect
    .poll(() => page.getByText('Please ensure both passwords are identical', { exact: true }).first().isVisible())
    .toBe(true);
  await shot('set-password-mismatch');
  await page.getByLabel('Confirm Password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Set Password & Continue' }).click();
  await expect.poll(() => toastTitle(page, 'Password Set Successfully!').isVisible()).toBe(true);
  await shot('set-password-done');
  // Signed in automatically a second later, then home.
  await page.waitForURL((url) => url.pathname === '/');
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  return { me: await me.json(), checkoutUrl, sessionId };
}

describe('subscribing on the local checkout', () => {
  it('a visitor pays with the discount code, sets a password, is signed in and opens the members pages', async () => {
    const { page, context } = await j.newPage();
    const { me, checkoutUrl, sessionId } = await subscribeWithDiscount(page, 'new.member@example.com', 'billing');
    expect(me).toMatchObject({
      email: 'new.member@example.com',
      isSubscribed: true,
      subscriptionType: 'premium',
      subscriptionStatus: 'active',
    });
    // The home page quotes the member's own price (the discount code's £12), not the list price.
    await page.goto('/');
    await expect.poll(() => page.getByTestId('hero-price').textContent()).toBe('all for your £12 a month');
    await capture(page, 'billing-home-member');

    await page.goto('/tips');
    await expect.poll(() => page.getByRole('heading', { name: 'Daily Headline Tips' }).isVisible()).toBe(true);
    await expect.poll(async () => page.getByText('Subscription required').count()).toBe(0);
    await capture(page, 'billing-tips-member');

    await page.goto('/golf');
    await expect.poll(() => page.getByText('Weekly Golf Analysis Coming Soon').isVisible()).toBe(true);
    await expect.poll(async () => page.getByText('Subscription required').count()).toBe(0);
    await capture(page, 'billing-golf-member');

    // The checkout link is spent: opening it again goes to the success page, and the password
    // step cannot be repeated with the same session.
    await page.goto(checkoutUrl);
    await page.waitForURL('**/payment-success?session_id=*');
    await expect.poll(() => page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
    const again = await page.request.post('/api/set-password', {
      data: { session_id: sessionId, password: 'someone-else-1' },
    });
    expect(again.status()).toBe(409);
    await context.close();
  });

  it('a wrong discount code is refused on the checkout page and nothing is paid', async () => {
    const { page, context } = await j.newPage(PHONE, {
      expected: [{ url: /\/local-checkout\/[^/]+\/complete$/, status: 400 }],
    });
    await page.goto('/subscribe');
    await page.getByLabel('Email').fill('typo@example.com');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/local-checkout/**');
    await page.getByLabel(/Discount code/).fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/NOT-A-CODE.*not valid/);
    expect(page.url()).toContain('/local-checkout/');
    await capture(page, 'billing-local-checkout-bad-code');
    const admin = await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    expect(admin.created).toBe(true);
    const api = j.app.client();
    await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD });
    const list = await api.get('/api/admin/members?search=typo');
    expect(list.json.members).toEqual([]);
    await context.close();
  });
});

describe('checkout for an existing account', () => {
  it('a visitor typing the address of an account with a password is asked to sign in, not sent to pay', async () => {
    await createUser(j.app.ctx, { email: 'registered@example.com', password: PASSWORD });
    const { page, context } = await j.newPage(PHONE, {
      expected: [{ url: /\/api\/create-checkout-session$/, status: 409 }],
    });
    await page.goto('/subscribe');
    await page.getByLabel('Email').fill('registered@example.com');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect.poll(() => toastTitle(page, 'Subscription Failed').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText('This email address already has an account. Please sign in to subscribe.', { exact: true })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    await expect.poll(() => page.getByRole('button', { name: 'Subscribe Now' }).isEnabled()).toBe(true);
    await capture(page, 'billing-subscribe-existing-account');

    // Signed in, the same person checks out for their own account.
    await j.signIn(page, 'registered@example.com');
    await page.goto('/subscribe');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('registered@example.com');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/local-checkout/**');
    await expect.poll(() => page.getByText('registered@example.com').isVisible()).toBe(true);
    await context.close();
  });
});

describe('a member cancels', () => {
  it('cancels at the period end, resumes, cancels again; access ends after the date and they subscribe again with the code', async () => {
    const { page, context } = await j.newPage();
    await subscribeWithDiscount(page, 'leaver@example.com');

    await page.goto('/my-account');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect.poll(() => page.getByText('Monthly Premium', { exact: true }).isVisible()).toBe(true);
    const renewal = page.getByText('Next Renewal', { exact: true });
    await expect.poll(() => renewal.isVisible()).toBe(true);
    const dateOf = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    const renewsOn = await dateOf('Next Renewal');
    expect(renewsOn).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await capture(page, 'billing-account-subscription');

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByText(/keep access until the end of your current billing period/).isVisible())
      .toBe(true);
    await capture(page, 'billing-cancel-confirm');
    await dialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await expect.poll(() => toastTitle(page, 'Subscription cancelled').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Expires', { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => renewal.count()).toBe(0);
    await expect.poll(async () => dateOf('Expires')).toBe(renewsOn);
    await expect.poll(async () => page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await capture(page, 'billing-account-cancelled');

    // Changed their mind before the end date: resume from the same tab (decision 0018).
    await page.getByRole('button', { name: 'Close notification' }).first().click();
    await expect.poll(async () => toastTitle(page, 'Subscription cancelled').count()).toBe(0);
    await capture(page, 'billing-account-resume-offer');
    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    await expect.poll(() => toastTitle(page, 'Subscription resumed').isVisible()).toBe(true);
    await expect.poll(async () => dateOf('Next Renewal')).toBe(renewsOn);
    await expect.poll(async () => page.getByRole('button', { name: 'Resume Subscription' }).count()).toBe(0);
    await capture(page, 'billing-account-resumed');
    expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({
      isSubscribed: true,
      cancelAtPeriodEnd: false,
    });
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Yes, cancel subscription' })
      .click();
    await expect.poll(async () => dateOf('Expires')).toBe(renewsOn);

    // Still a member until the period end.
    await page.goto('/golf');
    await expect.poll(() => page.getByText('Weekly Golf Analysis Coming Soon').isVisible()).toBe(true);

    // A month and a bit later the paid period is over (the idle session has ended too).
    j.app.clock.advance(32 * DAY_MS);
    await signIn(page, 'leaver@example.com', MEMBER_PASSWORD);
    await page.waitForURL('**/subscribe');
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ isSubscribed: false, subscriptionType: 'premium' });
    for (const path of ['/golf', '/tips']) {
      await page.goto(path);
      await page.reload();
      await expect.poll(() => page.getByText('Subscription required').first().isVisible()).toBe(true);
    }
    await capture(page, 'billing-tips-lapsed');

    // The account page says it has ended and offers to subscribe again, for their own e-mail.
    await page.goto('/my-account');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect.poll(() => page.getByText('Expired', { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => dateOf('Expired')).toBe(renewsOn);
    await expect.poll(() => page.getByText('Inactive', { exact: true }).isVisible()).toBe(true);
    // Past the end there is nothing to resume: only subscribing again.
    expect(await page.getByRole('button', { name: 'Resume Subscription' }).count()).toBe(0);
    await capture(page, 'billing-account-lapsed');
    await page.getByRole('link', { name: 'Subscribe £16/month' }).click();
    await page.waitForURL('**/subscribe');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('leaver@example.com');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/local-checkout/**');
    await page.getByLabel(/Discount code/).fill(j.app.config.DEFAULT_DISCOUNT_CODE);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment-success?session_id=*');
    await expect.poll(() => page.getByText(/£12\.00\/month/).isVisible()).toBe(true);
    // Their account already has a password: no password step, straight to the account.
    await page.getByRole('link', { name: 'Go to My Account' }).click();
    await page.waitForURL('**/my-account?tab=subscription');
    await expect.poll(() => page.getByText('Next Renewal', { exact: true }).isVisible()).toBe(true);
    await capture(page, 'billing-account-resubscribed');
    await page.goto('/golf');
    await expect.poll(() => page.getByText('Weekly Golf Analysis Coming Soon').isVisible()).toBe(true);
    const back = await (await page.request.get('/api/auth/user')).json();
    expect(back).toMatchObject({ isSubscribed: true, subscriptionType: 'premium', cancelAtPeriodEnd: false });
    await context.close();
  });
});

describe('admin members', () => {
  it('an admin finds a member by e-mail and grants Lifetime Family Access', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createUser(j.app.ctx, { email: 'cousin@example.com', password: PASSWORD });
    await createUser(j.app.ctx, { email: 'someone.else@example.com', password: PASSWORD });

    // The member, signed in in another browser context, has no subscription yet.
    const member = await j.newPage(PHONE);
    await j.signIn(member.page, 'cousin@example.com');
    await expect
      .poll(async () => (await member.page.request.get('/api/auth/user')).json())
      .toMatchObject({ isSubscribed: false, subscriptionType: null });

    const { page, context } = await j.newPage();
    await j.signIn(page, 'boss@example.com');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'System Settings' }).click();
    await expect.poll(() => page.getByText('Members', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('3 accounts').isVisible()).toBe(true);
    await page.getByLabel('Search by email').fill('cousin');
    await expect.poll(() => page.getByText('1 account', { exact: true }).isVisible()).toBe(true);
    const row = page.getByRole('listitem').filter({ hasText: 'cousin@example.com' });
    await expect.poll(() => row.getByText('No subscription').isVisible()).toBe(true);
    await captureFromTop(page, 'billing-admin-members');

    await row.getByRole('button', { name: 'Grant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant access to cousin@example.com' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const type = dialog.getByLabel('Type');
    await expect.poll(async () => type.inputValue()).toBe('family');
    await captureFromTop(page, 'billing-admin-grant');
    // Annual (Special) asks for its expiry day, a year on unless changed; Lifetime Family Access has none.
    await type.selectOption('annual_special');
    await expect.poll(() => dialog.getByLabel('Expires on').inputValue()).toBe(addDays(londonDate(new Date()), 365));
    await type.selectOption('family');
    await expect.poll(() => dialog.getByLabel('Expires on').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    await expect.poll(() => toastTitle(page, 'Access granted').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Lifetime Family Access').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Lifetime', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByRole('button', { name: 'Revoke' }).isVisible()).toBe(true);
    await captureFromTop(page, 'billing-admin-granted');

    const me = await (await member.page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      email: 'cousin@example.com',
      isSubscribed: true,
      subscriptionType: 'family',
      subscriptionStatus: 'active',
    });
    await member.page.goto('/my-account');
    await member.page.getByRole('tab', { name: 'Subscription' }).click();
    await expect.poll(() => member.page.getByText('Lifetime Family Access', { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => member.page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await capture(member.page, 'billing-account-family');
    await member.context.close();
    await context.close();
  });
});
