import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGE_REQUIRED_MESSAGE, START_NOW_REQUIRED_MESSAGE, TERMS_REQUIRED_MESSAGE } from '#shared/consent';
import { subscriptionEvents, users } from '#server/db/schema';
import { capture, PHONE, startJourney } from '../support/browser';

/** Joining with consent (the boxes must be ticked), choosing the annual plan, and leaving with a reason. */
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney({ ANNUAL_PRICE_PENCE: '14400' });
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const PASSWORD = 'annual-member-1';

describe('joining', () => {
  it('a visitor must tick each box, chooses the annual plan, pays it, and later cancels with a reason', async () => {
    const { page, context } = await j.newPage(PHONE);
    await page.goto('/subscribe');
    const plans = page.getByRole('group', { name: 'Choose your plan' });
    await expect.poll(() => plans.getByRole('radio', { name: /Monthly.*£16\/month/ }).isChecked()).toBe(true);
    await expect.poll(() => plans.getByRole('radio', { name: /Annual.*£144\.00\/year/ }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill('yearly@example.com');
    await capture(page, 'joining-subscribe-plans');

    // Each unticked box stops the checkout with its own message, and takes the focus.
    const subscribe = page.getByRole('button', { name: 'Subscribe Now' });
    const boxes = [
      [page.getByRole('checkbox', { name: 'I am 18 or over' }), AGE_REQUIRED_MESSAGE],
      [
        page.getByRole('checkbox', { name: /^I accept the terms and conditions and have read the privacy notice$/ }),
        TERMS_REQUIRED_MESSAGE,
      ],
      [
        page.getByRole('checkbox', {
          name: /^Start my membership now\. I understand that once it starts I lose my 14-day right to cancel/,
        }),
        START_NOW_REQUIRED_MESSAGE,
      ],
    ] as const;
    for (const [box, message] of boxes) {
      await subscribe.click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(message);
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      if (message === AGE_REQUIRED_MESSAGE) await capture(page, 'joining-subscribe-refused');
      await box.check();
      await expect.poll(async () => page.getByRole('alert').count()).toBe(0);
    }
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(await page.getByRole('link', { name: 'terms and conditions', exact: true }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(await page.getByRole('link', { name: 'privacy notice', exact: true }).getAttribute('href')).toBe('/privacy');

    await plans.getByRole('radio', { name: /Annual/ }).check();
    await capture(page, 'joining-subscribe-ready');
    await subscribe.click();
    await page.waitForURL('**/local-checkout/**');
    await expect.poll(() => page.getByText('£144.00/year').isVisible()).toBe(true);
    await expect.poll(() => page.locator('dd', { hasText: 'Annual' }).isVisible()).toBe(true);
    expect(await page.getByLabel(/Discount code/).count()).toBe(0);
    await capture(page, 'joining-local-checkout-annual');
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL('**/payment-success?session_id=*');
    await expect.poll(() => page.getByText(/£144\.00\/year/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Set Your Password' }).click();
    await page.waitForURL('**/set-password?session_id=*');
    await page.getByLabel('New Password').fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set Password & Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/my-account');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect.poll(() => page.getByText('Annual Premium', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Next Renewal', { exact: true }).isVisible()).toBe(true);

    // Leaving is one confirmation; the reason is optional and asked in the same dialog.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: 'It costs too much' }).check();
    await dialog.getByLabel('Anything else you would like to tell us? (optional)').fill('Too dear for me this winter.');
    await expect.poll(() => dialog.getByText('28/500 characters').isVisible()).toBe(true);
    await capture(page, 'joining-cancel-with-reason');
    await dialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await expect.poll(() => page.getByText('Expires', { exact: true }).isVisible()).toBe(true);

    const [user] = await j.app.ctx.db.select().from(users).where(eq(users.email, 'yearly@example.com'));
    expect(user).toMatchObject({ subscriptionType: 'annual', cancelAtPeriodEnd: true });
    expect(user.ageConfirmedAt).not.toBeNull();
    const cancelled = (
      await j.app.ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, user.id))
    ).find((e) => e.type === 'cancel_requested');
    expect(cancelled).toMatchObject({
      reason: 'too_expensive',
      detail: expect.objectContaining({ comment: 'Too dear for me this winter.', plan: 'annual' }),
    });
    await context.close();
  });

  it('registering asks for the age and terms boxes too', async () => {
    const { page, context } = await j.newPage(PHONE);
    await page.goto('/register');
    await page.getByLabel('Email').fill('new.reader@example.com');
    await page.getByLabel('Password', { exact: true }).fill('reader-pass-1');
    await page.getByLabel('Confirm Password').fill('reader-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(AGE_REQUIRED_MESSAGE);
    expect(await page.getByRole('checkbox', { name: /Start my membership now/ }).count()).toBe(0); // asked only when joining
    await capture(page, 'joining-register-refused');
    await page.getByRole('checkbox', { name: 'I am 18 or over' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(TERMS_REQUIRED_MESSAGE);
    expect(await j.app.ctx.db.select().from(users)).toEqual([]);
    await page.getByRole('checkbox', { name: /^I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/subscribe');
    const [user] = await j.app.ctx.db.select().from(users);
    expect(user).toMatchObject({ email: 'new.reader@example.com' });
    expect(user.termsAcceptedAt).not.toBeNull();
    await context.close();
  });
});
