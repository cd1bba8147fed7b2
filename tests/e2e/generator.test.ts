import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '#server/features/auth/users';
import { addDays, londonDate, weekdayOf } from '#shared/london-time';
import { NO_RACES_TEXT } from '#shared/generator/races';
import { formatCorrection, oneDecimal, tissueOddsText } from '#shared/generator/rows';
import { users } from '#server/db/schema';
import { eq } from 'drizzle-orm';
import { calculateValue, type ValueInput } from '#shared/value-model';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { createAccount, PASSWORD } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const capitalised = (d: string) => d[0].toUpperCase() + d.slice(1);
/** Radix repeats a toast's text in a hidden live region: match exactly and take the visible one. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Today's first race with ratings and odds chosen so the model has work to do. */
function todaysRaces(): SampleRace[] {
  const races = makeRaceDay({ races: 3, runners: 6, seed: 77 });
  const field: Array<[string, number, string | number]> = [
    ['Alpha Star', 85, '2/1'],
    ['Bravo Star', 80, 4.5],
    ['Charlie Star', 76, '6/1'],
    ['Delta Star', 70, '3/1'], // the market loves a low-rated horse: market correction lifts it
    ['Echo Star', 65, '20/1'],
    ['Foxtrot Star', 72, 'NR'], // a potential non-runner
  ];
  races[0].horses = races[0].horses.map((h, i) => ({
    ...h,
    name: field[i][0],
    vbRating: field[i][1],
    odds: field[i][2],
  }));
  return races;
}

async function uploadCards(races: SampleRace[], weekday: string) {
  const admin = j.app.client();
  expect((await admin.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
  expect(
    (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(races), weekday)))
      .status,
  ).toBe(200);
}

/** The runners of todaysRaces()'s first race with a price, as the model reads them (decimal odds). */
function todaysField(): ValueInput[] {
  return [
    { name: 'Alpha Star', rating: 85, marketOdds: 3 },
    { name: 'Bravo Star', rating: 80, marketOdds: 4.5 },
    { name: 'Charlie Star', rating: 76, marketOdds: 7 },
    { name: 'Delta Star', rating: 70, marketOdds: 4 },
    { name: 'Echo Star', rating: 65, marketOdds: 21 },
  ];
}

/** What the page should show for the runners as they stand (market correction on unless told). */
function expected(field: ValueInput[], marketCorrection = true) {
  return Object.fromEntries(calculateValue(field, { marketCorrection }).map((r) => [r.name, r]));
}

describe('VB Tissue Odds Generator', () => {
  it('a member picks a race, updates odds, reads scores and corrections, removes a non-runner and sorts by value', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createAccount(j.app, 'member', 'punter@example.com');
    const todayDate = londonDate(j.app.clock.now());
    const today = weekdayOf(todayDate);
    const tomorrow = weekdayOf(addDays(todayDate, 1));

    const { page } = await j.newPage();
    await j.signIn(page, 'punter@example.com');
    await page.goto('/vb-generator');
    await expect.poll(() => page.getByRole('heading', { name: 'VB Tissue Odds Generator' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(NO_RACES_TEXT).isVisible()).toBe(true);
    await capture(page, 'generator-no-races');

    // The analyst uploads while the member has the page open: the race list follows the
    // race-card event stream, without a reload, read at a random moment of the next few seconds.
    const races = todaysRaces();
    await uploadCards(races, today);
    await uploadCards(makeRaceDay({ races: 2, runners: 5, seed: 78 }), tomorrow);

    // The selector: today's then tomorrow's races, under the day name with the count.
    const select = page.getByLabel('Select race');
    await expect.poll(() => select.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => select.locator('optgroup').count(), { timeout: 10_000 }).toBe(2);
    const groups = await select.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups).toEqual([`${capitalised(today)} (3 races)`, `${capitalised(tomorrow)} (2 races)`]);
    const race = races[0];
    await select.selectOption({ label: `${race.time} - ${race.course} (6 runners)` });

    // Rows: the five with odds plus the flagged non-runner, by rating, name and rating locked.
    const rowNames = () => page.locator('tbody tr').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await expect
      .poll(rowNames)
      .toEqual(['Alpha Star', 'Bravo Star', 'Charlie Star', 'Foxtrot Star', 'Delta Star', 'Echo Star']);
    await expect.poll(() => page.getByLabel('Horse name for Alpha Star').isEditable()).toBe(false);
    await expect.poll(() => page.getByLabel('Rating for Alpha Star').isEditable()).toBe(false);
    await expect.poll(() => page.getByLabel('Adjustment for Alpha Star').isEditable()).toBe(true);
    const foxtrot = page.getByRole('row', { name: 'Foxtrot Star', exact: true });
    await expect.poll(() => foxtrot.getByText('Check if non-runner').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    const field = todaysField();
    const cell = (name: string, column: string) =>
      page.getByRole('row', { name, exact: true }).locator(`[data-column="${column}"]`);
    const badge = (name: string) => cell(name, 'value-score').locator('[data-score]');
    const legendColour = (score: number) =>
      page
        .locator(`section[aria-labelledby="value-legend"] [data-score="${score}"]`)
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const colour = (name: string) => badge(name).evaluate((el) => getComputedStyle(el).backgroundColor);

    async function expectFigures(model: ReturnType<typeof expected>) {
      for (const [name, r] of Object.entries(model)) {
        // Tissue odds in both formats, the member's (fractional) first.
        await expect
          .poll(() => cell(name, 'tissue-odds').textContent())
          .toBe(tissueOddsText(r.tissueOdds, 'fractional'));
        await expect
          .poll(() => cell(name, 'market-correction').textContent())
          .toBe(formatCorrection(r.marketCorrection));
        await expect.poll(() => cell(name, 'adjusted-rating').textContent()).toBe(oneDecimal(r.adjustedRating));
        await expect.poll(() => badge(name).getAttribute('data-score')).toBe(String(r.valueScore));
        await expect.poll(() => colour(name)).toBe(await legendColour(r.valueScore!));
      }
    }

    // Calculated automatically once loaded, with market correction on.
    let model = expected(field);
    expect(model['Delta Star'].marketCorrection).toBeGreaterThan(0);
    expect(model['Alpha Star'].valueScore).toBe(5);
    await expectFigures(model);
    await expect.poll(() => cell('Foxtrot Star', 'tissue-odds').textContent()).toBe('–');
    const legend = await Promise.all([5, 4, 3, 2, 1].map(legendColour));
    expect(new Set(legend).size).toBe(5);
    await capture(page, 'generator-race');

    // Decimal odds, committed on blur: Alpha Star shortens to 1.5 and loses its value (green to red).
    const alphaOdds = page.getByLabel('Market odds for Alpha Star');
    await alphaOdds.fill('1.5');
    await alphaOdds.press('Tab');
    field[0].marketOdds = 1.5;
    model = expected(field);
    expect(model['Alpha Star'].valueScore).toBe(1);
    await expectFigures(model);
    // Typed in decimal, shown back in the member's format.
    await expect.poll(() => alphaOdds.inputValue()).toBe('1/2');

    // Fractional odds, committed by the 300 ms pause while still typing; kept fractional after blur.
    const echoOdds = page.getByLabel('Market odds for Echo Star');
    await echoOdds.fill('5/2');
    field[4].marketOdds = 3.5;
    model = expected(field);
    expect(model['Echo Star'].marketCorrection).toBeGreaterThan(0);
    await expect
      .poll(() => cell('Echo Star', 'market-correction').textContent())
      .toBe(formatCorrection(model['Echo Star'].marketCorrection));
    await expect.poll(() => echoOdds.inputValue()).toBe('5/2');
    await echoOdds.press('Tab');
    await expect.poll(() => echoOdds.inputValue()).toBe('5/2');
    await expectFigures(model);

    // "evs" too, then back to 20/1.
    await echoOdds.fill('evs');
    await echoOdds.press('Tab');
    await expect.poll(() => echoOdds.inputValue()).toBe('evs');
    await echoOdds.fill('20/1');
    await echoOdds.press('Tab');
    field[4].marketOdds = 21;
    model = expected(field);
    await expectFigures(model);

    // Market Correction off: no corrections; on again: back.
    await page.getByRole('switch').click();
    await expectFigures(expected(field, false));
    await expect.poll(() => cell('Delta Star', 'market-correction').textContent()).toBe('+0.0');
    await page.getByRole('switch').click();
    await expectFigures(model);

    // Remove the non-runner.
    await page.getByRole('button', { name: 'Remove Foxtrot Star' }).click();
    await expect.poll(rowNames).toEqual(['Alpha Star', 'Bravo Star', 'Charlie Star', 'Delta Star', 'Echo Star']);

    // Sort by value score: the first click puts the best value first, the same column again flips.
    const bestValueFirst = Object.values(model)
      .sort((a, b) => b.valueScore! - a.valueScore! || b.value! - a.value!)
      .map((r) => r.name);
    const valueHeader = page.getByRole('button', { name: 'Value Score' });
    await valueHeader.click();
    await expect.poll(rowNames).toEqual(bestValueFirst);
    await expect.poll(() => page.locator('th[aria-sort="descending"]').textContent()).toBe('Value Score');
    await valueHeader.click();
    await expect.poll(rowNames).toEqual([...bestValueFirst].reverse());
    await capture(page, 'generator-sorted');

    // A horse added by hand has its name and rating open; removing leaves the race's runners.
    await page.getByRole('button', { name: 'Add Horse' }).click();
    const newName = page.getByLabel('Horse name for new horse 1');
    await expect.poll(() => newName.isEditable()).toBe(true);
    await page.getByRole('button', { name: 'Remove new horse 1' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);

    // The phone layout: stacked cards with the same figures.
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.getByRole('listitem', { name: 'Alpha Star' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('table').count()).toBe(0);
    await expect
      .poll(() =>
        page.getByRole('listitem', { name: 'Delta Star' }).locator('[data-column="market-correction"]').textContent(),
      )
      .toBe(formatCorrection(model['Delta Star'].marketCorrection));
  });

  it('a member who reads decimal odds types either and sees decimal, with the tissue odds in both', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const member = await createAccount(j.app, 'member', 'decimal@example.com');
    await j.app.ctx.db.update(users).set({ oddsFormat: 'decimal' }).where(eq(users.id, member.id));
    const races = todaysRaces();
    await uploadCards(races, weekdayOf(londonDate(j.app.clock.now())));

    const { page } = await j.newPage();
    await j.signIn(page, 'decimal@example.com');
    await page.goto('/vb-generator');
    await page.getByLabel('Select race').selectOption({ label: `${races[0].time} - ${races[0].course} (6 runners)` });
    const echoOdds = page.getByLabel('Market odds for Echo Star');
    await expect.poll(() => echoOdds.inputValue()).toBe('21.0');
    expect(await echoOdds.getAttribute('placeholder')).toBe('6.0 or 5/1');
    await echoOdds.fill('5/2');
    await echoOdds.press('Tab');
    await expect.poll(() => echoOdds.inputValue()).toBe('3.5');
    const field = todaysField();
    field[4].marketOdds = 3.5;
    const tissue = expected(field)['Echo Star'].tissueOdds!;
    const cell = page.getByRole('row', { name: 'Echo Star', exact: true }).locator('[data-column="tissue-odds"]');
    await expect.poll(() => cell.textContent()).toBe(tissueOddsText(tissue, 'decimal'));
    expect(tissueOddsText(tissue, 'decimal')).toMatch(/^\d+\.\d \((\d+\/\d+|evs)\)$/);
    await capture(page, 'generator-decimal');
  });

  it('the admin downloads the Excel export, and sees "Export Failed" with the reason when today has no cards', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const todayDate = londonDate(j.app.clock.now());
    const { page } = await j.newPage();
    await j.signIn(page, 'boss@example.com');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const button = page.getByRole('button', { name: 'Download Excel Export' });
    await expect.poll(() => button.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Main multiplier').inputValue()).toBe('1');
    await expect.poll(() => page.getByLabel('AV8+ multiplier').inputValue()).toBe('0.5');

    expectFailures(page, { url: /\/api\/admin\/excel-export$/, status: 404 });
    await button.click();
    await expect.poll(() => toastText(page, 'Export Failed').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/^No race cards for today/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await uploadCards(todaysRaces(), weekdayOf(todayDate));
    await page.getByLabel('Main multiplier').fill('2.5');
    const download = page.waitForEvent('download');
    await button.click();
    expect((await download).suggestedFilename()).toBe(`vbg-excel-export-${todayDate}.xlsx`);
    await capture(page, 'excel-export-admin');
  });
});
