import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatLongDay, londonDate } from '#shared/london-time';
import { Stamper } from '#server/features/proofing/stamper';
import { publishReceipts, THREE_TIPS } from '../api/proofing-helpers';
import { capture, PHONE, startJourney } from '../support/browser';
import { startOpensslTsa, type OpensslTsa } from '../support/openssl-tsa';
import { createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
let tsa: OpensslTsa;
beforeAll(async () => {
  tsa = await startOpensslTsa();
  j = await startJourney();
});
afterAll(async () => {
  await j.close();
  await tsa.close();
});
beforeEach(() => j.app.reset());

describe('the record anyone can check', () => {
  it('a visitor goes from /results to /record, reads how to check it and opens a day’s JSON', async () => {
    const yesterday = addDays(londonDate(j.app.clock.now()), -1);
    const today = londonDate(j.app.clock.now());
    const { root } = await publishReceipts(j.app, yesterday, THREE_TIPS);
    const config = { ...j.app.ctx.config, PROOFING_TSA_URL: tsa.url, PROOFING_TSA_CA: tsa.caPath };
    await new Stamper({ ...j.app.ctx, config }).runOnce();
    await publishReceipts(j.app, today, THREE_TIPS.slice(0, 1));

    const { page } = await j.newPage(PHONE);
    await page.goto('/results');
    await page.getByRole('link', { name: 'How to check the record' }).click();
    await page.waitForURL('**/record');
    await expect
      .poll(() => page.getByRole('heading', { name: 'How to Check the Record', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('openssl ts -verify -digest', { exact: false }).isVisible()).toBe(true);

    const table = page.getByTestId('record-days');
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.nth(0).innerText()).toContain('Waiting for its time-stamp');
    const past = rows.nth(1);
    expect(await past.innerText()).toContain(formatLongDay(yesterday));
    expect(await past.innerText()).toContain('Time-stamped');
    await capture(page, 'record-page');

    await past.getByRole('link', { name: `${yesterday}.json` }).click();
    await page.waitForURL(`**/api/record/${yesterday}`);
    const json = JSON.parse((await page.locator('body').innerText()).trim()) as { root: string; stamps: unknown[] };
    expect(json.root).toBe(root);
    expect(json.stamps).toHaveLength(1);
  });

  it("the admin sees today's time-stamps beside the publishing form", async () => {
    const today = londonDate(j.app.clock.now());
    await publishReceipts(j.app, today, THREE_TIPS);
    await createAccount(j.app, 'admin', 'boss@example.com');
    const { page } = await j.newPage();
    await j.signIn(page, 'boss@example.com');
    await page.goto('/admin');
    const panel = page.getByTestId('proofing-status');
    await expect.poll(() => panel.innerText()).toContain('no time-stamp authority configured');
    expect(await panel.innerText()).toContain('After 3 receipts');
  });
});
