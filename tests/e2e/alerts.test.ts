import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_DENIED } from '#web/features/alerts/device-push';
import { vapidKeys } from '../support/push-service';
import { capture, DESKTOP, PHONE, signInThroughPage, startJourney, workerInControl } from '../support/browser';
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
    // The headless shell answers a permission request as 'default', never 'denied', and its service
    // worker shows no notification.
    { fullBrowser: true },
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

describe('an alert pushed to the device', () => {
  it('shows a pushed alert with the site icon, one per tag, and ignores what is not one', async () => {
    await createAccount(j.app, 'member', 'punter@example.com');
    const { page, context } = await j.newPage(PHONE);
    await context.grantPermissions(['notifications'], { origin: j.app.baseUrl });
    await signInThroughPage(page, 'punter@example.com');
    await page.waitForURL((url) => url.pathname === '/');
    await workerInControl(page);
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: Array<{ registrationId: string; scopeURL: string }> }) =>
        registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const push = (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: j.app.baseUrl,
        registrationId: registrations[0].registrationId,
        data,
      });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          data: n.data as unknown,
        }));
      });

    await push(JSON.stringify({ title: 'Price move', body: 'Alpha Star 5/1 → 3/1', url: '/value-now', tag: 'race-3' }));
    await expect.poll(shown).toEqual([
      {
        title: 'Price move',
        body: 'Alpha Star 5/1 → 3/1',
        tag: 'race-3',
        icon: '/icons/icon-192.png',
        data: { url: '/value-now' },
      },
    ]);
    // The same tag again replaces it; another site's address is never kept for the click.
    await push(
      JSON.stringify({
        title: 'Price move',
        body: 'Alpha Star 3/1 → 2/1',
        url: 'https://elsewhere.example/',
        tag: 'race-3',
      }),
    );
    await expect.poll(shown).toEqual([
      {
        title: 'Price move',
        body: 'Alpha Star 3/1 → 2/1',
        tag: 'race-3',
        icon: '/icons/icon-192.png',
        data: { url: null },
      },
    ]);
    await push('not json');
    await push(JSON.stringify({ body: 'no title' }));
    await push(
      JSON.stringify({ title: 'Non-runner', body: 'Bravo Star is out', url: '/vbg-race-cards', tag: 'race-4' }),
    );
    await expect.poll(async () => (await shown()).map((n) => n.tag)).toEqual(['race-3', 'race-4']);
    await context.close();
  });
});
