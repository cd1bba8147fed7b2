import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { londonDate, weekdayOf } from '#shared/london-time';
import { parseOdds } from '#shared/odds';
import { formatOdds, valueDownTo } from '#shared/odds-format';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { dailyTips } from '#server/db/schema';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { createAccount } from '../support/users';
import { makeRaceDay, raceDayWorkbook } from '../fixtures/race-day';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('odds the way the member reads them, and "value down to"', () => {
  it('a member switches to decimal odds in My Account and the race card follows, with the shortest value price', async () => {
    const today = londonDate(j.app.clock.now());
    await createAccount(j.app, 'member', 'punter@example.com');
    const [race] = makeRaceDay({ races: 1, runners: 5, seed: 31 });
    await uploadMasterExcel(j.app.ctx, {
      data: await raceDayWorkbook([race]),
      filename: 'master.xlsx',
      targetTab: weekdayOf(today),
      userId: null,
    });
    const field = race.horses.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: parseOdds(h.odds) ?? 0 }));
    const index = field.findIndex((h) => h.marketOdds > 0);
    const horse = race.horses[index];
    const downTo = valueDownTo(field, index)!;

    const { page: m } = await j.newPage(PHONE);
    await j.signIn(m, 'punter@example.com');
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
    await expect
      .poll(() => runner.textContent())
      .toContain(
        `Tissue ${downTo.decimal.toFixed(2)} · Value down to ${downTo.decimal.toFixed(2)} (${downTo.fractional})`,
      );
    await capture(m, 'odds-format-race-card-decimal');

    // Back to fractions: the preference is the account's, read again on the next visit.
    await m.goto('/my-account');
    await m.getByRole('radio', { name: /Fractional/ }).check();
    await expect.poll(() => m.getByRole('radio', { name: /Fractional/ }).isChecked()).toBe(true);
    runner = await showCard();
    await expect.poll(() => runner.textContent()).toContain(`Bookie odds${formatOdds(horse.odds, 'fractional')}`);
    await expect
      .poll(() => runner.textContent())
      .toContain(
        `Tissue ${downTo.decimal.toFixed(2)} · Value down to ${downTo.fractional} (${downTo.decimal.toFixed(2)})`,
      );

    // The day's NAP is that horse: the tips page shows its value-down-to price and logs a bet from the tip.
    // Advised shorter than its value price: published as the analyst confirmed it (the next journey shows the warning).
    await publishTips(j.app.ctx, {
      ...dayTips(),
      nap: `${horse.name} – ${race.time} ${race.course} (advised 7/1)`,
      confirmShortPrices: true,
    });
    await m.goto('/tips');
    const napPrice = m.getByTestId('tip-price-nap');
    await expect
      .poll(() => napPrice.textContent())
      .toContain(`Value down to ${downTo.fractional} (${downTo.decimal.toFixed(2)})`);
    await napPrice.getByRole('button', { name: `Log bet on ${horse.name}` }).click();
    await expect.poll(() => napPrice.getByLabel('Price taken').inputValue()).toBe('7/1');
    await napPrice.getByLabel('Stake (£)').fill('5');
    await napPrice.getByLabel('Each way').check();
    await napPrice.getByRole('button', { name: 'Log Bet', exact: true }).click();
    await expect
      .poll(() => m.getByText(`${horse.name} logged: £5.00 each way at 7/1 (total outlay £10.00).`).isVisible())
      .toBe(true);
    await capture(m, 'tips-value-down-to');

    // From a generator row: the same price with the card's odds, and a bet logged at the price taken.
    await m.goto('/vb-generator');
    await m.getByLabel('Select race').selectOption({
      label: `${race.time} - ${race.course} (${race.horses.filter((h) => (parseOdds(h.odds) ?? 0) > 0).length} runners)`,
    });
    await m.getByLabel('Horse', { exact: true }).selectOption(horse.name);
    await expect
      .poll(() => m.getByTestId('generator-value-down-to').textContent())
      .toBe(`Value down to ${downTo.fractional} (${downTo.decimal.toFixed(2)})`);
    await m.getByLabel('Price taken').fill('6/1');
    await m.getByLabel('Stake (£)').fill('2');
    await m.getByRole('button', { name: 'Log Bet', exact: true }).click();
    await expect.poll(() => m.getByText(`${horse.name} logged: £2.00 at 6/1.`).isVisible()).toBe(true);
    await m.goto('/my-bets');
    await expect.poll(() => m.getByTestId('bets-count').textContent()).toBe('2 (0)');
  });

  it('a tip advised shorter than its value price is published only once the analyst confirms it, and members read why it is tipped', async () => {
    const today = londonDate(j.app.clock.now());
    await createAccount(j.app, 'admin', 'boss@example.com');
    await createAccount(j.app, 'member', 'punter@example.com');
    const [race] = makeRaceDay({ races: 1, runners: 5, seed: 31 });
    await uploadMasterExcel(j.app.ctx, {
      data: await raceDayWorkbook([race]),
      filename: 'master.xlsx',
      targetTab: weekdayOf(today),
      userId: null,
    });
    const field = race.horses.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: parseOdds(h.odds) ?? 0 }));
    const index = field.findIndex((h, i) => h.marketOdds > 0 && valueDownTo(field, i) !== null);
    const horse = race.horses[index];
    const downTo = valueDownTo(field, index)!;
    // An advised price shorter than the value price, as the analyst writes it.
    const advised = formatOdds(1 + (downTo.threshold - 1) / 2, 'fractional');
    expect(parseOdds(advised)!).toBeLessThan(downTo.threshold);
    const valuePrice = `${downTo.fractional} (${downTo.decimal.toFixed(2)})`;

    const { page: a } = await j.newPage();
    expectFailures(a, { url: /\/api\/secure-content-upload$/, status: 409 }); // the warning, provoked on purpose
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    const publishButton = a.getByRole('button', { name: 'Update Tips & Preview' });
    await expect.poll(() => publishButton.isVisible()).toBe(true);
    await a.getByLabel('NAP', { exact: true }).fill(`${horse.name} – ${race.time} ${race.course} (${advised})`);
    await a.getByLabel('NB', { exact: true }).fill('Harbour Light – 3:15 Haydock (9/2)');
    await a.getByLabel('Longshot', { exact: true }).fill('Long Road – 4:00 Ascot (20/1)');
    // The Lucky 15's selections run on the day's card, so nothing but the price is asked about.
    const legs = race.horses.filter((_, i) => i !== index).slice(0, 4);
    await a.getByLabel('Multiple 1 selections').fill(legs.map((h) => h.name).join(', '));
    const editor = a.getByRole('textbox', { name: 'Daily preview' });
    await expect.poll(() => editor.getAttribute('contenteditable')).toBe('true');
    await editor.click();
    await a.keyboard.type('Soft ground.');
    await publishButton.click();

    // Warned, not published: the form names the tip and its value price, and asks.
    const warning = a.getByTestId('short-price-warning');
    await expect
      .poll(() => warning.textContent())
      .toContain(
        `The NAP ${horse.name} is advised at ${advised}, shorter than its value price ${valuePrice} in the ${race.time} ${race.course}.`,
      );
    expect(await j.app.ctx.db.select().from(dailyTips)).toEqual([]);
    await capture(a, 'tips-short-price-warning');
    await warning.getByRole('button', { name: 'Publish Anyway' }).click();
    await expect.poll(() => a.getByText('Tips Published', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(async () => (await j.app.ctx.db.select().from(dailyTips)).length).toBe(1);

    // The member is never simply told to leave the NAP: the page says why it is tipped at that price.
    const { page: m } = await j.newPage(PHONE);
    await j.signIn(m, 'punter@example.com');
    await m.goto('/tips');
    await expect
      .poll(() => m.getByTestId('tip-price-nap').getByTestId('fair-price').textContent())
      .toBe(`Tissue ${downTo.decimal.toFixed(2)} · Value down to ${valuePrice}`);
    await expect
      .poll(() => m.getByTestId('tip-guidance-nap').textContent())
      .toBe(
        `The advised ${advised} is shorter than that: the analyst tips it on form, not on price. On price alone, the VB tissue sees value only at ${downTo.fractional} or bigger.`,
      );
    expect(await m.getByText('leave the bet').count()).toBe(0);
    await capture(m, 'tips-short-price-explained');
  });
});
