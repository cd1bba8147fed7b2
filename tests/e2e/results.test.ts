import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { createAccount } from '../support/users';
import { publishTips } from '#server/features/tips/publish-tips';
import { dayTips } from '../fixtures/day-tips';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true });

async function fillCard(card: Locator, horse: string, race: string, odds: string) {
  await card.getByLabel('Horse name').fill(horse);
  await card.getByLabel('Race time/course').fill(race);
  await card.getByLabel('Advised odds').fill(odds);
}

async function settleRow(page: Page, horse: string, result: string, sp = '') {
  await page.getByLabel(`Result for ${horse}`).selectOption(result);
  if (sp) await page.getByLabel(`Starting price for ${horse}`).fill(sp);
  await page.getByRole('button', { name: `Settle ${horse}` }).click();
  await expect.poll(() => page.getByRole('button', { name: `Correct ${horse}` }).isVisible()).toBe(true);
}

describe('the proofed tipping record', () => {
  it('the admin records and settles tips and a visitor sees the totals on /results', async () => {
    j.eveningOfRaceDay(); // results are taken once the races are off
    await createAccount(j.app, 'admin', 'boss@example.com');
    // Today's published tips, for Auto-Populate (the Longshot is only in them).
    await publishTips(j.app.ctx, dayTips());

    const admin = await j.newPage();
    const a = admin.page;
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'Tipping Performance' }).click();
    const recordButton = a.getByRole('button', { name: 'Record Daily Tips' });
    await expect.poll(() => recordButton.isVisible()).toBe(true);
    await expect.poll(async () => a.getByLabel('Tips Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const nap = a.getByRole('group', { name: 'NAP (Main Selection)' });
    const nb = a.getByRole('group', { name: 'NB (Next Best)' });
    const longshot = a.getByRole('group', { name: 'Longshot' });
    await expect.poll(async () => nap.getByLabel('Advised odds').getAttribute('placeholder')).toBe('5/1');
    await expect.poll(async () => nb.getByLabel('Advised odds').getAttribute('placeholder')).toBe('8/1');
    await expect.poll(async () => longshot.getByLabel('Advised odds').getAttribute('placeholder')).toBe('20/1');

    await fillCard(nap, 'Northern Star', '2:10 Ascot', '5/1');
    await fillCard(nb, 'Harbour Light', '3:15 Haydock', '11/4');
    await longshot.getByLabel('Horse name').fill('Long Road'); // no race: not sent
    await capture(a, 'results-admin-record');
    await recordButton.click();
    await expect.poll(() => toastTitle(a, 'Tips Recorded').isVisible()).toBe(true);
    // The server's own words.
    await expect
      .poll(async () =>
        a
          .getByText(/^Northern Star recorded for \d{4}-\d{2}-\d{2}\. Harbour Light recorded for /)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(async () => nap.getByLabel('Horse name').inputValue()).toBe('');
    await expect.poll(async () => longshot.getByLabel('Horse name').inputValue()).toBe('Long Road'); // kept: it was not sent

    // The NAP again at another price than the published 5/1: a correction, recorded only once
    // confirmed; it replaces the pending one, and there is still one NAP in the history.
    expectFailures(a, { url: /\/api\/admin\/back-catalogue-entry$/, status: 409 });
    await fillCard(nap, 'Northern Star', '2:10 Ascot', '11/2');
    await recordButton.click();
    const correction = a.getByRole('dialog', { name: 'Record a price correction?' });
    await expect.poll(() => correction.textContent()).toContain('Northern Star was published as the NAP for ');
    await expect
      .poll(() => correction.textContent())
      .toContain(
        'at 5/1. Recording 11/2 instead is a correction: confirm it to show "advised 5/1, corrected to 11/2" on the public record',
      );
    expect(await nap.getByLabel('Horse name').inputValue()).toBe('Northern Star'); // not saved yet
    await capture(a, 'results-admin-correction');
    await correction.getByRole('button', { name: 'Record as Correction' }).click();
    await expect.poll(async () => nap.getByLabel('Horse name').inputValue()).toBe('');
    await expect
      .poll(() =>
        a
          .getByText(/\(replaced the pending one\): advised 5\/1, corrected to 11\/2\.$/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await a.getByRole('tab', { name: 'Performance History' }).click();
    await expect.poll(() => a.getByRole('heading', { name: 'Tipping Performance History' }).isVisible()).toBe(true);
    await expect.poll(() => a.getByRole('rowheader', { name: 'Harbour Light' }).isVisible()).toBe(true);
    await expect.poll(async () => a.getByText('Pending', { exact: true }).count()).toBe(2);

    await a.getByRole('button', { name: "Auto-Populate Today's Tips" }).click();
    await expect.poll(() => toastTitle(a, 'Success').isVisible()).toBe(true);
    await expect
      .poll(async () =>
        a
          .getByText(/1 tip added for/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => a.getByRole('rowheader', { name: 'Long Road' }).isVisible()).toBe(true);
    await expect.poll(async () => a.getByRole('rowheader', { name: 'Northern Star' }).count()).toBe(1); // no duplicate

    await settleRow(a, 'Northern Star', 'WON', '4/1');
    await settleRow(a, 'Harbour Light', 'LOST');
    await settleRow(a, 'Long Road', 'NR');
    const napRow = a.getByRole('row').filter({ has: a.getByRole('rowheader', { name: 'Northern Star' }) });
    await expect.poll(async () => napRow.textContent()).toContain('5/1, corrected to 11/2');
    await expect.poll(async () => napRow.textContent()).toContain('+5.50'); // at the corrected price
    await expect.poll(async () => napRow.textContent()).toContain('SP 4/1');
    await capture(a, 'results-admin-history');
    await admin.context.close();

    // Today's settled tips are still today's paid tips: public from the next London day (decision 0017).
    j.app.clock.advance(24 * 3600_000);
    const visitor = await j.newPage(PHONE);
    const v = visitor.page;
    await v.goto('/results');
    await expect.poll(() => v.getByTestId('stat-pl').isVisible()).toBe(true);
    await expect.poll(async () => v.getByRole('heading', { level: 1 }).textContent()).toBe('Proofed Results');
    // +5.50 (WON at the corrected 11/2) − 1 (LOST) + 0 (NR): 2 bets, 1 winner.
    await expect.poll(async () => v.getByTestId('stat-pl').textContent()).toBe('+4.50');
    await expect.poll(async () => v.getByTestId('stat-roi').textContent()).toBe('225%');
    await expect.poll(async () => v.getByTestId('stat-strike-rate').textContent()).toBe('50%');
    await expect.poll(async () => v.getByTestId('stat-bets').textContent()).toBe('2 (1)');
    await expect.poll(async () => v.getByTestId('stat-drawdown').textContent()).toBe('−1.00');
    await expect.poll(async () => v.getByTestId('results-table').locator('tbody tr').count()).toBe(3);
    // Recorded by hand, none was time-stamped before its off: counted, and each marked as not proofed.
    await expect
      .poll(async () => v.getByTestId('proofing-summary').textContent())
      .toMatch(/^0 of 3 settled tips are proofed/);
    await expect.poll(async () => v.getByTestId('results-table').getByText('Not proofed').count()).toBe(3);
    // Each price basis names itself: at SP only the NAP was a bet (the loser had no SP), at BSP none.
    const basis = (name: string) =>
      v
        .getByTestId('bases-table')
        .getByRole('row')
        .filter({ has: v.getByRole('rowheader', { name, exact: true }) });
    await expect.poll(async () => basis('Advised price').textContent()).toBe('Advised price22+4.50225%');
    await expect.poll(async () => basis('SP').textContent()).toBe('SP11+4.00400%');
    await expect.poll(async () => basis('BSP').textContent()).toBe('BSP000.000%');
    await expect.poll(() => v.getByText("before Betfair's commission").isVisible()).toBe(true);
    // Three tips are far too few to judge: the page says so, and gives no p-value below 30 bets.
    await expect.poll(() => v.getByRole('note').textContent()).toContain('Small sample: 3 settled tips.');
    await expect.poll(() => v.getByText('These figures appear once 30 bets are settled.').isVisible()).toBe(true);
    // Closing line value: the NAP's 11/2 beat its 4/1 SP by 30%; the others had no SP (or did not run); no BSP file came.
    await expect.poll(async () => v.getByTestId('clv-sp-share').textContent()).toBe('100%');
    await expect.poll(async () => v.getByTestId('clv-sp-edge').textContent()).toBe('+30%');
    await expect.poll(async () => v.getByTestId('clv-bsp-share').textContent()).toBe('—');
    await expect.poll(async () => v.getByRole('img', { name: /Running profit and loss/ }).isVisible()).toBe(true);
    await expect
      .poll(async () => v.getByTestId('pl-chart').locator('desc').textContent())
      .toMatch(/3 settled tips .* Now \+4\.50 points/);
    // The public record shows what members were told and the correction beside it.
    await expect
      .poll(async () =>
        v
          .getByRole('row')
          .filter({ has: v.getByRole('rowheader', { name: 'Northern Star' }) })
          .textContent(),
      )
      .toContain('5/1, corrected to 11/2');
    await capture(v, 'results-public');
    await visitor.context.close();
  });
});
