import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, londonDate, londonInstant, weekdayOf } from '#shared/london-time';
import { recordTip } from '#server/features/performance/record-tips';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { capture, PHONE, startJourney } from '../support/browser';
import { createAccount } from '../support/users';
import { makeRaceDay, raceDayWorkbook } from '../fixtures/race-day';
import { afterTheOff } from '../api/race-results-helpers';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const panel = (page: Page) => page.getByTestId('results-panel');

describe('race results, tips settling themselves and the public calibration', () => {
  it('the admin enters the results, the NAP settles, and the next day the calibration counts the races', async () => {
    const today = londonDate(j.app.clock.now());
    const sample = makeRaceDay({ races: 2, runners: 5, seed: 23 });
    const [race, other] = sample;
    // Between the two races: the first (12:15) is off, the second (12:50) is not.
    j.app.clock.set(londonInstant(today, '12:30'));
    await createAccount(j.app, 'admin', 'boss@example.com');
    await uploadMasterExcel(j.app.ctx, {
      data: await raceDayWorkbook(sample),
      filename: 'master.xlsx',
      targetTab: weekdayOf(today),
      userId: null,
    });
    const nap = race.horses[2];
    await recordTip(j.app.ctx, {
      raceDate: today,
      raceTime: `${race.time} ${race.course}`,
      raceLocation: 'Daily Tips',
      selectionName: nap.name,
      selectionType: 'nap',
      advisedOdds: '5/1',
    });
    // The same NAP published as today's tips (members read how it did on /tips once resulted).
    await publishTips(
      j.app.ctx,
      dayTips({ nap: `${nap.name} – ${race.time} ${race.course} (5/1)`, confirmShortPrices: true }),
    );

    // A member logs a bet on the NAP from the race card: £10 at 4/1.
    await createAccount(j.app, 'member', 'punter@example.com');
    const { page: m } = await j.newPage(PHONE);
    await j.signIn(m, 'punter@example.com');
    await m.goto('/vbg-race-cards');
    await m.getByRole('button', { name: `View All ${race.course}` }).click();
    await m.getByRole('button', { name: `Log bet on ${nap.name}` }).click();
    const form = m.getByRole('form', { name: `Log a bet on ${nap.name}` });
    await form.getByLabel('Price taken').fill('4/1');
    await form.getByLabel('Stake (£)').fill('10');
    await form.getByRole('button', { name: 'Log Bet', exact: true }).click();
    await expect.poll(() => m.getByText(`${nap.name} logged: £10.00 at 4/1.`).isVisible()).toBe(true);
    // And £2 each way on another runner: £2 on the win and £2 on the place, £4 laid out.
    const ewHorse = race.horses[0];
    await m.getByRole('button', { name: `Log bet on ${ewHorse.name}` }).click();
    const ewForm = m.getByRole('form', { name: `Log a bet on ${ewHorse.name}` });
    await ewForm.getByLabel('Price taken').fill('6/1');
    await ewForm.getByLabel('Each way').check();
    await ewForm.getByLabel('Stake per part (£)').fill('2');
    await expect
      .poll(() => ewForm.getByTestId('bet-outlay').textContent())
      .toBe('Each way: the stake is per part, one bet to win and one to place. Total outlay £4.00.');
    await capture(m, 'log-bet-each-way');
    await ewForm.getByRole('button', { name: 'Log Bet', exact: true }).click();
    await expect
      .poll(() => m.getByText(`${ewHorse.name} logged: £2.00 each way at 6/1 (total outlay £4.00).`).isVisible())
      .toBe(true);
    await m.goto('/my-bets');
    await expect.poll(() => m.getByTestId('bets-count').textContent()).toBe('2 (0)');
    expect(await m.getByRole('row', { name: new RegExp(ewHorse.name) }).textContent()).toContain(
      '£2.00 e/w (£4.00 total)',
    );

    const { page: a } = await j.newPage(undefined, { expected: [{ url: /\/api\/admin\/race-results$/, status: 422 }] });
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const results = a.getByLabel('Results', { exact: true });
    await expect.poll(() => results.isVisible()).toBe(true);
    expect(await a.getByLabel('Race day').inputValue()).toBe(today);

    // A horse that is not a runner: nothing saved, the line named.
    const winnerLine = `${race.time} ${race.course}: ${nap.name} 9/2, ${race.horses[0].name} 6/1; NR: ${race.horses[4].name}`;
    await results.fill(`${winnerLine}\n${other.time} ${other.course}: Nobody Special 3/1`);
    await a.getByRole('button', { name: 'Save Results' }).click();
    await expect.poll(() => panel(a).textContent()).toContain('Stage 6 Failed');
    await expect
      .poll(() => panel(a).textContent())
      .toContain(`Nobody Special is not a runner in ${other.time} ${other.course}.`);
    await capture(a, 'race-results-refused');

    // A result for a race not off yet: the whole paste is refused, naming the race.
    await results.fill(
      `${winnerLine}\n${other.time} ${other.course}: ${other.horses[1].name} 3/1, ${other.horses[3].name} 5/1`,
    );
    await a.getByRole('button', { name: 'Save Results' }).click();
    await expect
      .poll(() => panel(a).textContent())
      .toContain(
        `The ${other.time} ${other.course} is not off until ${other.time} (London time); nothing was saved. If the race time is wrong, correct it on the cards first.`,
      );
    await capture(a, 'race-results-not-off');

    // Once it is off, the same paste is saved.
    j.app.clock.set(afterTheOff(today, other.time));
    await a.getByRole('button', { name: 'Save Results' }).click();
    await expect.poll(() => panel(a).textContent()).toContain('Stage 6 Complete');
    await expect
      .poll(() => panel(a).textContent())
      .toContain(`2 results saved for ${today}. Settled: ${nap.name} WON.`);
    await capture(a, 'race-results-saved');

    // The NAP settled itself at the advised 5/1.
    await a.getByRole('tab', { name: 'Tipping Performance' }).click();
    await a.getByRole('tab', { name: 'Performance History' }).click();
    const row = a.getByRole('row', { name: new RegExp(nap.name) });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('WON');

    // The member's bets settled from the same results: £10 at 4/1 won, +£40; the £2 e/w second of
    // four that ran (win only) loses both parts, −£4: +£36 on £14 staked; exported as CSV.
    await m.reload();
    await expect.poll(() => m.getByTestId('bets-pl').textContent()).toBe('£36.00');
    expect(await m.getByTestId('bets-staked').textContent()).toBe('£14.00');
    expect(await m.getByTestId('bets-roi').textContent()).toBe('257.1%');
    expect(await m.getByTestId('bets-strike-rate').textContent()).toBe('50%');
    await expect.poll(() => m.getByRole('row', { name: new RegExp(nap.name) }).textContent()).toContain('Won');
    const [download] = await Promise.all([
      m.waitForEvent('download'),
      m.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    // The run's browser is shared (connected to, not launched), so the file is read as a stream.
    const csv = (await text(await download.createReadStream())).split('\r\n');
    expect(csv).toContain(
      `"${today}","${race.time}","${race.course}","${nap.name}","4/1","10.00","no","10.00","won","50.00","40.00"`,
    );
    expect(csv).toContain(
      `"${today}","${race.time}","${race.course}","${ewHorse.name}","6/1","2.00","yes","4.00","lost","0.00","-4.00"`,
    );
    // Readable on a phone: price, stake, result and profit all fit, no hidden sideways scroll.
    const table = m.getByTestId('bets-table');
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement as HTMLElement).clientWidth)).toBe(true);
    // One day of bets: the chart's axis names the day once.
    expect(await m.getByTestId('pl-chart').locator('[data-axis="date"]').allTextContents()).toEqual([today]);
    await capture(m, 'my-bets');

    // The member's race card now shows how the race finished: positions and starting prices.
    await m.goto('/vbg-race-cards');
    await m.getByRole('button', { name: `View All ${race.course}` }).click();
    const card = m.getByRole('region', { name: new RegExp(`${race.time} ${race.course}`) });
    const result = card.getByRole('region', { name: 'Result' });
    await expect.poll(() => result.isVisible()).toBe(true);
    expect(await result.getByRole('listitem').allTextContents()).toEqual([
      `1st${nap.name}SP 9/2`,
      `2nd${race.horses[0].name}SP 6/1`,
    ]);
    await expect.poll(() => result.textContent()).toContain(`Non-runners: ${race.horses[4].name}`);
    await capture(m, 'race-card-resulted');
    // And today's tips say how the NAP did.
    await m.goto('/tips');
    await expect.poll(() => m.getByTestId('tip-result-nap').textContent()).toBe('WON');

    // Today's races are not counted yet, for anyone.
    const { page: v } = await j.newPage(PHONE);
    await v.goto('/value-calibration');
    await expect.poll(() => v.getByText('No results yet.', { exact: false }).isVisible()).toBe(true);

    // The next morning the calibration counts them: a visitor reads it, server rendered and hydrated.
    j.app.clock.set(new Date(`${addDays(today, 1)}T09:00:00Z`));
    await v.goto('/');
    await v.getByRole('contentinfo').getByRole('link', { name: 'Value Calibration' }).click();
    await v.waitForURL('**/value-calibration');
    await expect
      .poll(() => v.getByTestId('calibration-summary').textContent())
      .toMatch(/^2 races, 9 runners, 2 winners \(2\.00 expected by the market\)\.$/);
    const byScore = v.getByTestId('calibration-by-score');
    const runners = await byScore.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(runners.map(Number).reduce((x, y) => x + y, 0)).toBe(9);
    expect(await v.getByTestId('calibration-chart').isVisible()).toBe(true);
    await capture(v, 'value-calibration');
  });
});
