import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bspFileName } from '#shared/bsp-file';
import { addDays, londonDate, weekdayOf } from '#shared/london-time';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { bspCsv } from '../fixtures/racing-feeds';
import { makeRaceDay, raceDayWorkbook } from '../fixtures/race-day';
import { capture, DESKTOP, startJourney } from '../support/browser';
import { BspFileServer } from '../support/racing-feeds';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
let betfair: BspFileServer;
beforeAll(async () => {
  betfair = await BspFileServer.start();
  j = await startJourney({ RACING_DATA_PROVIDERS: 'bsp', BSP_BASE_URL: betfair.url, BSP_COUNTRIES: 'uk' });
});
afterAll(async () => {
  await j.close();
  await betfair.close();
});

describe('the Feeds panel', () => {
  it('shows each feed, reads uploaded BSP files with the names it could not match, and runs a feed now', async () => {
    j.eveningOfRaceDay(); // results are taken once the races are off
    const today = londonDate(j.app.clock.now());
    await createAccount(j.app, 'admin', 'boss@example.com');
    const sample = makeRaceDay({ races: 2, runners: 5, seed: 31 });
    await uploadMasterExcel(j.app.ctx, {
      data: await raceDayWorkbook(sample),
      filename: 'master.xlsx',
      targetTab: weekdayOf(today),
      userId: null,
    });
    const day = [
      { race: sample[0], order: [2, 0, 4], placed: 3 },
      { race: sample[1], order: [1, 3], placed: 2, names: { 0: 'Horse Not On The Card' } },
    ];

    const { page } = await j.newPage(DESKTOP);
    await j.signIn(page, 'boss@example.com');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'VBG Race Cards', exact: true }).click();
    const bsp = page.getByTestId('feed-bsp');
    await expect.poll(() => bsp.textContent()).toContain('Not run yet.');
    expect(await page.getByTestId('feed-racing-api').textContent()).toContain('Not polled (RACING_DATA_PROVIDERS)');

    await page.getByLabel('Win file').setInputFiles({
      name: bspFileName('uk', 'win', today),
      mimeType: 'text/csv',
      buffer: Buffer.from(bspCsv(today, 'win', day)),
    });
    await page.getByLabel('Place file (optional)').setInputFiles({
      name: bspFileName('uk', 'place', today),
      mimeType: 'text/csv',
      buffer: Buffer.from(bspCsv(today, 'place', day)),
    });
    await page.getByRole('button', { name: 'Upload BSP Files' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'BSP files for' });
    await expect
      .poll(() => outcome.textContent())
      .toBe(`BSP files for ${today} read: 9 new BSPs, 1 result saved. 1 name not matched to the cards.`);
    await expect.poll(() => bsp.textContent()).toContain('Not matched to the cards, or not off yet (1)');
    expect(await bsp.textContent()).toContain(
      `${sample[1].time} ${sample[1].course} — Horse Not On The Card: Horse Not On The Card is not a runner in ${sample[1].time} ${sample[1].course} on the cards.`,
    );
    expect(await bsp.getByText('OK', { exact: true }).isVisible()).toBe(true);
    await capture(page, 'admin-feeds');

    // Run now: Betfair has published nothing at the stand-in, so the feed waits (idle, not failing).
    await bsp.getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(() => bsp.textContent())
      .toContain(
        `Waiting for the BSPs of ${today} (${bspFileName('uk', 'win', addDays(today, 1))} or ${bspFileName('uk', 'win', today)}): not published yet.`,
      );
    expect(await bsp.getByText('Idle', { exact: true }).isVisible()).toBe(true);
    // A day's races are in the file named for the next day (not there before that day), else in its own.
    expect(betfair.requests).toEqual([bspFileName('uk', 'win', addDays(today, 1)), bspFileName('uk', 'win', today)]);
  });
});
