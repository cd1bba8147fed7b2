import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proofReceipts } from '#server/db/schema';
import { uploadTodaysCards } from '../fixtures/race-day';
import { capture, expectFailures, startJourney } from '../support/browser';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('publishing with receipts', () => {
  it('the form asks before publishing a selection not on the cards, then lists each leg with its race and price', async () => {
    const { races } = await uploadTodaysCards(j.app, 7);
    const [first, second] = races;
    const legs = [first.horses[1], first.horses[2], second.horses[1], second.horses[2]];
    await createAccount(j.app, 'admin', 'boss@example.com');
    const { page: a } = await j.newPage();
    expectFailures(a, { url: /\/api\/secure-content-upload$/, status: 409 }); // the question, provoked on purpose
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    const publishButton = a.getByRole('button', { name: 'Update Tips & Preview' });
    await expect.poll(() => publishButton.isVisible()).toBe(true);
    // Advised at long prices, so no tip is shorter than its value price.
    await a.getByLabel('NAP', { exact: true }).fill(`${first.horses[0].name} – ${first.time} ${first.course} (50/1)`);
    await a.getByLabel('NB', { exact: true }).fill(`${second.horses[0].name} – ${second.time} ${second.course} (50/1)`);
    await a
      .getByLabel('Longshot', { exact: true })
      .fill(`${first.horses[3].name} – ${first.time} ${first.course} (66/1)`);
    await a.getByLabel('Multiple 1 selections').fill(`${legs[0].name}, ${legs[1].name}, Nowhere Near, ${legs[3].name}`);
    const editor = a.getByRole('textbox', { name: 'Daily preview' });
    await expect.poll(() => editor.getAttribute('contenteditable')).toBe('true');
    await editor.click();
    await a.keyboard.type('Soft ground.');
    await publishButton.click();

    // Not published: the form names the selection it could not find, and asks.
    const warning = a.getByTestId('unproofed-legs-warning');
    await expect
      .poll(() => warning.textContent())
      .toContain("Multiple 1 (Lucky 15) selection 3: Nowhere Near (not on today's cards).");
    expect(await j.app.ctx.db.select().from(proofReceipts)).toEqual([]);
    await capture(a, 'tips-unproofed-legs-warning');
    await warning.getByRole('button', { name: 'Publish Without Proofing Them' }).click();
    await expect.poll(() => a.getByText('Tips Published', { exact: true }).first().isVisible()).toBe(true);

    // Each leg as published: the race it was found in and its price, the missing one not proofed.
    const table = a.getByRole('table', { name: 'Multiples as published: each leg on the day’s cards' });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    const cells = async (k: number) => (await rows.nth(k).locator('th, td').allTextContents()).map((s) => s.trim());
    for (const k of [0, 1, 3]) {
      const race = k < 2 ? first : second;
      const [multiple, leg, horse, where, price] = await cells(k);
      expect([multiple, leg, horse, where]).toEqual([
        '1: Lucky 15',
        String(k + 1),
        legs[k].name,
        `${race.time} ${race.course}`,
      ]);
      expect(price).toMatch(/^(\d+\/\d+|evs|\d+\.\d+)$/);
    }
    expect(await cells(2)).toEqual(['1: Lucky 15', '3', 'Nowhere Near', 'Not on today’s cards: not proofed', '–']);
    await capture(a, 'tips-published-legs');
    // Three headline tips and the three legs found: six receipts.
    expect(await j.app.ctx.db.select().from(proofReceipts)).toHaveLength(6);
  });
});
