import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { londonDate, londonInstant, weekdayOf } from '#shared/london-time';
import { valueDownTo } from '#shared/odds-format';
import { calculateValue } from '#shared/value-model';
import { valueField } from '#shared/value-field';
import { recordPrices } from '#server/db/price-snapshots';
import { races, users } from '#server/db/schema';
import { nominateFreeRace } from '#server/features/free-race/free-race';
import { getRaceCard } from '#server/features/race-cards/read-race-cards';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { publishRaceCardEvent } from '#server/features/race-cards/events';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';
import { makeRaceDay, raceDayWorkbook, uploadTodaysCards } from '../fixtures/race-day';
import { afterTheOff } from '../api/race-results-helpers';
import { capture, PHONE, startJourney, watchPage } from '../support/browser';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

/** A race's id on the cards. */
async function raceId(time: string, course: string): Promise<number | undefined> {
  const rows = await j.app.ctx.db.select({ id: races.id, time: races.time, course: races.course }).from(races);
  return rows.find((r) => r.time === time && r.course === course)?.id;
}

/** What members must see within this long of the analyst's save: the event stream, not a reload. */
const LIVE = { timeout: 2_000, interval: 50 };

describe('prices through the day on the value board and the race card', () => {
  it("the analyst pastes a price and then a result; a member's open board and race card both follow within 2 s, with no read", async () => {
    // The race day's cards (the first race is at 12:15).
    const { today, races: sample } = await uploadTodaysCards(j.app, 31);
    await createAccount(j.app, 'admin', 'boss@example.com');
    const member = await createAccount(j.app, 'member', 'punter@example.com');
    await j.app.ctx.db.update(users).set({ oddsFormat: 'decimal' }).where(eq(users.id, member.id));
    const [race, other] = sample;
    // Twenty minutes before the first race (within a session's idle limit of its off, when the
    // result may be entered).
    j.app.clock.set(new Date(londonInstant(today, race.time).getTime() - 20 * 60_000));
    const horse = race.horses[1];
    const nap = race.horses[3];
    await publishTips(
      j.app.ctx,
      dayTips({ nap: `${nap.name} – ${race.time} ${race.course}`, confirmShortPrices: true }),
    );

    // The member has the value board open on a phone, and the race card in a second tab.
    const { page: board, context } = await j.newPage(PHONE);
    await j.signIn(board, 'punter@example.com');
    await board.goto('/');
    await board.getByRole('button', { name: 'Open menu' }).click();
    await board.locator('#mobile-menu').getByRole('link', { name: 'Value Now' }).click();
    await board.waitForURL('**/value-now');
    const runner = (page: Page, name: string) => page.getByRole('listitem', { name });
    await expect.poll(() => runner(board, horse.name).isVisible()).toBe(true);
    expect(await runner(board, nap.name).textContent()).toContain('NAP');
    const morning = await runner(board, horse.name).getByTestId('runner-price').textContent();
    expect(morning).toMatch(/^\d+\.\d{2}$/); // the member reads decimals
    // Readable at 390 px: nothing runs off the side.
    expect(await board.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await capture(board, 'value-now');

    const card = await context.newPage();
    watchPage(card);
    await card.goto('/vbg-race-cards');
    await card.getByRole('button', { name: `View All ${race.course}` }).click();
    const raceCard = card.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
    const cardRunner = raceCard.getByRole('listitem').filter({ hasText: horse.name });
    await expect.poll(() => cardRunner.getByTestId('horse-price').textContent()).toBe(morning);

    // The analyst pastes prices: first a horse that is not running (refused, line by line), then the real move.
    const { page: a } = await j.newPage(undefined, { expected: [{ url: /\/api\/admin\/prices$/, status: 422 }] });
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const prices = a.getByLabel('Prices', { exact: true });
    await expect.poll(() => prices.isVisible()).toBe(true);
    expect(await a.getByLabel('Price day').inputValue()).toBe(today);
    const panel = a.getByTestId('prices-panel');
    await prices.fill(
      `${race.time} ${race.course}: ${horse.name} 20/1\n${other.time} ${other.course}: Nobody Special 3/1`,
    );
    await a.getByRole('button', { name: 'Save Prices' }).click();
    await expect.poll(() => panel.textContent()).toContain('Prices Not Saved');
    expect(await panel.textContent()).toContain(
      `Line 2 (${other.time} ${other.course}): Nobody Special is not a runner in ${other.time} ${other.course}.`,
    );
    await capture(a, 'prices-refused');
    expect(await runner(board, horse.name).getByTestId('runner-price').textContent()).toBe(morning);

    // From here the member's pages read nothing: the event carries the new figures.
    const reads: string[] = [];
    for (const page of [board, card])
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(request.url());
      });
    await prices.fill(`${race.time} ${race.course}: ${horse.name} 20/1`);
    await a.getByRole('button', { name: 'Save Prices' }).click();
    await expect.poll(() => panel.textContent()).toContain(`Prices saved for 1 runner in 1 race on ${today}`);
    await capture(a, 'prices-saved');
    await expect.poll(() => runner(board, horse.name).getByTestId('runner-price').textContent(), LIVE).toBe('21.00');
    await expect.poll(() => cardRunner.getByTestId('horse-price').textContent(), LIVE).toBe('21.00');
    // Drawn as a line on both, and the move since the morning in words.
    expect(await runner(board, horse.name).getByTestId('runner-move').textContent()).toMatch(
      /Drifted \d+\.\d points since the morning/,
    );
    // The lines are drawn by a chunk loaded once a runner has prices of the day: awaited, not assumed.
    await expect
      .poll(() =>
        runner(board, horse.name)
          .getByRole('img', { name: /^Price drifted: .*21\.00$/ })
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => raceCard.getByRole('img', { name: /^Price drifted: .*21\.00$/ }).isVisible()).toBe(true);
    expect(reads).toEqual([]);
    await capture(board, 'value-now-moved');

    // The result: both pages show it without a reload, and the board puts the race at the bottom.
    j.app.clock.set(afterTheOff(today, race.time)); // a result is taken only once the race is off
    const results = a.getByLabel('Results', { exact: true });
    await results.fill(`${race.time} ${race.course}: ${horse.name} 20/1, ${nap.name} 3/1`);
    await a.getByRole('button', { name: 'Save Results' }).click();
    await expect.poll(() => a.getByTestId('results-panel').textContent()).toContain('Stage 6 Complete');
    await expect.poll(() => runner(board, horse.name).getByTestId('runner-result').textContent(), LIVE).toBe('WON');
    await expect.poll(() => cardRunner.getByTestId('runner-result').textContent(), LIVE).toBe('WON');
    expect(await runner(board, nap.name).getByTestId('runner-result').textContent()).toBe('PLACED');
    const finished = board.getByRole('region', { name: 'Off and resulted' });
    expect(await finished.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) }).isVisible()).toBe(
      true,
    );
    await expect.poll(() => raceCard.getByRole('region', { name: 'Result' }).isVisible()).toBe(true);
    await capture(board, 'value-now-resulted');
    await capture(card, 'race-card-runner-results');

    // Today's tips carry the same: the NAP's market now (the morning price, at its time) and how it did.
    const tips = await context.newPage();
    watchPage(tips);
    await tips.goto('/tips');
    await expect
      .poll(() => tips.getByTestId('tip-market-nap').textContent())
      .toMatch(/^Now \d+\.\d{2} \(\d{2}:\d{2}\)/);
    expect(await tips.getByTestId('tip-result-nap').textContent()).toBe('PLACED');
  });

  it('one fair price for a runner on the board, its card, the free race and the tips; the price now is never the BSP; the tips never claim a missing race', async () => {
    const { today, races: sample } = await uploadTodaysCards(j.app, 31);
    const [race] = sample;
    // The lowest rated runner, backed to 2/1 by the analyst: far shorter than its rating, so the
    // value model corrects it at that price (its corrected tissue would follow its own price).
    const horse = [...race.horses].sort((a, b) => a.vbRating - b.vbRating)[0];
    const price = (source: 'analyst' | 'bsp', decimal: number, text: string, observedAt: Date) =>
      j.app.ctx.db.transaction((tx) =>
        recordPrices(tx, {
          date: today,
          source,
          observedAt,
          recordedBy: null,
          prices: [{ time: race.time, course: race.course, horseName: horse.name, price: decimal, priceText: text }],
        }),
      );
    await price('analyst', 3, '2/1', new Date(`${today}T10:30:00Z`));
    // A Betfair starting price recorded later (an upload after the race): the record's, never "Now".
    await price('bsp', 7.2, '7.2', new Date(`${today}T10:45:00Z`));
    await publishRaceCardEvent(j.app.ctx, { type: 'prices', weekday: weekdayOf(today) });
    await nominateFreeRace(j.app.ctx, { raceTime: race.time, course: race.course, weekday: weekdayOf(today) });
    await publishTips(
      j.app.ctx,
      dayTips({ nap: `${horse.name} – ${race.time} ${race.course}`, confirmShortPrices: true }),
    );
    await createAccount(j.app, 'member', 'punter@example.com');

    // What every screen must show: the fair price (value down to's threshold) and its ladder price.
    const card = await getRaceCard(j.app.ctx, (await raceId(race.time, race.course))!);
    const field = valueField(card.horses);
    const i = card.horses.findIndex((h) => h.name === horse.name);
    const downTo = valueDownTo(field, i)!;
    const fair = `Tissue ${downTo.decimal.toFixed(2)} · Value down to ${downTo.fractional} (${downTo.decimal.toFixed(2)})`;
    const model = calculateValue(field, { marketCorrection: true })[i];
    expect(model.marketCorrection).toBeGreaterThan(0); // the corrected tissue is not the one shown
    expect(model.tissueOdds!.toFixed(2)).not.toBe(downTo.decimal.toFixed(2));

    // The tips page: its server HTML and every state the browser draws carry the NAP's price, never a claim that it has none.
    const { page, context } = await j.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { napGuidance: string[] }).napGuidance = seen;
      // Every text the NAP's price line is drawn with, from the first parsed HTML to the end.
      const check = () => {
        const text = document.querySelector('[data-testid="tip-guidance-nap"]')?.textContent;
        if (text && text !== seen.at(-1)) seen.push(text);
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await j.signIn(page, 'punter@example.com');
    const served = await page.request.get('/tips');
    const html = await served.text();
    const text = html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '');
    expect(text).toContain(fair);
    expect(/data-testid="tip-guidance-nap">([^<]*)</.exec(html)?.[1]).toBe(
      'Below that price the VB tissue no longer sees value.',
    );
    await page.goto('/tips');
    const nap = page.getByTestId('tip-price-nap');
    await expect.poll(() => nap.getByTestId('fair-price').textContent()).toBe(fair);
    expect(await page.getByTestId('tip-market-nap').textContent()).toMatch(/^Now 2\/1 \(10:30\)/);
    expect(await page.evaluate(() => (window as unknown as { napGuidance: string[] }).napGuidance)).toEqual([
      'Below that price the VB tissue no longer sees value.',
    ]);

    // The value board and the members' card.
    await page.goto('/value-now');
    await expect
      .poll(() => page.getByRole('listitem', { name: horse.name }).getByTestId('fair-price').textContent())
      .toBe(fair);
    expect(await page.getByRole('listitem', { name: horse.name }).getByTestId('runner-price').textContent()).toBe(
      '2/1',
    );
    await page.goto('/vbg-race-cards');
    await page.getByRole('button', { name: `View All ${race.course}` }).click();
    const onCard = page
      .getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) })
      .getByRole('listitem')
      .filter({ hasText: horse.name });
    await expect.poll(() => onCard.getByTestId('fair-price').textContent()).toBe(fair);
    expect(await onCard.getByTestId('horse-price').textContent()).toBe('2/1');
    await context.close();

    // A visitor's free race: the same figure.
    const { page: visitor } = await j.newPage();
    await visitor.goto('/free-race');
    const free = visitor.getByRole('listitem').filter({ hasText: horse.name });
    await expect.poll(() => free.getByTestId('fair-price').textContent()).toBe(fair);
  });

  it('a member with no cards today sees the empty board, and the filters narrow a full one', async () => {
    const today = londonDate(j.app.clock.now());
    j.app.clock.set(new Date(`${today}T08:00:00Z`));
    await createAccount(j.app, 'member', 'punter@example.com');
    const { page } = await j.newPage(PHONE);
    await j.signIn(page, 'punter@example.com');
    await page.goto('/value-now');
    await expect.poll(() => page.getByTestId('board-empty').textContent()).toContain('No race cards for today yet');
    await capture(page, 'value-now-empty');

    // Nine races at two courses; the upload's event reloads the open board.
    const sample = makeRaceDay({ races: 9, runners: 6, seed: 5 });
    await uploadMasterExcel(j.app.ctx, {
      data: await raceDayWorkbook(sample),
      filename: 'master.xlsx',
      targetTab: weekdayOf(today),
      userId: null,
    });
    await publishRaceCardEvent(j.app.ctx, { type: 'upload', weekday: weekdayOf(today) });
    const races = page.getByRole('region', { name: /^\d{2}:\d{2} / });
    // Pages read the new cards at a random moment of the next few seconds, not all at once.
    await expect.poll(() => races.count(), { timeout: 10_000 }).toBe(9);
    await capture(page, 'value-now-full');
    await page.getByRole('button', { name: 'Time to off' }).click();
    const times = await page.locator('[data-testid^="board-race-"] h2 span:first-child').allTextContents();
    expect(times).toEqual([...times].sort());
    await page.getByLabel('Course').selectOption(sample[0].course);
    await expect.poll(() => races.count()).toBe(sample.filter((r) => r.course === sample[0].course).length);
    await page.getByLabel('Only tips').check();
    await expect.poll(() => page.getByText('No runners match these filters.').isVisible()).toBe(true);
  });
});
