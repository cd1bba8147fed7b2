import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfFromObjects } from '../fixtures/hand-pdf';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { PASSWORD, createAccount } from '../support/users';
import { createUser } from '#server/features/auth/users';
import { publishTips } from '#server/features/tips/publish-tips';
import { addDays, londonDate } from '#shared/london-time';
import { monthKey, monthLabel } from '#shared/tips-format';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney({}, { fullBrowser: true });
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const createMember = (email: string) => createAccount(j.app, 'member', email);

/** A tiny valid one-page PDF, written out here rather than committed as a binary. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 60 Td (VBG daily guide) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  return pdfFromObjects(objects);
}

const toastTitle = (page: Page, title: string) => page.getByText(title, { exact: true });

describe('daily tips', () => {
  it('the admin publishes in Content Upload and a member reads them on /tips', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createMember('reader@example.com');

    const admin = await j.newPage();
    expectFailures(admin.page, { url: /\/api\/secure-content-upload$/, status: 409 }); // selections on no card, on purpose
    await j.signIn(admin.page, 'boss@example.com');
    await admin.page.goto('/admin');
    const a = admin.page;
    const publishButton = a.getByRole('button', { name: 'Update Tips & Preview' });
    await expect.poll(() => publishButton.isVisible()).toBe(true);
    await expect.poll(async () => publishButton.isDisabled()).toBe(true);

    // A required tip left empty says so at its field as soon as it is left, before any submit.
    const napField = a.getByLabel('NAP', { exact: true });
    await napField.focus();
    await napField.blur();
    await expect.poll(() => napField.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => a.getByText('NAP is required').isVisible()).toBe(true);

    await a.getByLabel('Banner date').fill('Sunday 22 November 2026');
    await a.getByLabel('NAP', { exact: true }).fill('Northern Star – 2:10 Ascot (7/1)');
    await expect.poll(() => a.getByText('NAP is required').count()).toBe(0);
    await a.getByLabel('NB', { exact: true }).fill('Harbour Light – 3:15 Haydock (9/2)');
    await a.getByLabel('Longshot', { exact: true }).fill('Long Road – 4:00 Ascot (20/1)');
    await expect.poll(async () => publishButton.isDisabled()).toBe(true); // the preview is still empty
    // The daily preview is written in the article editor.
    await a.getByRole('textbox', { name: 'Daily preview' }).click();
    await a.getByRole('button', { name: 'Heading 2' }).click();
    await a.keyboard.type('Ascot preview');
    await a.keyboard.press('Enter');
    await a.keyboard.type('Soft ground suits Northern Star.');
    // Enabled now, but multiple 1 is still missing: the browser says so before sending.
    await publishButton.click();
    await expect.poll(() => toastTitle(a, 'Content Upload Failed').isVisible()).toBe(true);
    await expect.poll(async () => a.getByText('Multiple 1 is required').first().isVisible()).toBe(true);
    await expect.poll(async () => a.getByLabel('NAP', { exact: true }).inputValue()).not.toBe(''); // nothing lost
    await a.getByLabel('Multiple 1 selections').fill('Northern Star, Harbour Light, Copper Coast, Silent Witness');
    await a.getByLabel('Multiple 2 bet type').fill('Trixie');
    await a.getByLabel('Multiple 2 selections').fill('Northern Star, Harbour Light, Long Road');
    await a.getByRole('button', { name: 'Show Preview' }).click();
    await expect
      .poll(() =>
        a.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Ascot preview' }).isVisible(),
      )
      .toBe(true);
    await capture(a, 'tips-admin-content-upload');
    await expect.poll(async () => publishButton.isDisabled()).toBe(false);
    await publishButton.click();
    // No race cards today: the multiples' selections are on none, and the form asks before publishing them unproofed.
    const unproofed = a.getByTestId('unproofed-legs-warning');
    await expect.poll(() => unproofed.textContent()).toContain("Northern Star (not on today's cards)");
    await unproofed.getByRole('button', { name: 'Publish Without Proofing Them' }).click();
    await expect.poll(() => toastTitle(a, 'Tips Published').isVisible()).toBe(true);
    // Everything resets: fields empty, bet types back to Lucky 15, the preview hidden.
    await expect.poll(async () => a.getByLabel('NAP', { exact: true }).inputValue()).toBe('');
    await expect.poll(async () => a.getByLabel('Multiple 2 bet type').inputValue()).toBe('Lucky 15');
    await expect.poll(async () => a.getByRole('button', { name: 'Show Preview' }).isVisible()).toBe(true);
    await admin.context.close();

    const member = await j.newPage(PHONE);
    await j.signIn(member.page, 'reader@example.com');
    const m = member.page;
    await m.goto('/tips');
    await expect.poll(() => m.getByText('Northern Star – 2:10 Ascot (7/1)').isVisible()).toBe(true);
    await expect.poll(async () => m.getByRole('heading', { level: 1 }).textContent()).toBe('Daily Headline Tips');
    await expect.poll(async () => m.getByTestId('banner-date').textContent()).toBe('Sunday 22 November 2026');
    await expect
      .poll(async () => m.getByRole('region', { name: 'Multiple 1' }).getByRole('heading').textContent())
      .toBe('Lucky 15');
    await expect
      .poll(async () => m.getByRole('region', { name: 'Multiple 2' }).getByRole('heading').textContent())
      .toBe('Trixie');
    await expect.poll(() => m.getByRole('heading', { name: 'Ascot preview' }).isVisible()).toBe(true);
    await capture(m, 'tips-member');
    await member.context.close();
  });

  it("Update Back Catalogue archives yesterday's tips and a visitor opens the day", async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const today = londonDate(j.app.clock.now());
    const yesterday = addDays(today, -1);
    j.app.clock.set(new Date(j.app.clock.now().getTime() - 86_400_000));
    await publishTips(j.app.ctx, {
      bannerDate: '',
      nap: 'Yesterday Star – 1:30 Sandown',
      nb: 'Second Fiddle – 2:40 Sandown',
      longshot: 'Outsider – 3:50 Sandown',
      multiple1: 'Yankee: Yesterday Star, Second Fiddle, Outsider, Green Light',
      multiple2: '',
      multiple3: '',
      multiple4: '',
      dailyPreview: 'Sandown has a stiff finish.\n\nStayers are favoured.',
      confirmUnproofedLegs: true, // the legs are on no card
    });
    j.app.clock.reset();

    const admin = await j.newPage();
    await j.signIn(admin.page, 'boss@example.com');
    await admin.page.goto('/admin');
    await admin.page.getByRole('button', { name: 'Update Back Catalogue' }).click();
    await expect.poll(() => toastTitle(admin.page, 'Back Catalogue Updated').isVisible()).toBe(true);

    // A PDF guide for yesterday through the Back Catalogue tab.
    const a = admin.page;
    await a.getByRole('tab', { name: 'Back Catalogue' }).click();
    const uploadButton = a.getByRole('button', { name: 'Upload & Create Entry' });
    await uploadButton.click();
    await expect.poll(() => toastTitle(a, 'Missing Information').isVisible()).toBe(true);
    await a.getByLabel('Guide date').fill(yesterday);
    expectFailures(a, { url: /\/api\/admin\/upload-back-catalogue-pdf$/, status: 415 });
    await a
      .getByLabel('PDF file')
      .setInputFiles({ name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, not a pdf') });
    await uploadButton.click();
    await expect.poll(() => toastTitle(a, 'Upload Failed').isVisible()).toBe(true);
    await expect
      .poll(async () =>
        a
          .getByText(/is not a PDF/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await a
      .getByLabel('PDF file')
      .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await expect.poll(() => a.getByTestId('selected-file').textContent()).toMatch(/guide\.pdf \(\d+\.\d KB\)/);
    await capture(a, 'tips-admin-back-catalogue');
    await uploadButton.click();
    await expect.poll(() => toastTitle(a, 'Back Catalogue Updated').isVisible()).toBe(true);
    await admin.context.close();

    const visitor = await j.newPage(PHONE);
    const v = visitor.page;
    await v.goto('/back-catalogue');
    const entry = v.getByRole('link', { name: /Daily Tips –/ });
    const monthButton = v.getByRole('button', { name: new RegExp(monthLabel(monthKey(yesterday))) });
    await expect.poll(() => monthButton.isVisible()).toBe(true);
    // The current London month starts open (yesterday is in last month on the 1st).
    const startsOpen = monthKey(yesterday) === monthKey(today);
    await expect.poll(async () => monthButton.getAttribute('aria-expanded')).toBe(String(startsOpen));
    if (!startsOpen) await monthButton.click();
    await expect.poll(() => entry.isVisible()).toBe(true);
    await monthButton.click(); // each month toggles
    await expect.poll(() => entry.isVisible()).toBe(false);
    await monthButton.click();
    await expect.poll(() => entry.isVisible()).toBe(true);
    await capture(v, 'back-catalogue');
    const pdfLink = v.getByRole('link', { name: /Daily Guide –/ });
    await expect.poll(async () => pdfLink.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([visitor.context.waitForEvent('page'), pdfLink.click()]);
    expect(popup.url()).toMatch(/\/attached-assets\/vbg-guide-[\d-]+-[0-9a-f]+\.pdf\?v=\d+&r=\w+&mobile=(true|false)$/);
    const served = await v.request.get(popup.url());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.waitForLoadState();
    await capture(popup, 'back-catalogue-pdf');
    await popup.close();
    await entry.click();
    await v.waitForURL(`**/tips/${yesterday}`);
    await expect.poll(() => v.getByText('Yesterday Star – 1:30 Sandown').isVisible()).toBe(true);
    await expect.poll(async () => v.getByText('Historical Archive').isVisible()).toBe(true);
    await expect
      .poll(async () => v.getByRole('region', { name: 'Multiple 1' }).getByRole('heading').textContent())
      .toBe('Yankee');
    await expect.poll(async () => v.getByText('Stayers are favoured.').evaluate((el) => el.tagName)).toBe('P');
    await capture(v, 'tips-historical');
    await v.getByRole('link', { name: 'Back to Catalogue' }).first().click();
    await v.waitForURL('**/back-catalogue');

    // The page itself answers 404 too: a past day without tips (decision 0035).
    expectFailures(
      v,
      { url: /\/api\/historical-tips\/2020-01-01$/, status: 404 },
      { url: /\/tips\/2020-01-01$/, status: 404 },
    );
    await v.goto('/tips/2020-01-01');
    await expect.poll(() => v.getByText('Tips not found').isVisible()).toBe(true);
    await expect.poll(async () => v.getByText('No tips found for 2020-01-01.').isVisible()).toBe(true);
    await capture(v, 'tips-not-found');

    // Today's tips are members-only wherever they are served (DESIGN decision 10): the gate here.
    await v.goto(`/tips/${today}`);
    await expect.poll(() => v.getByRole('heading', { name: 'Member Access Required' }).isVisible()).toBe(true);
    await capture(v, 'tips-today-visitor');
    await visitor.context.close();
  });
});
