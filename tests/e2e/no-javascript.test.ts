import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, londonDate, weekdayOf } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { PHONE, expectFailures, startJourney, tickJoiningBoxes } from '../support/browser';
import { createAccount, PASSWORD, signedIn } from '../support/users';
import { TERMS_REQUIRED_MESSAGE } from '#shared/consent';

// With JavaScript off, a visitor still reads the public pages in full, because
// the server sends them rendered (decision 0020).
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());

const SHOTS = path.resolve('artifacts/screenshots');
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
}

describe('a visitor without JavaScript', () => {
  it('reads an article, the free race card and the results', { timeout: 120_000 }, async () => {
    const today = londonDate(j.app.clock.now());
    const { client: admin } = await signedIn(j.app, 'admin');
    const article = await admin.post('/api/admin/news-and-views', {
      title: 'Reading the Going',
      summary: '<p>What soft ground does to a field.</p>',
      content: '<p>Soft ground stretches stamina: the last furlong decides it.</p>',
      category: 'views',
      contentType: 'regular',
      author: 'Sam Hartley',
      publishDate: '2026-03-10',
    });
    expect(article.status).toBe(201);
    const races = makeRaceDay({ races: 2, runners: 4, seed: 11 });
    const race = races[0];
    expect(
      (
        await admin.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook(races), weekdayOf(today)),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/api/free-race/nominate', {
          raceTime: race.time,
          course: race.course,
          weekday: weekdayOf(today),
        })
      ).status,
    ).toBe(200);
    const tip = await admin.post('/api/admin/back-catalogue-entry', {
      raceDate: addDays(today, -2),
      raceTime: '2:10 Ascot',
      raceLocation: 'Daily Tips',
      selectionName: 'Quiet Achiever',
      selectionType: 'nap',
      advisedOdds: '5/1',
      startingPrice: null,
      result: null,
      profitLoss: null,
    });
    expect(tip.status).toBe(200);
    expect(
      (
        await admin.post(`/api/admin/tip-records/${(tip.json as { record: { id: number } }).record.id}/settle`, {
          result: 'WON',
        })
      ).status,
    ).toBe(200);

    const { page, context } = await j.newPage(PHONE, { javaScriptEnabled: false });
    await page.goto('/news-and-views');
    expect(await page.getByRole('heading', { name: 'Reading the Going' }).isVisible()).toBe(true);
    await page.goto(`/news-and-views/${(article.json as { slug: string }).slug}`);
    expect(await page.getByRole('heading', { level: 1, name: 'Reading the Going' }).isVisible()).toBe(true);
    expect(await page.getByText('Soft ground stretches stamina: the last furlong decides it.').isVisible()).toBe(true);
    await shot(page, 'nojs-article');

    await page.goto('/free-race');
    const card = page.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
    expect(await card.isVisible()).toBe(true);
    for (const horse of race.horses)
      expect(await card.getByText(horse.name, { exact: true }).first().isVisible(), horse.name).toBe(true);
    await shot(page, 'nojs-free-race');

    await page.goto('/results');
    const row = page.getByRole('row', { name: /Quiet Achiever/ });
    expect(await row.isVisible()).toBe(true);
    expect(await row.getByText('WON').isVisible()).toBe(true);
    await shot(page, 'nojs-results');

    // The header's navigation works without scripts: its items are real links.
    expect(await page.getByRole('link', { name: 'Free Race' }).first().getAttribute('href')).toBe('/free-race');
    await context.close();
  });
});

describe('a reader without JavaScript', () => {
  it(
    'signs in through the form, sees a refusal on the page, reaches the checkout and gets a real not-found page',
    { timeout: 120_000 },
    async () => {
      await createAccount(j.app, 'member', 'nojs.member@example.com');
      const { page, context } = await j.newPage(PHONE, { javaScriptEnabled: false });

      // A wrong password comes back to the form with the message, the address kept.
      await page.goto('/login?next=%2Fvbg-race-cards');
      await page.getByLabel('Email').fill('nojs.member@example.com');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/login\?error=invalid/);
      expect(await page.getByRole('alert').textContent()).toBe('Invalid email or password');
      expect(await page.getByLabel('Email').inputValue()).toBe('nojs.member@example.com');

      // The right one signs in and goes on to the page the member asked for, rendered by the server.
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/vbg-race-cards$/);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === 'vbg_session')?.httpOnly).toBe(true);
      await context.close();

      // A visitor subscribes: the form goes straight to the payment page for the typed address.
      const visitor = await j.newPage(PHONE, { javaScriptEnabled: false });
      await visitor.page.goto('/subscribe');
      await visitor.page.getByLabel('Email').fill('buyer@localhost');
      await tickJoiningBoxes(visitor.page);
      await visitor.page.getByRole('button', { name: 'Subscribe Now' }).click();
      await visitor.page.waitForURL(/\/subscribe\?error=email$/);
      expect(await visitor.page.getByRole('alert').textContent()).toBe('Please enter a valid email address.');
      // The boxes are required without JavaScript too: the server sends the form back with the reason.
      await visitor.page.getByLabel('Email').fill('nojs.buyer@example.com');
      await visitor.page.getByRole('checkbox', { name: 'I am 18 or over' }).check();
      await visitor.page.getByRole('button', { name: 'Subscribe Now' }).click();
      await visitor.page.waitForURL(/\/subscribe\?error=terms$/);
      expect(await visitor.page.getByRole('alert').textContent()).toBe(TERMS_REQUIRED_MESSAGE);
      await visitor.page.getByLabel('Email').fill('nojs.buyer@example.com');
      await tickJoiningBoxes(visitor.page);
      await visitor.page.getByRole('button', { name: 'Subscribe Now' }).click();
      await visitor.page.waitForURL(/\/local-checkout\/lcs_/);
      expect(await visitor.page.getByText('nojs.buyer@example.com').first().isVisible()).toBe(true);

      // An address that is no page: the not-found page, rendered, with its way home.
      expectFailures(visitor.page, { url: /\/no-such-page$/, status: 404 });
      const missing = await visitor.page.goto('/no-such-page');
      expect(missing?.status()).toBe(404);
      expect(await visitor.page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
      await visitor.page.getByRole('link', { name: 'Go to the home page' }).click();
      await visitor.page.waitForURL((url) => url.pathname === '/');
      await visitor.context.close();
    },
  );
});
