import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, expectFailures, signInThroughPage, startJourney } from '../support/browser';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { createAccount, signedIn } from '../support/users';

/** E-mail journeys with the app's worker delivering to a real SMTP server on 127.0.0.1. */
let j: Awaited<ReturnType<typeof startJourney>>;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  j = await startJourney({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await j.close();
  await smtp.close();
});
beforeEach(async () => {
  await j.app.reset();
  smtp.clear();
});

/** Links in e-mail point at PUBLIC_URL (unset here: localhost:5000); the browser opens the same path on the test app. */
const onTestApp = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

describe('e-mail journeys', () => {
  it('forgot password: the e-mailed link sets a new password, and the member signs in with it', async () => {
    await createAccount(j.app, 'member', 'ann@example.com');
    const { page } = await j.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The page's code loads on demand: wait for it, or the sign-in form's Email field gets filled.
    await expect.poll(() => page.getByRole('heading', { name: 'Forgot Password' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill('ann@example.com');
    await capture(page, 'mail-forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByText('Check your e-mail').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/If an account exists for that e-mail address/).isVisible()).toBe(true);
    await capture(page, 'mail-forgot-password-sent');

    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['ann@example.com']);
    const link = /Choose a new password: (\S+)/.exec(mail.parsed.text!)![1];
    await page.goto(onTestApp(link));
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    await page.getByLabel('New Password').fill('fresh-start-9');
    await page.getByLabel('Confirm Password').fill('fresh-start-9');
    await capture(page, 'mail-reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toastTitle(page, 'Password reset').isVisible()).toBe(true);

    await signInThroughPage(page, 'ann@example.com', 'fresh-start-9');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => toastTitle(page, 'Login successful!').isVisible()).toBe(true);

    // The link was spent.
    expectFailures(page, { url: /\/api\/reset-password$/, status: 400 });
    await page.goto(onTestApp(link));
    await page.getByLabel('New Password').fill('another-one-1');
    await page.getByLabel('Confirm Password').fill('another-one-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Request a new link' }).isVisible()).toBe(true);
    await capture(page, 'mail-reset-link-spent');
  });

  it('an admin sends the daily e-mail, sees the toast and the outbox; a member unsubscribes from the link', async () => {
    const { client: admin } = await signedIn(j.app, 'admin');
    await createAccount(j.app, 'member', 'ann@example.com');
    await createAccount(j.app, 'member', 'bob@example.com');
    const published = await admin.post('/api/secure-content-upload', {
      nap: 'Northern Star – 2:10 Ascot',
      nb: 'Harbour Light – 3:15 Haydock',
      longshot: 'Long Road – 4:00 Ascot',
      multiple1: 'Lucky 15: Northern Star, Harbour Light, Copper Coast, Silent Witness',
      multiple2: '',
      multiple3: '',
      multiple4: '',
      dailyPreview: '<p>Good to soft at Ascot.</p>',
      bannerDate: 'Tuesday 14 July 2026',
      confirmUnproofedLegs: true, // the legs are on no card
    });
    expect(published.status).toBe(200);

    const { page } = await j.newPage();
    await j.signIn(page, 'admin@example.com');
    await page.goto('/admin');
    const sendDaily = page.getByRole('button', { name: 'Send Daily Update Email' });
    await expect.poll(() => sendDaily.isVisible()).toBe(true);
    await sendDaily.scrollIntoViewIfNeeded();
    await sendDaily.click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        dialog.getByText('Send today’s tips summary with a link to the tips to all active members now?').isVisible(),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => toastTitle(page, 'Email Sent').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Sent to 2 active members', { exact: true }).first().isVisible()).toBe(true);

    const mail = await smtp.waitFor(2);
    expect(mail.map((m) => m.to[0]).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    await expect.poll(() => page.getByTestId('outbox-sent').textContent(), { timeout: 15_000 }).toBe('2');
    await page.getByRole('button', { name: 'View', exact: true }).first().click();
    await expect.poll(() => page.getByTitle(/^E-mail to /).isVisible()).toBe(true);
    await expect
      .poll(() => page.frameLocator('iframe[title^="E-mail to"]').getByText("Today's tips are live").isVisible())
      .toBe(true);
    await page.getByRole('heading', { name: 'Outbox' }).scrollIntoViewIfNeeded();
    await capture(page, 'mail-admin-outbox');

    // Ann opens the unsubscribe link of her e-mail, not signed in.
    const ann = mail.find((m) => m.to[0] === 'ann@example.com')!;
    const unsubscribe = /Unsubscribe: (\S+)/.exec(ann.parsed.text!)![1];
    const { page: visitor } = await j.newPage();
    await visitor.goto(onTestApp(unsubscribe));
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => visitor.getByText(/You have been unsubscribed from member e-mails/).isVisible()).toBe(true);
    await capture(visitor, 'mail-unsubscribed');

    // The next mailing leaves her out.
    await page.reload();
    const again = page.getByRole('button', { name: 'Send Golf Email' });
    await expect.poll(() => again.isVisible()).toBe(true);
    await again.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText('Sent to 1 active member', { exact: true }).first().isVisible()).toBe(true);
  });
});
