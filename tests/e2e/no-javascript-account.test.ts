import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORDS_DIFFER } from '#shared/auth-rules';
import { TERMS_REQUIRED_MESSAGE } from '#shared/consent';
import { RESET_LINK_SENT_MESSAGE } from '#shared/mail';
import { outbox } from '#server/db/schema';
import { PHONE, startJourney, tickJoiningBoxes } from '../support/browser';
import { createAccount } from '../support/users';

// Without JavaScript a buyer pays, chooses a password and signs in with it; a visitor registers;
// a member who forgot the password asks for a link. Every page arrives rendered and every form
// posts to the server.
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());

describe('a buyer without JavaScript', () => {
  it(
    'pays on the local checkout, sets a password after paying and signs in with it',
    { timeout: 120_000 },
    async () => {
      const buyer = 'nojs.payer@example.com';
      const { page, context } = await j.newPage(PHONE, { javaScriptEnabled: false });
      await page.goto('/subscribe');
      await page.getByLabel('Email').fill(buyer);
      await tickJoiningBoxes(page);
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.waitForURL(/\/local-checkout\/lcs_/);
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL(/\/payment-success\?session_id=/);
      expect(await page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
      expect(await page.getByText(buyer).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Set Your Password' }).click();

      await page.waitForURL(/\/set-password\?session_id=/);
      expect(await page.getByLabel('Email').inputValue()).toBe(buyer);
      // A typing slip comes back with its reason, nothing set.
      await page.getByLabel('New Password').fill('payer-pass-1');
      await page.getByLabel('Confirm Password').fill('payer-pass-2');
      await page.getByRole('button', { name: 'Set Password & Continue' }).click();
      await page.waitForURL(/\/set-password\?session_id=[^&]+&error=differ$/);
      expect(await page.getByRole('alert').textContent()).toBe(PASSWORDS_DIFFER);
      expect(await page.getByLabel('New Password').inputValue()).toBe('');
      await page.getByLabel('New Password').fill('payer-pass-1');
      await page.getByLabel('Confirm Password').fill('payer-pass-1');
      await page.getByRole('button', { name: 'Set Password & Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect((await context.cookies()).some((c) => c.name === 'vbg_session')).toBe(true);
      await context.close();

      // Another browser signs in with the password just chosen, straight to the members' home.
      const later = await j.newPage(PHONE, { javaScriptEnabled: false });
      await later.page.goto('/login');
      await later.page.getByLabel('Email').fill(buyer);
      await later.page.getByLabel('Password').fill('payer-pass-1');
      await later.page.getByRole('button', { name: 'Sign In' }).click();
      await later.page.waitForURL((url) => url.pathname === '/');
      const me = await later.page.request.get('/api/auth/user');
      expect(await me.json()).toMatchObject({ email: buyer, isSubscribed: true });
      await later.context.close();
    },
  );
});

describe('a visitor without JavaScript', () => {
  it(
    'registers, sent back once for the terms with the address and the ticked box kept',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await j.newPage(PHONE, { javaScriptEnabled: false });
      await page.goto('/register');
      await page.getByLabel('Email').fill('nojs.register@example.com');
      await page.getByLabel('Password', { exact: true }).fill('register-pass');
      await page.getByLabel('Confirm Password').fill('register-pass');
      await page.getByRole('checkbox', { name: 'I am 18 or over' }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(/\/register\?error=terms/);
      expect(await page.getByRole('alert').textContent()).toBe(TERMS_REQUIRED_MESSAGE);
      expect(await page.getByLabel('Email').inputValue()).toBe('nojs.register@example.com');
      expect(await page.getByRole('checkbox', { name: 'I am 18 or over' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

      await page.getByLabel('Password', { exact: true }).fill('register-pass');
      await page.getByLabel('Confirm Password').fill('register-pass');
      await page.getByRole('checkbox', { name: /^I accept the terms and conditions/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL((url) => url.pathname === '/subscribe' && url.search === '');
      const me = await page.request.get('/api/auth/user');
      expect(await me.json()).toMatchObject({ email: 'nojs.register@example.com', isSubscribed: false });
      await context.close();
    },
  );

  it('asks for a reset link and is told to check the e-mail', { timeout: 120_000 }, async () => {
    await createAccount(j.app, 'member', 'nojs.forgot@example.com');
    const { page, context } = await j.newPage(PHONE, { javaScriptEnabled: false });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('Email').fill('nojs.forgot@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.waitForURL(/\/forgot-password\?sent=1$/);
    expect(await page.getByText(RESET_LINK_SENT_MESSAGE).isVisible()).toBe(true);
    const mails = await j.app.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'nojs.forgot@example.com'));
    expect(mails.map((m) => m.kind)).toEqual(['password-reset']);
    await context.close();
  });
});
