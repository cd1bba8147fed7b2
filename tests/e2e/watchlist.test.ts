import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatShortDay } from '#shared/london-time';
import { runnerCardUrl } from '#shared/runner-link';
import { WATCHLIST_CAP } from '#shared/schemas/watchlist';
import { watchlist } from '#server/db/schema';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';
import { uploadTodaysCards } from '../fixtures/race-day';
import { capture, PHONE, signInThroughPage, startJourney } from '../support/browser';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

/** Today's cards (two races at one course, morning odds on) and a NAP among them, the clock at 08:00 London. */
async function raceDay() {
  const { today, races: sample } = await uploadTodaysCards(j.app, 31);
  const [race] = sample;
  const nap = race.horses[3];
  await publishTips(j.app.ctx, dayTips({ nap: `${nap.name} – ${race.time} ${race.course}`, confirmShortPrices: true }));
  return { today, race, horse: race.horses[1], nap };
}

const star = (scope: Page | ReturnType<Page['locator']>, horse: string) =>
  scope.getByRole('button', { name: new RegExp(`^(Watch|Stop watching) ${horse}$`) });
const pressed = (scope: Page | ReturnType<Page['locator']>, horse: string) =>
  star(scope, horse).getAttribute('aria-pressed');

describe('the watch list', () => {
  it('a member stars a runner on a race card, sees it on the value board, a tip and My Account with its next run, follows the link back to the runner, and unstars it', async () => {
    const { today, race, horse, nap } = await raceDay();
    await createAccount(j.app, 'member', 'punter@example.com');
    const { page } = await j.newPage();
    await signInThroughPage(page, 'punter@example.com');
    await page.waitForURL((url) => url.pathname === '/');

    // The race card: every runner has a star, off to begin with.
    await page.goto('/vbg-race-cards');
    await page.getByRole('button', { name: `View All ${race.course}` }).click();
    const card = page.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
    await expect.poll(() => pressed(card, horse.name)).toBe('false');
    expect(await star(card, horse.name).getAttribute('aria-label')).toBe(`Watch ${horse.name}`);
    await star(card, horse.name).click();
    await expect.poll(() => pressed(card, horse.name)).toBe('true');
    expect(await star(card, horse.name).getAttribute('aria-label')).toBe(`Stop watching ${horse.name}`);
    await capture(page, 'watchlist-race-card');

    // The value board shows the same state; a second horse is starred from there, by keyboard.
    await page.goto('/value-now');
    const row = (name: string) => page.getByRole('listitem', { name });
    await expect.poll(() => pressed(row(horse.name), horse.name)).toBe('true');
    expect(await pressed(row(nap.name), nap.name)).toBe('false');
    await star(row(nap.name), nap.name).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pressed(row(nap.name), nap.name)).toBe('true');
    // The horse's name opens its runner on the race card.
    expect(await row(horse.name).getByRole('link', { name: horse.name }).getAttribute('href')).toBe(
      runnerCardUrl({ date: today, time: race.time, course: race.course, horseName: horse.name }),
    );
    await capture(page, 'watchlist-value-board');

    // Today's tips: the NAP is starred already; unstarred there.
    await page.goto('/tips');
    const tip = page.getByTestId('tip-price-nap');
    await expect.poll(() => pressed(tip, nap.name)).toBe('true');
    await star(tip, nap.name).click();
    await expect.poll(() => pressed(tip, nap.name)).toBe('false');
    await capture(page, 'watchlist-tips');

    // My Account: the starred horse with its next run; the NAP is gone. A horse not declared yet is added by name.
    await page.goto('/my-account');
    const list = page.getByRole('list', { name: 'Watched horses' });
    const item = list.getByRole('listitem', { name: horse.name });
    await expect.poll(() => item.isVisible()).toBe(true);
    expect(await list.getByRole('listitem').count()).toBe(1);
    const nextRun = item.getByRole('link', { name: `${formatShortDay(today)}, ${race.time} ${race.course}` });
    expect(await nextRun.getAttribute('href')).toBe(
      runnerCardUrl({ date: today, time: race.time, course: race.course, horseName: horse.name }),
    );
    expect(await item.textContent()).toMatch(/VB rating [\d.]+ · price \S+ · value down to/);
    await page.getByLabel('Watch a horse by name').fill('Not Declared Yet');
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    const undeclared = list.getByRole('listitem', { name: 'Not Declared Yet' });
    await expect.poll(() => undeclared.textContent()).toContain('No run declared yet');
    await capture(page, 'watchlist-account');

    // The next-run link opens that day's tab and race, the runner in view, focused and marked.
    await nextRun.click();
    await page.waitForURL((url) => url.pathname === '/vbg-race-cards' && url.searchParams.get('horse') === horse.name);
    const opened = page.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
    await expect.poll(() => opened.isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.dataset.highlighted ?? null))
      .toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toMatch(
      /^horse-\d+-details$/,
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(horse.name);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toContain(formatShortDay(today, false));
    await capture(page, 'watchlist-runner-link');
    // Only the linked race is open, and the mark goes after a moment (the focus stays).
    expect(await page.locator('[role="region"][aria-labelledby^="race-"]').count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[data-highlighted]') === null), { timeout: 10_000 })
      .toBe(true);

    // Unstarred on the card: My Account no longer lists it.
    await star(opened, horse.name).click();
    await expect.poll(() => pressed(opened, horse.name)).toBe('false');
    await page.goto('/my-account');
    await expect.poll(() => page.getByRole('listitem', { name: 'Not Declared Yet' }).isVisible()).toBe(true);
    expect(await page.getByRole('listitem', { name: horse.name }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Not Declared Yet from your watch list' }).click();
    await expect.poll(() => page.getByText(/^No horses yet\. Star a horse on a race card/).isVisible()).toBe(true);
    await capture(page, 'watchlist-empty');
  });

  it('a link to a race not on the cards says so; a star refused (a full list) is put back with the reason as a toast; stars are 44 px on a phone', async () => {
    const { today, race, horse } = await raceDay();
    const member = await createAccount(j.app, 'member', 'punter@example.com');
    const { page } = await j.newPage(PHONE, { expected: [{ url: /\/api\/watchlist$/, status: 422 }] });
    await signInThroughPage(page, 'punter@example.com');
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(runnerCardUrl({ date: today, time: '23:59', course: 'Nowhere Park', horseName: 'Ghost Runner' }));
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'is not on the race cards now' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Nowhere Park' }).textContent()).toContain(
      'Ghost Runner cannot be shown',
    );
    await capture(page, 'watchlist-runner-link-missing');

    // The race on the cards but a horse not in it: the race opens, with a notice.
    await page.goto(
      runnerCardUrl({ date: today, time: race.time, course: race.course.toUpperCase(), horseName: 'Ghost Runner' }),
    );
    await expect
      .poll(() =>
        page.getByText(`Ghost Runner is not among the runners of the ${race.time} ${race.course}.`).isVisible(),
      )
      .toBe(true);

    // A full watch list: the star flips at once, then back, and the server's reason shows.
    await j.app.ctx.db.insert(watchlist).values(
      Array.from({ length: WATCHLIST_CAP }, (_, i) => ({
        userId: member.id,
        horseName: `Filler ${i}`,
        horseKey: `filler${i}`,
        createdAt: j.app.clock.now(),
      })),
    );
    await page.goto(runnerCardUrl({ date: today, time: race.time, course: race.course, horseName: horse.name }));
    const card = page.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
    await expect.poll(() => pressed(card, horse.name)).toBe('false');
    const box = await star(card, horse.name).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await star(card, horse.name).click();
    await expect
      .poll(() =>
        page
          .getByText(`Your watch list is full (${WATCHLIST_CAP} horses). Remove a horse to star another.`)
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => pressed(card, horse.name)).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await capture(page, 'watchlist-full');
  });
});
