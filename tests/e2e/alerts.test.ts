import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_DENIED } from '#web/features/alerts/device-push';
import { vapidKeys } from '../support/push-service';
import { capture, DESKTOP, PHONE, startJourney } from '../support/browser';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  const keys = vapidKeys(); // push is configured: what stops it here is the browser
  j = await startJourney(
    {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:alerts@vbg.example',
    },
    { fullBrowser: true }, // the headless shell answers a permission request as 'default', never 'denied'
  );
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('the alerts card in My Account', () => {
  it('a member saves alerts and quiet hours, finds them after a reload, and is told clearly why this browser takes no push', async () => {
    await createAccount(j.app, 'member', 'alerts@example.com');
    const { page } = await j.newPage(PHONE);
    await j.signIn(page, 'alerts@example.com');
    await page.goto('/my-account');
    const card = page.locator('#alerts');
    const tips = card.getByRole('switch', { name: 'Today’s tips are out' });
    await expect.poll(() => tips.getAttribute('aria-checked')).toBe('false');
    await tips.click();
    await card.getByRole('switch', { name: 'A tip becomes a non-runner' }).click();
    await card.getByLabel('Quiet from').fill('22:00');
    await card.getByLabel('Quiet until').fill('07:00');
    await card.getByRole('button', { name: 'Save alert settings' }).click();
    await expect.poll(() => page.getByText('Alerts saved', { exact: true }).isVisible()).toBe(true);
    await capture(page, 'alerts-card-saved');

    await page.reload();
    await expect
      .poll(() => card.getByRole('switch', { name: 'Today’s tips are out' }).getAttribute('aria-checked'))
      .toBe('true');
    expect(await card.getByRole('switch', { name: 'A tip becomes a non-runner' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await card.getByRole('switch', { name: 'A starred horse reaches value' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await card.getByLabel('Quiet from').inputValue()).toBe('22:00');
    expect(await card.getByLabel('Quiet until').inputValue()).toBe('07:00');

    // Headless Chromium denies notifications: the member is told what to do, nothing is stored.
    const button = card.getByRole('button', { name: 'Turn on alerts on this device' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe(PERMISSION_DENIED);
    await capture(page, 'alerts-card-device-message');
    expect(await card.getByText('No device takes your alerts yet.').isVisible()).toBe(true);

    // Signing out here refetches everything: the alert settings are not asked for as nobody.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.getByText('Logged out', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('#alerts').count()).toBe(0);
  });

  it('is not shown to an account without a subscription', async () => {
    await createAccount(j.app, 'nonMember', 'free@example.com');
    const { page } = await j.newPage(DESKTOP);
    await j.signIn(page, 'free@example.com');
    await page.goto('/my-account');
    await expect.poll(() => page.getByRole('heading', { name: 'Odds Format' }).isVisible()).toBe(true);
    expect(await page.locator('#alerts').count()).toBe(0);
  });
});
