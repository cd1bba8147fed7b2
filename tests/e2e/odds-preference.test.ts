import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { londonDate, weekdayOf } from '#shared/london-time';
import { parseOdds } from '#shared/odds';
import { formatOdds, valueDownTo } from '#shared/odds-format';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';
import { capture, PHONE, signInThroughPage, startJourney } from '../support/browser';
import { createAccount } from '../support/users';
import { makeRaceDay, raceDayWorkbook } from '../fixtures/race-day';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('odds the way the member reads them, and "value down to" (issue 20 items 4 and 5)', () => {
  it('a member switches to decimal odds in My Account and the race card follows, with the shortest value price', async () => {
    const today = londonDate(j.app.clock.now());
    await createAccount(j.app, 'member', 'punter@example.com');
    const [race] = makeRaceDay({ races: 1, runners: 5, seed: 31 });
    await uploadMasterExcel(j.app.ctx, { data: await raceDayWorkbook([race]), filename: 'master.xlsx', targetTab: weekdayOf(today), userId: null });
    const field = race.horses.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: parseOdds(h.odds) ?? 0 }));
    const index = field.findIndex((h) => h.marketOdds > 0);
    const horse = race.horses[index];
    const downTo = valueDownTo(field, index)!;

    const { page: m } = await j.newPage(PHONE);
    await signInThroughPage(m, 'punter@example.com');
    await m.waitForURL((url) => url.pathname === '/');
    await m.goto('/my-account');
    const decimal = m.getByRole('radio', { name: /Decimal/ });
    await expect.poll(() => m.getByRole('radio', { name: /Fractional/ }).isChecked()).toBe(true);
    await decimal.check();
    await expect.poll(() => m.getByText('Odds format saved', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => decimal.isChecked()).toBe(true);
    await capture(m, 'odds-format-account');

    const showCard = async () => {
      await m.goto('/vbg-race-cards');
      await m.getByRole('button', { name: `View All ${race.course}` }).click();
      const card = m.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
      await expect.poll(() => card.isVisible()).toBe(true);
      return card.locator('li').filter({ hasText: horse.name });
    };
    let runner = await showCard();
    await expect.poll(() => runner.textContent()).toContain(`Bookie odds${formatOdds(horse.odds, 'decimal')}`);
    await expect.poll(() => runner.textContent()).toContain(`Value down to${downTo.decimal.toFixed(2)} (${downTo.fractional})`);
    await capture(m, 'odds-format-race-card-decimal');

    // Back to fractions: the preference is the account's, read again on the next visit.
    await m.goto('/my-account');
    await m.getByRole('radio', { name: /Fractional/ }).check();
    await expect.poll(() => m.getByRole('radio', { name: /Fractional/ }).isChecked()).toBe(true);
    runner = await showCard();
    await expect.poll(() => runner.textContent()).toContain(`Bookie odds${formatOdds(horse.odds, 'fractional')}`);
    await expect.poll(() => runner.textContent()).toContain(`Value down to${downTo.fractional} (${downTo.decimal.toFixed(2)})`);

    // The day's NAP is that horse: the tips page shows its value-down-to price and logs a bet from the tip.
    await publishTips(j.app.ctx, { ...dayTips(), nap: `${horse.name} – ${race.time} ${race.course} (advised 7/1)` });
    await m.goto('/tips');
    const napPrice = m.getByTestId('tip-price-nap');
    await expect.poll(() => napPrice.textContent()).toContain(`Value down to ${downTo.fractional} (${downTo.decimal.toFixed(2)})`);
    await napPrice.getByRole('button', { name: `Log bet on ${horse.name}` }).click();
    await expect.poll(() => napPrice.getByLabel('Price taken').inputValue()).toBe('7/1');
    await napPrice.getByLabel('Stake (£)').fill('5');
    await napPrice.getByLabel('Each way').check();
    await napPrice.getByRole('button', { name: 'Log Bet', exact: true }).click();
    await expect.poll(() => m.getByText(`${horse.name} logged: £5.00 each way at 7/1 (total outlay £10.00).`).isVisible()).toBe(true);
    await capture(m, 'tips-value-down-to');

    // From a generator row: the same price with the card's odds, and a bet logged at the price taken.
    await m.goto('/vb-generator');
    await m.getByLabel('Select race').selectOption({ label: `${race.time} - ${race.course} (${race.horses.filter((h) => (parseOdds(h.odds) ?? 0) > 0).length} runners)` });
    await m.getByLabel('Horse', { exact: true }).selectOption(horse.name);
    await expect.poll(() => m.getByTestId('generator-value-down-to').textContent()).toBe(`Value down to ${downTo.fractional} (${downTo.decimal.toFixed(2)})`);
    await m.getByLabel('Price taken').fill('6/1');
    await m.getByLabel('Stake (£)').fill('2');
    await m.getByRole('button', { name: 'Log Bet', exact: true }).click();
    await expect.poll(() => m.getByText(`${horse.name} logged: £2.00 at 6/1.`).isVisible()).toBe(true);
    await m.goto('/my-bets');
    await expect.poll(() => m.getByTestId('bets-count').textContent()).toBe('2 (0)');
  });
});
