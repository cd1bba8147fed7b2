import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { addDays, weekdayOf } from '#shared/london-time';
import { nominateFreeRace } from '#server/features/free-race/free-race';
import { publishTips } from '#server/features/tips/publish-tips';
import { createBet } from '#server/features/my-bets/bets';
import { destroyUserSessions } from '#server/sessions/sessions';
import { users } from '#server/db/schema';
import { dayTips } from '../fixtures/day-tips';
import { uploadTodaysCards, type SampleRace } from '../fixtures/race-day';
import {
  capture,
  expectFailures,
  PHONE,
  signInThroughPage,
  startJourney,
  watchPage,
  workerInControl,
} from '../support/browser';
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

/** The day's caches the worker keeps (a member's session's own cache left aside). */
async function memberCaches(page: Page) {
  return (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith('vbg-member-'));
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

      // Kept in the member's cache of today: the pages' shells (the generator's too), code and the
      // day's reads; who they are in their session's own cache.
      const cacheName = `vbg-member-${member.id}-${today}`;
      await expect
        .poll(async () => {
          const entries = await savedEntries(page);
          const urls = entries.map((e) => `${e.cache} ${new URL(e.url).pathname}`);
          return (
            [
              '/tips',
              '/vb-generator',
              '/api/daily-tips',
              '/api/value-now',
              '/api/vbg-race-cards',
              `/api/vbg-race-cards/race/${races.length}`,
            ].every((p) => urls.includes(`${cacheName} ${p}`)) &&
            entries.some((e) => e.cache.startsWith('vbg-session-') && e.url.endsWith('/api/auth/user'))
          );
        })
        .toBe(true);
      expect(await memberCaches(page)).toEqual([cacheName]);

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
      await expect.poll(() => memberCaches(page)).toEqual([cacheName]);

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

describe("what the app keeps of a member's own", () => {
  /** A member signed in on a fresh phone, the worker in control and today's pages fetched ahead. */
  async function memberOnPhone(email = 'punter@example.com') {
    const { page, context } = await j.newPage(PHONE);
    await signInThroughPage(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await workerInControl(page);
    await page.goto('/tips');
    await expect
      .poll(async () => {
        const paths = (await savedEntries(page)).map((e) => new URL(e.url).pathname);
        return ['/vb-generator', '/api/daily-tips', '/api/auth/user'].every((p) => paths.includes(p));
      })
      .toBe(true);
    return { page, context };
  }

  /** The worker's note of when the server last answered for the session, moved back as if the device's clock had run on. */
  function sessionNoteAged(page: Page, ms: number) {
    return page.evaluate(async (by) => {
      for (const name of await caches.keys()) {
        if (!name.startsWith('vbg-session-')) continue;
        const cache = await caches.open(name);
        await cache.put(
          '/__vbg/session',
          new Response(JSON.stringify({ confirmedAt: Date.now() - by }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
    }, ms);
  }

  it(
    'My Bets, My Account and Results open with no network; no page kept carries the member, and no-store is never kept',
    { timeout: 120_000 },
    async () => {
      const { today, races } = await raceDay();
      const member = await createAccount(j.app, 'member', 'punter@example.com');
      const horse = races[0].horses[0].name;
      await createBet(j.app.ctx, member.id, {
        raceDate: today,
        raceTime: races[0].time,
        course: races[0].course,
        horseName: horse,
        price: '5/1',
        stake: 2,
        eachWay: false,
        source: 'manual',
      });
      const { page, context } = await memberOnPhone();
      // The member's own pages and reads are fetched ahead with the race day's.
      await expect
        .poll(async () => {
          const paths = (await savedEntries(page)).map((e) => new URL(e.url).pathname);
          return ['/my-bets', '/my-account', '/results', '/api/my-bets'].every((p) => paths.includes(p));
        })
        .toBe(true);
      await page.goto('/results');
      await expect.poll(() => page.getByRole('heading', { name: 'Proofed Results' }).isVisible()).toBe(true);
      await page.goto('/my-account');
      await expect.poll(() => page.getByRole('heading', { name: 'My Account' }).isVisible()).toBe(true);
      // The data export passes through the worker too: an answer marked no-store.
      expect(await page.evaluate(() => fetch('/api/my-data').then((r) => r.headers.get('cache-control')))).toBe(
        'private, no-store',
      );

      const kept = await page.evaluate(async () => {
        const out: Array<{ url: string; cacheControl: string | null; body: string }> = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            const res = await cache.match(request);
            out.push({
              url: request.url,
              cacheControl: res?.headers.get('cache-control') ?? null,
              body: (await res?.text()) ?? '',
            });
          }
        }
        return out;
      });
      expect(kept.filter((e) => /no-store/.test(e.cacheControl ?? '')).map((e) => e.url)).toEqual([]);
      expect(kept.filter((e) => new URL(e.url).pathname === '/api/my-data')).toEqual([]);
      const pages = kept.filter((e) => e.body.trimStart().toLowerCase().startsWith('<!doctype'));
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.filter((e) => e.body.includes('punter@example.com') || e.body.includes('vbg-viewer'))).toEqual([]);

      await context.setOffline(true);
      await page.goto('/my-bets');
      await expect.poll(() => page.getByRole('heading', { name: 'My Bets' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText(horse).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('saved-data-notice').isVisible()).toBe(true);
      await page.goto('/my-account');
      await expect.poll(() => page.getByRole('heading', { name: 'My Account' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('punter@example.com').first().isVisible()).toBe(true);
      await page.goto('/results');
      await expect.poll(() => page.getByRole('heading', { name: 'Proofed Results' }).isVisible()).toBe(true);
      await capture(page, 'race-day-offline-results');
      await context.close();
    },
  );

  it(
    'a session that ended on the server while the browser was away is not served: nothing of the member, not signed in',
    { timeout: 120_000 },
    async () => {
      await raceDay();
      await createAccount(j.app, 'member', 'punter@example.com');
      const { page, context } = await memberOnPhone();
      // Idle too long with the phone in a pocket: the server ends the session, and the device's
      // clock has run on as far (the worker's note of the session's last answer is that old).
      j.app.clock.advance(31 * 60_000);
      await sessionNoteAged(page, 31 * 60_000);
      await context.setOffline(true);
      // Someone picks the phone up: the open page asks who is signed in, and is told nobody is;
      // nothing of the member is left to serve (no cache at all).
      expect(await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status))).toBe(401);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
      // No saved page either: the browser's own error page.
      await expect(page.goto('/my-account')).rejects.toThrow(/net::ERR_/);
      await context.close();
    },
  );

  it(
    'a session ended elsewhere is learnt from the next page loaded, a public one too',
    { timeout: 90_000 },
    async () => {
      await raceDay();
      const member = await createAccount(j.app, 'member', 'punter@example.com');
      const { page, context } = await memberOnPhone();
      // Signed out on another device (all the member's sessions end): the page here does not see it.
      await destroyUserSessions(j.app.ctx, member.id);
      const answered = await page.evaluate(() => fetch('/api/results').then((r) => r.headers.get('x-vbg-viewer')));
      expect(answered).toBe('visitor');
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
      await context.setOffline(true);
      expect(await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status))).toBe(401);
      await context.close();
    },
  );

  it(
    "a membership that ends is learnt from a board read, and the member's caches go",
    { timeout: 90_000 },
    async () => {
      await raceDay();
      const member = await createAccount(j.app, 'member', 'punter@example.com');
      const { page, context } = await memberOnPhone();
      expectFailures(page, { url: /\/api\/value-now$/, status: 403 });
      await j.app.ctx.db
        .update(users)
        .set({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date(j.app.clock.now().getTime() - 86400_000) })
        .where(eq(users.id, member.id));
      // The board's next read (the session cache hears of the change by the database's notice).
      await expect.poll(() => page.evaluate(() => fetch('/api/value-now').then((r) => r.status))).toBe(403);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
      await context.setOffline(true);
      await expect(page.goto('/value-now')).rejects.toThrow(/net::ERR_/);
      await context.close();
    },
  );

  it(
    'signing out and in again within ten minutes fetches the race-day pages ahead again',
    { timeout: 120_000 },
    async () => {
      const { races } = await raceDay();
      await createAccount(j.app, 'member', 'punter@example.com');
      const { page, context } = await memberOnPhone();
      await signOutFromMyAccount(page);
      await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([]);
      await signInThroughPage(page, 'punter@example.com');
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(async () => {
          const paths = (await savedEntries(page)).map((e) => new URL(e.url).pathname);
          return ['/vb-generator', `/api/vbg-race-cards/race/${races.length}`].every((p) => paths.includes(p));
        })
        .toBe(true);
      await context.setOffline(true);
      await page.goto('/vb-generator');
      const race = races[0];
      const select = page.getByLabel('Select race');
      await expect.poll(() => select.isVisible()).toBe(true);
      await select.selectOption({ label: `${race.time} - ${race.course} (${race.horses.length} runners)` });
      await expect.poll(() => page.getByTestId('runner-name').count()).toBe(race.horses.length);
      await context.close();
    },
  );
});

/** Signs out with the header's button on My Account, once the page is drawn (its heading shows). */
async function signOutFromMyAccount(page: Page) {
  await page.goto('/my-account');
  await expect.poll(() => page.getByRole('heading', { name: 'My Account' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
}
