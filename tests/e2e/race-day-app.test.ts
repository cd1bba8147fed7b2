import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { addDays, weekdayOf } from '#shared/london-time';
import { nominateFreeRace } from '#server/features/free-race/free-race';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';
import { uploadTodaysCards, type SampleRace } from '../fixtures/race-day';
import { capture, PHONE, signInThroughPage, startJourney, watchPage } from '../support/browser';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium';
import { createAccount } from '../support/users';

// The installable app (decision 0043): a member's race-day pages stay readable with no network,
// what the worker keeps is theirs alone and only for today, and the browser can install the app.
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

/** Today's cards (two races), their morning prices and the tips, published as the analyst does. */
async function raceDay(): Promise<{ today: string; races: SampleRace[]; nap: string }> {
  const { today, races } = await uploadTodaysCards(j.app, 43);
  const nap = races[0].horses[2].name;
  await publishTips(
    j.app.ctx,
    dayTips({ nap: `${nap} – ${races[0].time} ${races[0].course}`, confirmShortPrices: true }),
  );
  return { today, races, nap };
}

/** Every cache the worker keeps in this browser, each entry with its address and body. */
function savedEntries(page: Page) {
  return page.evaluate(async () => {
    const out: Array<{ cache: string; url: string; body: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const res = await cache.match(request);
        out.push({ cache: name, url: request.url, body: res ? await res.text() : '' });
      }
    }
    return out;
  });
}

/** Waits until the service worker is installed and controls the page. */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Paid data's addresses: none may be kept for anyone but a member. */
const PAID = /\/api\/(daily-tips|vbg-race-cards|value-now|auth\/user|my-bets|historical-tips)/;

describe('the race-day app', () => {
  it(
    'a member opens the race-day pages, then reads them, the generator too, with no network',
    { timeout: 120_000 },
    async () => {
      const { today, races, nap } = await raceDay();
      const member = await createAccount(j.app, 'member', 'punter@example.com');
      const { page, context } = await j.newPage(PHONE);
      await signInThroughPage(page, 'punter@example.com');
      await page.waitForURL((url) => url.pathname === '/');
      await workerInControl(page);

      await page.goto('/tips');
      await expect.poll(() => page.getByText(nap).first().isVisible()).toBe(true);

      const race = races[0];
      const runner = race.horses[1].name;
      await page.goto('/vbg-race-cards');
      await page.getByRole('button', { name: `View All ${race.course}` }).click();
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) })
            .getByText(runner)
            .isVisible(),
        )
        .toBe(true);
      await page.goto('/value-now');
      await expect.poll(() => page.getByRole('listitem', { name: runner }).isVisible()).toBe(true);

      // Kept in one cache, the member's of today: the pages' shells (the generator's too), code and reads.
      const cacheName = `vbg-member-${member.id}-${today}`;
      await expect
        .poll(async () => {
          const urls = (await savedEntries(page)).map((e) => `${e.cache} ${new URL(e.url).pathname}`);
          return [
            '/tips',
            '/vb-generator',
            '/api/auth/user',
            '/api/daily-tips',
            '/api/value-now',
            '/api/vbg-race-cards',
            `/api/vbg-race-cards/race/${races.length}`,
          ].every((p) => urls.includes(`${cacheName} ${p}`));
        })
        .toBe(true);
      expect(await page.evaluate(() => caches.keys())).toEqual([cacheName]);

      // At the course: no network.
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.getByRole('listitem', { name: runner }).isVisible()).toBe(true);
      const notice = page.getByTestId('saved-data-notice');
      await expect.poll(() => notice.textContent()).toMatch(/^Offline — showing saved data from \d{2}:\d{2}$/);
      await capture(page, 'race-day-offline-value-now');

      await page.goto('/tips');
      await expect.poll(() => page.getByText(nap).first().isVisible()).toBe(true);
      await expect.poll(() => notice.isVisible()).toBe(true);

      // A race the member did not open online is there too (today's cards are fetched ahead).
      await page.goto('/vbg-race-cards');
      const second = races[1];
      await page.getByRole('button', { name: `View All ${second.course}` }).click();
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: new RegExp(`${second.time} ${second.course}`) })
            .getByText(second.horses[0].name)
            .isVisible(),
        )
        .toBe(true);

      // The generator, never opened online, computes on the saved cards.
      await page.goto('/vb-generator');
      const select = page.getByLabel('Select race');
      await expect.poll(() => select.isVisible()).toBe(true);
      await select.selectOption({ label: `${race.time} - ${race.course} (${race.horses.length} runners)` });
      await expect.poll(() => page.getByTestId('runner-name').count()).toBe(race.horses.length);
      await expect.poll(() => page.locator('[data-column="value-score"] [data-score]').count()).toBeGreaterThan(0);
      await capture(page, 'race-day-offline-generator');

      // Back online: fresh answers, and the notice goes.
      await context.setOffline(false);
      await page.goto('/tips');
      await expect.poll(() => page.getByText(nap).first().isVisible()).toBe(true);
      await expect.poll(() => notice.count()).toBe(0);
      await context.close();
    },
  );

  it(
    'keeps nothing paid for a visitor or a non-member, and drops the member cache at sign-out, on a 401 and on a new day',
    { timeout: 120_000 },
    async () => {
      const { today, races, nap } = await raceDay();
      await nominateFreeRace(j.app.ctx, {
        raceTime: races[0].time,
        course: races[0].course,
        weekday: weekdayOf(today),
      });
      const member = await createAccount(j.app, 'member', 'punter@example.com');
      await createAccount(j.app, 'nonMember', 'reader@example.com');

      // A visitor browsing public pages, the free race's card among them: no worker, nothing kept.
      const visitor = await j.newPage(PHONE);
      for (const path of ['/', '/free-race', '/news-and-views', '/results']) await visitor.page.goto(path);
      await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
      expect(await visitor.page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(
        0,
      );
      expect(await savedEntries(visitor.page)).toEqual([]);
      await visitor.context.close();

      // A member signs in: their cache of today fills.
      const { page, context } = await j.newPage(PHONE);
      await signInThroughPage(page, 'punter@example.com');
      await page.waitForURL((url) => url.pathname === '/');
      await workerInControl(page);
      await page.goto('/tips');
      await expect.poll(() => page.getByText(nap).first().isVisible()).toBe(true);
      const cacheName = `vbg-member-${member.id}-${today}`;
      await expect
        .poll(async () =>
          (await savedEntries(page)).some((e) => e.cache === cacheName && e.url.endsWith('/api/daily-tips')),
        )
        .toBe(true);

      // A cache of an earlier day is dropped, not served: the worker keeps today's only.
      const yesterday = `vbg-member-${member.id}-${addDays(today, -1)}`;
      await page.evaluate(async (name) => {
        const stale = await caches.open(name);
        await stale.put(
          '/api/daily-tips',
          new Response('{"stale":true}', { headers: { 'Content-Type': 'application/json' } }),
        );
      }, yesterday);
      await page.goto('/value-now');
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([cacheName]);

      // Signed out with the header's button on My Account (drawn in the browser, so the button works
      // once the heading shows; a members' page would re-read its data as a visitor and be refused):
      // the member's cache goes at once.
      await signOutFromMyAccount(page);
      await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);

      // Browsing public pages signed out, then signed in as a non-member (the members' pages
      // refuse them): the worker is still there, and still keeps nothing.
      for (const path of ['/', '/free-race', '/results']) await page.goto(path);
      await signInThroughPage(page, 'reader@example.com');
      await page.waitForURL((url) => url.pathname !== '/login');
      for (const path of ['/tips', '/vbg-race-cards', '/value-now', '/free-race']) await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
      const kept = await savedEntries(page);
      expect(kept.filter((e) => PAID.test(new URL(e.url).pathname))).toEqual([]);
      expect(kept.filter((e) => e.body.includes(nap))).toEqual([]);
      expect(kept).toEqual([]);
      await context.close();

      // The session ends on the server (idle too long): the next check answers 401 and the cache goes.
      const second = await j.newPage(PHONE);
      await signInThroughPage(second.page, 'punter@example.com');
      await second.page.waitForURL((url) => url.pathname === '/');
      await workerInControl(second.page);
      await second.page.goto('/tips');
      await expect
        .poll(async () => (await savedEntries(second.page)).some((e) => e.url.endsWith('/api/daily-tips')))
        .toBe(true);
      j.app.clock.advance(31 * 60_000);
      await second.page.goto('/tips');
      await expect.poll(() => second.page.evaluate(() => caches.keys())).toEqual([]);
      await second.context.close();
    },
  );

  it('signing out for inactivity drops the member cache too', { timeout: 90_000 }, async () => {
    const { nap } = await raceDay();
    await createAccount(j.app, 'member', 'punter@example.com');
    const { page, context } = await j.newPage(PHONE);
    await page.clock.install();
    await signInThroughPage(page, 'punter@example.com');
    await page.waitForURL((url) => url.pathname === '/');
    await workerInControl(page);
    await page.goto('/tips');
    await expect.poll(() => page.getByText(nap).first().isVisible()).toBe(true);
    await expect.poll(async () => (await savedEntries(page)).length).toBeGreaterThan(0);
    await page.clock.runFor(30 * 60_000 + 1_000);
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
    await context.close();
  });

  it("passes Chromium's installability checks", { timeout: 90_000 }, async () => {
    await createAccount(j.app, 'member', 'punter@example.com');
    // The run's browser gives each journey an incognito context, where nothing can be installed:
    // this check needs a profile of its own (Lighthouse 12+ has no PWA category to ask instead).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      baseURL: j.app.baseUrl,
      viewport: PHONE,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      watchPage(page);
      await signInThroughPage(page, 'punter@example.com');
      await page.waitForURL((url) => url.pathname === '/');
      await workerInControl(page);
      await page.goto('/tips');
      await workerInControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
      // What an installed app shows: the manifest the page links, with the site's name and colour.
      const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
        data: string;
      };
      expect(new URL(url).pathname).toBe('/manifest.webmanifest');
      expect(errors).toEqual([]);
      expect(JSON.parse(data)).toMatchObject({ short_name: 'VBG', start_url: '/tips', theme_color: '#0b1f3a' });
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

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

  it('offers to install on the race-day pages, and "No thanks" is for good', async () => {
    await createAccount(j.app, 'member', 'punter@example.com');
    const { page, context } = await j.newPage(PHONE);
    await signInThroughPage(page, 'punter@example.com');
    await page.waitForURL((url) => url.pathname === '/');
    // Headless Chromium does not offer installs itself: the offer it would make, by hand.
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            (window as unknown as { prompted: number }).prompted =
              ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
            return Promise.resolve();
          },
        });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    const prompt = page.getByRole('complementary', { name: 'Install the app' });
    // The member does something on the page (a key that does nothing): the prompt waits for that.
    const interact = () => page.keyboard.press('Shift');

    await page.goto('/value-now');
    expect(await offer()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await prompt.count()).toBe(0); // not over the page before the member has done anything
    await interact();
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await capture(page, 'race-day-install-prompt');
    await prompt.getByRole('button', { name: 'Install' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    await expect.poll(() => prompt.count()).toBe(0);

    await page.reload();
    await offer();
    await interact();
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await prompt.getByRole('button', { name: 'No thanks' }).click();
    await expect.poll(() => prompt.count()).toBe(0);

    // Not again: after a reload, nor after signing out and in.
    await page.reload();
    await expect.poll(() => page.getByTestId('board-empty').isVisible()).toBe(true);
    await offer();
    await interact();
    expect(await prompt.count()).toBe(0);
    await signOutFromMyAccount(page);
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    await signInThroughPage(page, 'punter@example.com');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/tips');
    await offer();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await interact();
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});

/** Signs out with the header's button on My Account, once the page is drawn (its heading shows). */
async function signOutFromMyAccount(page: Page) {
  await page.goto('/my-account');
  await expect.poll(() => page.getByRole('heading', { name: 'My Account' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
}
