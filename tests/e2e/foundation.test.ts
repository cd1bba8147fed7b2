import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, DESKTOP, expectFailures, PHONE, signInThroughPage, startJourney } from '../support/browser';
import { createAccount, PASSWORD } from '../support/users';
import { createUser } from '#server/features/auth/users';
import { NEW_PASSWORD_TOO_SHORT } from '#shared/auth-rules';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const signIn = signInThroughPage;

describe('visitor journeys', () => {
  it('walks home → team → an unknown address, with titles and a 404 page', async () => {
    const { page, context } = await j.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toMatch(/VBG/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await capture(page, 'home-visitor');
    await main(page).getByRole('link', { name: 'Team VBG' }).first().click();
    await page.waitForURL('**/about');
    await expect.poll(() => page.title()).toBe('Team VBG');
    await capture(page, 'about');
    expectFailures(page, { url: /\/no-such-page$/, status: 404 });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    await capture(page, 'not-found');
    await context.close();
  });

  it('a locked members item leads a visitor to /premium-access', async () => {
    const { page, context } = await j.newPage();
    await page.goto('/');
    await main(page).getByRole('link', { name: 'Tips' }).first().click();
    await page.waitForURL('**/premium-access');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /subscribe/i })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await capture(page, 'premium-access');
    await context.close();
  });

  it('a members-only address opened directly shows the gate, and signing in returns there', async () => {
    await createUser(j.app.ctx, { email: 'golfer@example.com', password: PASSWORD, role: 'admin' });
    const { page, context } = await j.newPage();
    await page.goto('/golf');
    await expect.poll(() => page.getByText('Member Access Required').first().isVisible()).toBe(true);
    await capture(page, 'golf-gate-visitor');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Email').fill('golfer@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/golf');
    await expect.poll(() => page.getByText('Weekly Golf Analysis Coming Soon').isVisible()).toBe(true);
    await capture(page, 'golf-member');
    await context.close();
  });

  it('opens the mobile menu on a phone, with the members items locked', async () => {
    const { page, context } = await j.newPage(PHONE);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect
      .poll(() => page.locator('#mobile-menu').getByRole('link', { name: 'My Account' }).isVisible())
      .toBe(true);
    // The proofed record is one tap away; the bet log is a members' item.
    const menu = page.locator('#mobile-menu');
    expect(await menu.getByRole('link', { name: 'Results', exact: true }).getAttribute('href')).toBe('/results');
    expect(await menu.getByRole('link', { name: 'Value Calibration' }).getAttribute('href')).toBe('/value-calibration');
    await expect.poll(() => menu.getByRole('link', { name: /My Bets/ }).isVisible()).toBe(true);
    await page.locator('#mobile-menu').getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL('**/premium-access');
    await context.close();
  });

  it('a member reaches My Bets, Results and Value Calibration from the menus on a phone and a desktop', async () => {
    await createAccount(j.app, 'member', 'menus@example.com');
    const { page, context } = await j.newPage(PHONE);
    await signIn(page, 'menus@example.com');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'My Bets' }).click();
    await page.waitForURL('**/my-bets');
    await expect.poll(() => page.getByRole('heading', { name: 'My Bets', level: 1 }).isVisible()).toBe(true);
    await page.setViewportSize(DESKTOP);
    await main(page).getByRole('link', { name: 'Calibration', exact: true }).click();
    await page.waitForURL('**/value-calibration');
    await main(page).getByRole('link', { name: 'Results', exact: true }).first().click();
    await page.waitForURL('**/results');
    // The desktop bar is one row (each entry's top within a few pixels of the first's).
    const tops = await main(page)
      .locator('ul')
      .first()
      .locator('li')
      .evaluateAll((items) => items.map((li) => li.getBoundingClientRect().top));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(8);
    await capture(page, 'menus-member');
    await context.close();
  });
});

describe('signed-in journeys', () => {
  it('an admin signs in and lands on the admin panel with its six tabs, and can switch open access', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const { page, context } = await j.newPage();
    await signIn(page, 'boss@example.com');
    await page.waitForURL('**/admin');
    for (const tab of [
      'Content Upload',
      'News & Views',
      'Back Catalogue',
      'Tipping Performance',
      'VBG Race Cards',
      'System Settings',
    ]) {
      await expect.poll(() => page.getByRole('tab', { name: tab }).isVisible()).toBe(true);
    }
    await capture(page, 'admin');
    await page.getByRole('tab', { name: 'System Settings' }).click();
    const toggle = page.getByRole('switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    const stored = await (await page.request.get('/api/admin/settings')).json();
    expect(stored.openAccess).toBe(true);
    await capture(page, 'admin-settings');
    await context.close();
  });

  it('a signed-in non-member is sent to /subscribe, and members pages say a subscription is required', async () => {
    await createUser(j.app.ctx, { email: 'free@example.com', password: PASSWORD });
    const { page, context } = await j.newPage();
    await signIn(page, 'free@example.com');
    await page.waitForURL('**/subscribe');
    await page.goto('/golf');
    await expect.poll(() => page.getByText('Subscription required').first().isVisible()).toBe(true);
    await capture(page, 'golf-non-member');
    const admin = await page.goto('/admin');
    expect(admin?.status()).toBe(200);
    await expect.poll(() => page.getByText('Admin Access Required').isVisible()).toBe(true);
    await context.close();
  });

  it('changes the password, signs out, and signs in with the new one only', async () => {
    await createUser(j.app.ctx, { email: 'changer@example.com', password: PASSWORD });
    const { page, context } = await j.newPage();
    await signIn(page, 'changer@example.com');
    await page.waitForURL('**/subscribe');
    await page.goto('/my-account');
    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    // The schema's message shows beside the field once it has been left, before any submit.
    await expect.poll(() => page.getByText(NEW_PASSWORD_TOO_SHORT, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('New Password').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: /change password|update password/i }).click();
    await expect.poll(() => page.getByText('Password too short', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('New Password').fill('a-new-password');
    await page.getByLabel('Confirm Password').fill('a-new-password');
    await page.getByRole('button', { name: /change password|update password/i }).click();
    await expect.poll(() => page.getByText('Password updated', { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => page.getByLabel('New Password').inputValue()).toBe('');
    await capture(page, 'my-account');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expectFailures(page, { url: /\/api\/login$/, status: 401 });
    await signIn(page, 'changer@example.com', PASSWORD);
    await expect.poll(() => page.getByText('Invalid email or password', { exact: true }).isVisible()).toBe(true);
    await signIn(page, 'changer@example.com', 'a-new-password');
    await page.waitForURL('**/subscribe');
    await context.close();
  });

  it('signs out after 30 idle minutes, warning 2 minutes before', async () => {
    await createUser(j.app.ctx, { email: 'idle@example.com', password: PASSWORD, role: 'admin' });
    const { page, context } = await j.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.clock.install();
    await signIn(page, 'idle@example.com');
    await page.waitForURL('**/admin');
    await page.clock.runFor(27 * 60_000);
    expect(warnings.join('\n')).not.toMatch(/inactiv/i);
    await page.clock.runFor(90_000);
    await expect.poll(() => warnings.join('\n')).toMatch(/inactiv/i);
    await page.clock.runFor(3 * 60_000);
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});
