import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capture, PHONE, startJourney } from '../support/browser';
import { PASSWORD, createAccount } from '../support/users';
import { publishTips } from '#server/features/tips/publish-tips';
import { addDays, londonDate } from '#shared/london-time';

// Today's tips are for members, on /tips/{date} as everywhere: only past London days are public (decision 0017).

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const DAY_MS = 86_400_000;

async function publish(nap: string, daysAgo: number) {
  j.app.clock.set(new Date(Date.now() - daysAgo * DAY_MS));
  await publishTips(j.app.ctx, {
    bannerDate: '',
    nap,
    nb: `${nap} NB`,
    longshot: `${nap} Longshot`,
    multiple1: `Lucky 15: ${nap}, Second, Third, Fourth`,
    multiple2: '',
    multiple3: '',
    multiple4: '',
    dailyPreview: `<p>${nap} preview text.</p>`,
    confirmUnproofedLegs: true, // the legs are on no card
  });
  j.app.clock.reset();
}

describe("today's tips on /tips/{date}", () => {
  it('a visitor sees the member gate, signs in from it as a member and comes back to the tips; yesterday stays public', async () => {
    const today = londonDate(j.app.clock.now());
    const yesterday = addDays(today, -1);
    await publish('Yesterday Flyer – 1:30 Sandown', 1);
    await publish('Today Secret – 2:10 Ascot', 0);
    await createAccount(j.app, 'member', 'reader@example.com');
    await createAccount(j.app, 'nonMember', 'browser@example.com');

    // Signed out: the banner and "Member Access Required", never the tips and never a 404.
    const visitor = await j.newPage(PHONE);
    const v = visitor.page;
    await v.goto(`/tips/${today}`);
    const main = v.getByRole('main');
    await expect.poll(() => main.getByRole('heading', { name: 'Member Access Required' }).isVisible()).toBe(true);
    await expect.poll(() => v.getByRole('region', { name: 'Members-only content' }).isVisible()).toBe(true);
    expect(await v.content()).not.toContain('Today Secret');
    expect(await main.getByText(/not found/i).count()).toBe(0);
    await capture(v, 'tips-today-visitor-gate');

    // The gate's Sign In goes to /login and back to this address.
    await main.getByRole('button', { name: 'Sign In' }).click();
    await v.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === `/tips/${today}`);
    await v.getByLabel('Email').fill('reader@example.com');
    await v.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await v.getByRole('button', { name: 'Sign In', exact: true }).click();
    await v.waitForURL((url) => url.pathname === `/tips/${today}`);
    await expect.poll(() => v.getByText('Today Secret – 2:10 Ascot', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => v.getByText('Today Secret – 2:10 Ascot preview text.').isVisible()).toBe(true);
    await capture(v, 'tips-today-member');
    await visitor.context.close();

    // Signed in without a membership: "Subscription required" (DESIGN decision 3), no tips.
    const other = await j.newPage(PHONE);
    await j.signIn(other.page, 'browser@example.com');
    await other.page.goto(`/tips/${today}`);
    await expect.poll(() => other.page.getByRole('heading', { name: 'Subscription required' }).isVisible()).toBe(true);
    expect(await other.page.content()).not.toContain('Today Secret');
    await capture(other.page, 'tips-today-non-member');
    await other.context.close();

    // Yesterday's tips are the archive: anyone reads them.
    const later = await j.newPage(PHONE);
    await later.page.goto(`/tips/${yesterday}`);
    await expect
      .poll(() => later.page.getByText('Yesterday Flyer – 1:30 Sandown', { exact: true }).isVisible())
      .toBe(true);
    await expect.poll(() => later.page.getByText('Historical Archive').isVisible()).toBe(true);
    expect(await later.page.getByRole('heading', { name: 'Member Access Required' }).count()).toBe(0);
    await later.context.close();
  });
});
