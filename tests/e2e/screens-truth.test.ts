import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { capture, DESKTOP, expectFailures, PHONE, startJourney, tickJoiningBoxes } from '../support/browser';
import { createAccount, PASSWORD } from '../support/users';
import { seedDemoRaceCards } from '#server/features/race-cards/demo';
import { publishTips } from '#server/features/tips/publish-tips';
import { formatShortDay, londonDate, weekdayOf } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import { dayTips } from '../fixtures/day-tips';

/** In the browser: every screen tells the truth. */
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const capitalised = (d: string) => d[0].toUpperCase() + d.slice(1);

async function upload(races: SampleRace[], weekday: string) {
  const api = j.app.client();
  expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
  expect(
    (await api.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(races), weekday)))
      .status,
  ).toBe(200);
}

/** True when a click at the element's centre reaches it (nothing, a toast say, lies on top). */
function reachable(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && el.contains(hit);
  });
}

/** True when the two elements' boxes on screen share any area. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  return !!x && !!y && x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The visible toast card (Radix's hidden live-region copy is not a listitem). */
const toastCard = (page: Page) => page.locator('li[data-variant]').first();

describe('what an account is called', () => {
  it('a registered user who has not paid sees "Free account" and a way to subscribe, never "member"', async () => {
    await createAccount(j.app, 'nonMember', 'free@example.com');
    const { page, context } = await j.newPage(PHONE);
    await j.signIn(page, 'free@example.com');
    await page.goto('/my-account');
    const type = page.getByText(/^Account type:/);
    await expect.poll(() => type.textContent()).toBe('Account type: Free account · Subscribe for the members’ area');
    await expect
      .poll(() => type.getByRole('link', { name: 'Subscribe for the members’ area' }).getAttribute('href'))
      .toBe('/subscribe');
    expect(await page.locator('body').textContent()).not.toMatch(/Account type: member/i);
    await capture(page, 'truth-free-account');
    await context.close();

    await createAccount(j.app, 'member', 'paid@example.com');
    const paid = await j.newPage(PHONE);
    await j.signIn(paid.page, 'paid@example.com');
    await paid.page.goto('/my-account');
    await expect.poll(() => paid.page.getByText(/^Account type:/).textContent()).toBe('Account type: Member');
    await paid.context.close();
  });
});

describe('the inactivity sign-out', () => {
  it('warns on screen two minutes before; "Stay signed in" keeps the session; ignored, it signs out', async () => {
    await createAccount(j.app, 'member', 'idle@example.com');
    const { page, context } = await j.newPage(PHONE);
    // Playwright's clock drives the page's timers: 28 minutes pass in an instant.
    await page.clock.install();
    await j.signIn(page, 'idle@example.com');
    await page.goto('/my-account');
    await expect.poll(() => page.getByText(/^Account type:/).isVisible()).toBe(true);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await page.clock.fastForward(27 * 60_000);
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward(60_000 + 1000);
    await expect.poll(() => warning.isVisible()).toBe(true);
    await expect
      .poll(() => warning.textContent())
      .toContain('You will be signed out in 2 minutes because of inactivity.');
    const stay = warning.getByRole('button', { name: 'Stay signed in' });
    await expect.poll(() => stay.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => reachable(stay)).toBe(true);
    await capture(page, 'truth-inactivity-warning');

    // Stay signed in: the session is touched on the server and the countdown starts again.
    const touched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/user' && r.method() === 'GET');
    await stay.click();
    await touched;
    await expect.poll(() => warning.count()).toBe(0);
    await page.clock.fastForward(27 * 60_000);
    expect(await warning.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/my-account');

    // Ignored this time: signed out at 30 minutes, on the sign-in page.
    await page.clock.fastForward(60_000 + 1000);
    await expect.poll(() => warning.isVisible()).toBe(true);
    await page.clock.fastForward(2 * 60_000);
    await page.waitForURL('**/login');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});

describe('dates and links', () => {
  it('race-card tabs show the day they hold; the home and tips pages link to the proofed results', async () => {
    await createAccount(j.app, 'admin', 'boss@example.com');
    await createAccount(j.app, 'member', 'reader@example.com');
    const today = londonDate(j.app.clock.now());
    await upload(makeRaceDay({ races: 3, runners: 4, seed: 41 }), weekdayOf(today));
    await publishTips(j.app.ctx, dayTips());

    const visitor = await j.newPage(PHONE);
    await visitor.page.goto('/');
    const homeLink = visitor.page.getByRole('link', { name: 'See every settled tip: our proofed results' });
    await expect.poll(() => homeLink.getAttribute('href')).toBe('/results');
    await homeLink.click();
    await visitor.page.waitForURL('**/results');
    await visitor.context.close();

    const { page, context } = await j.newPage(PHONE);
    await j.signIn(page, 'reader@example.com');
    await page.goto('/vbg-race-cards');
    const tab = page.getByRole('tab', {
      name: `${capitalised(weekdayOf(today))} ${formatShortDay(today, false)} (3)`,
      exact: true,
    });
    await expect.poll(() => tab.isVisible()).toBe(true);
    await capture(page, 'truth-race-card-tab-date');
    await page.goto('/tips');
    await expect
      .poll(() => page.getByRole('link', { name: 'See the proofed results' }).getAttribute('href'))
      .toBe('/results');
    await context.close();
  });
});

describe('phone screens', () => {
  it('the generator shows each horse’s whole name on a 390 px phone', async () => {
    await createAccount(j.app, 'admin', 'boss@example.com');
    await createAccount(j.app, 'member', 'reader@example.com');
    const races = makeRaceDay({ races: 1, runners: 4, seed: 42 });
    const long = 'Sir Gerhard Of Kildare (IRE)';
    races[0].horses[0].name = long;
    await upload(races, weekdayOf(londonDate(j.app.clock.now())));
    const { page, context } = await j.newPage(PHONE);
    await j.signIn(page, 'reader@example.com');
    await page.goto('/vb-generator');
    await page.getByLabel('Select race').selectOption({ label: `${races[0].time} - ${races[0].course} (4 runners)` });
    const card = page.getByRole('listitem', { name: long });
    const name = card.getByTestId('runner-name');
    await expect.poll(() => name.textContent()).toBe(long);
    // Whole: not clipped inside its box, and the box inside the card and the screen.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const [box, cardBox] = [await name.boundingBox(), await card.boundingBox()];
    expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(PHONE.width);
    await expect.poll(() => card.locator('[data-column="tissue-odds"]').textContent()).not.toBe('–'); // calculated
    await capture(page, 'truth-generator-phone-names');
    await context.close();
  });

  it('back from a cancelled checkout, /subscribe says so', async () => {
    const { page, context } = await j.newPage(PHONE);
    await page.goto('/subscribe');
    await page.getByLabel('Email').fill('maybe@example.com');
    await tickJoiningBoxes(page);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/local-checkout/**');
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL('**/subscribe?checkout=cancelled');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Checkout cancelled.' }).textContent())
      .toBe('Checkout cancelled. You have not been charged. Subscribe below whenever you are ready.');
    await capture(page, 'truth-checkout-cancelled');
    await context.close();
  });

  it('a toast sits under the header, clear of its buttons and of the buttons just used, on a phone and a desktop', async () => {
    j.eveningOfRaceDay(); // the tip is settled once its race is off
    await createAccount(j.app, 'member', 'reader@example.com');
    const { page, context } = await j.newPage(PHONE);
    expectFailures(page, { url: /\/api\/login$/, status: 401 }); // the wrong password below, on purpose
    await page.goto('/login');
    await page.getByLabel('Email').fill('reader@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.click();
    await expect.poll(() => toastCard(page).isVisible()).toBe(true);
    const header = (await page.locator('header').boundingBox())!;
    const card = (await toastCard(page).boundingBox())!;
    expect(card.y).toBeGreaterThanOrEqual(header.y + header.height);
    // At the top of the phone's screen, away from the buttons that end forms at the bottom.
    expect(card.y + card.height).toBeLessThan(PHONE.height / 2);
    await expect.poll(() => reachable(page.getByRole('button', { name: 'Open menu' }))).toBe(true);
    await expect.poll(() => reachable(signIn)).toBe(true);
    await capture(page, 'truth-toast-phone');
    await context.close();

    // A desktop admin settling a tip: the toast keeps off the next row's buttons.
    await createAccount(j.app, 'admin', 'boss@example.com');
    const admin = await j.newPage(DESKTOP);
    const a = admin.page;
    const api = j.app.client();
    expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    // As published today (dayTips): the record keeps the published race and price.
    for (const [selectionName, selectionType, raceTime, advisedOdds] of [
      ['Northern Star', 'nap', '2:10 Ascot', '5/1'],
      ['Harbour Light', 'nb', '3:15 Haydock', '11/4'],
    ]) {
      const body = { raceDate: londonDate(j.app.clock.now()), raceTime, selectionName, selectionType, advisedOdds };
      expect((await api.post('/api/admin/back-catalogue-entry', body)).status).toBe(200);
    }
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'Tipping Performance' }).click();
    await a.getByRole('tab', { name: 'Performance History' }).click();
    await a.getByRole('button', { name: 'Settle Northern Star' }).click();
    await expect.poll(() => toastCard(a).textContent()).toContain('Northern Star settled as WON.');
    // Under the desktop's two-row header too.
    const [deskHeader, deskCard] = [(await a.locator('header').boundingBox())!, (await toastCard(a).boundingBox())!];
    expect(deskCard.y).toBeGreaterThanOrEqual(deskHeader.y + deskHeader.height);
    for (const name of [
      'Settle Harbour Light',
      'Edit Harbour Light',
      'Delete Harbour Light',
      'Correct Northern Star',
    ]) {
      const button = a.getByRole('button', { name });
      expect(await overlap(toastCard(a), button), name).toBe(false);
      expect(await reachable(button), name).toBe(true);
    }
    await admin.context.close();
  });
});

describe('the demo data', () => {
  it('with Market Correction on, the demo races show every value score from 1 to 5 in the generator', async () => {
    await createAccount(j.app, 'member', 'reader@example.com');
    await seedDemoRaceCards(j.app.ctx);
    const { page, context } = await j.newPage(DESKTOP);
    await j.signIn(page, 'reader@example.com');
    await page.goto('/vb-generator');
    const select = page.getByLabel('Select race');
    await expect.poll(() => select.locator('optgroup').count()).toBe(2);
    await expect.poll(() => page.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    const today = select.locator('optgroup').first().locator('option');
    const labels = await today.allTextContents();
    expect(labels).toHaveLength(8);
    const scores = new Set<string>();
    const perRace: number[] = [];
    const rows = page.locator('tbody tr');
    let previous = '';
    for (const [i, label] of labels.entries()) {
      await select.selectOption({ label });
      // This race's nine runners, each scored (not the last race's rows still on screen).
      const read = () =>
        rows.evaluateAll((els) =>
          els.map((e) => [
            e.getAttribute('aria-label'),
            e.querySelector('[data-column="value-score"] [data-score]')?.getAttribute('data-score'),
          ]),
        );
      await expect
        .poll(async () => {
          const now = await read();
          return (
            now.length === 9 && now.every(([, score]) => !!score) && JSON.stringify(now.map(([n]) => n)) !== previous
          );
        })
        .toBe(true);
      const now = await read();
      previous = JSON.stringify(now.map(([n]) => n));
      const race = now.map(([, score]) => score!);
      race.forEach((s) => scores.add(s));
      perRace.push(new Set(race).size);
      if (i === 0) await capture(page, 'truth-demo-generator');
    }
    expect([...scores].sort()).toEqual(['1', '2', '3', '4', '5']);
    // Not one score everywhere: each race shows a spread of its own.
    expect(Math.min(...perRace)).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
