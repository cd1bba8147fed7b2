import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { createAccount, signedIn } from '../support/users';
import { headinglessPdf, standardMasterPdf } from '../fixtures/race-preview-pdf';
import { masterForm, uploadTodaysCards } from '../api/race-previews-helpers';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney({}, { fullBrowser: true });
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true });

describe('race previews', () => {
  it('a member sees feature races in gold and the rest in blue on /tips, each opening its PDF', async () => {
    const { client: admin } = await signedIn(j.app, 'admin');
    await uploadTodaysCards(admin); // members see the previews of races on today's cards
    expect((await admin.post('/api/admin/upload-master-pdf', masterForm(await standardMasterPdf()))).status).toBe(200);
    expect((await admin.post('/api/process-master-pdf')).json.count).toBe(4);
    await createAccount(j.app, 'member', 'reader@example.com');

    const member = await j.newPage(PHONE);
    const m = member.page;
    await j.signIn(m, 'reader@example.com');
    await m.goto('/tips');
    const region = m.getByRole('region', { name: 'Race Previews' });
    await expect.poll(() => region.getByRole('link').count()).toBe(4);
    const gold = region.getByTestId('feature-preview');
    const blue = region.getByTestId('standard-preview');
    await expect.poll(async () => gold.count()).toBe(1);
    await expect.poll(async () => blue.count()).toBe(3);
    await expect.poll(async () => gold.textContent()).toMatch(/14:30 Ascot.*Feature race/i);
    await expect.poll(async () => gold.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(227, 182, 74)'); // gold-400
    await expect
      .poll(async () => blue.first().evaluate((el) => getComputedStyle(el).backgroundColor))
      .toMatch(/^(rgb|oklch|lab)\(/);
    await expect
      .poll(async () => blue.first().evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe(await gold.evaluate((el) => getComputedStyle(el).backgroundColor));
    await expect.poll(async () => gold.getAttribute('target')).toBe('_blank');
    await capture(m, 'race-previews-member');

    const [popup] = await Promise.all([member.context.waitForEvent('page'), gold.click()]);
    expect(new URL(popup.url()).pathname).toMatch(/^\/api\/race-previews\/\d+\.pdf$/);
    const served = await m.request.get(popup.url());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    await popup.close();
    await member.context.close();
  });

  it('the admin uploads, checks, processes and clears through the Race Previews card', async () => {
    await createAccount(j.app, 'admin', 'boss@example.com');
    const admin = await j.newPage();
    const a = admin.page;
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    const card = a.getByRole('heading', { name: 'Race Previews' });
    await expect.poll(() => card.isVisible()).toBe(true);
    const status = a.getByTestId('race-previews-status');

    await a.getByRole('button', { name: 'Check for master PDF' }).click();
    await expect.poll(() => status.textContent()).toMatch(/No master PDF is waiting/);

    // Refused on purpose below: a file that is not a PDF, then a PDF with no race headings.
    expectFailures(
      a,
      { url: /\/api\/admin\/upload-master-pdf$/, status: 415 },
      { url: /\/api\/process-master-pdf$/, status: 422 },
    );
    const picker = a.getByLabel('Master preview PDF');
    await picker.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a pdf at all'),
    });
    await a.getByRole('button', { name: 'Upload Master PDF' }).click();
    await expect.poll(() => toastTitle(a, 'Upload Failed').isVisible()).toBe(true);
    await expect.poll(() => status.textContent()).toMatch(/"notes.pdf" is not a PDF/);

    await picker.setInputFiles({
      name: 'plain.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await headinglessPdf()),
    });
    await a.getByRole('button', { name: 'Upload Master PDF' }).click();
    await expect.poll(() => status.textContent()).toMatch(/Master PDF uploaded/);
    await a.getByRole('button', { name: 'Process Master PDF' }).click();
    await expect.poll(() => toastTitle(a, 'PDF Processing Failed').isVisible()).toBe(true);
    await expect.poll(() => status.textContent()).toMatch(/No race headings found/);

    await picker.setInputFiles({
      name: 'master.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await standardMasterPdf()),
    });
    await expect.poll(() => a.getByTestId('selected-master').textContent()).toMatch(/master\.pdf \(\d+\.\d KB\)/);
    await a.getByRole('button', { name: 'Upload Master PDF' }).click();
    await expect.poll(() => status.textContent()).toMatch(/replacing the one that was waiting/);
    await a.getByRole('button', { name: 'Check for master PDF' }).click();
    await expect.poll(() => status.textContent()).toMatch(/is waiting/);
    await a.getByRole('button', { name: 'Process Master PDF' }).click();
    await expect.poll(() => status.textContent()).toMatch(/Created 4 race previews .*Page 1 matched no race/);
    // No cards today: the admin is told members see none of them.
    await expect
      .poll(() => a.getByTestId('stray-previews').textContent())
      .toContain('so members do not see them: 13:50 Ascot, 14:30 Ascot, 15:05 Haydock Park, 2:10 Newton Abbot.');
    await capture(a, 'race-previews-admin');

    await a.getByRole('button', { name: 'Clear PDFs' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Clear PDFs' }).click();
    await expect.poll(() => status.textContent()).toMatch(/Cleared 4 race previews/);
    await expect.poll(() => a.getByTestId('stray-previews').count()).toBe(0);
    await a.getByRole('button', { name: 'Process Daily Content' }).click();
    await expect.poll(() => status.textContent()).toMatch(/No master PDF was waiting .*no race previews are live/);
    await admin.context.close();
  });
});
