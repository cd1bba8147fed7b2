import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoRaceResults } from '#server/features/race-results/demo';
import { SOURCES } from '#shared/tissue-score';
import { capture, PHONE, startJourney } from '../support/browser';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('the tissue scored against the market on /value-calibration', () => {
  it('a visitor reads the four scores, the verdict, the warning and a reliability chart per source; the admin rescores', async () => {
    await seedDemoRaceResults(j.app.ctx); // four past days with BSPs, scored
    const { page: v } = await j.newPage(PHONE);
    await v.goto('/value-calibration');
    await expect
      .poll(() => v.getByTestId('tissue-verdict').textContent())
      .toMatch(/^Over 32 races the tissue (beat|did not beat) the Betfair SP \(log-loss 0\.\d{4} against 0\.\d{4}/);
    expect(await v.getByTestId('tissue-few-races').textContent()).toContain('Only 32 races so far');
    const table = v.getByTestId('tissue-scores');
    expect(await table.locator('tbody th').allTextContents()).toEqual([
      'VB tissue',
      'Betfair SP',
      'Morning prices',
      'Tissue + SP blend',
    ]);
    // The SP's skill against itself is 0.
    expect(await table.locator('tbody tr').nth(1).locator('td').nth(2).textContent()).toBe('0.0000');
    for (const s of SOURCES)
      expect(await v.getByTestId(`reliability-${s}`).locator('circle').count()).toBeGreaterThan(2);
    expect(await v.getByRole('link', { name: 'Download every scored runner (CSV)' }).getAttribute('href')).toBe(
      '/api/value-calibration.csv',
    );
    await capture(v, 'value-calibration-tissue-scores');

    // The admin's Rescore, on the race cards' results stage.
    await createAccount(j.app, 'admin', 'scorer@example.com');
    const { page: a } = await j.newPage();
    await j.signIn(a, 'scorer@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    await a.getByTestId('rescore-tissue').getByRole('button', { name: 'Rescore the tissue' }).click();
    await expect.poll(() => a.getByText('Scored 32 races on 4 days', { exact: false }).first().isVisible()).toBe(true);
  });
});
