import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { createAccount, PASSWORD } from '../support/users';
import { horses, races } from '#server/db/schema';
import { publishTips } from '#server/features/tips/publish-tips';
import { addDays, formatShortDay, londonDate, weekdayName, weekdayOf } from '#shared/london-time';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { dayTips } from '../fixtures/day-tips';

/**
 * In the browser: the analyst's morning never loses work silently.
 * Re-processing shows what will change first; clearing says what goes; the daily preview is
 * written in the article editor; the tips form checks Multiple 1 before sending; replacing
 * today's published tips asks first.
 */
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

/** Radix repeats a toast's text in a hidden live region: match exactly and take the first. */
const toastText = (page: Page, text: string | RegExp) =>
  page.getByText(text, typeof text === 'string' ? { exact: true } : undefined).first();

/** Counts the requests the page sends to one API path with one method. */
function countRequests(page: Page, method: string, path: string | RegExp) {
  const seen = { n: 0 };
  page.on('request', (r) => {
    const at = new URL(r.url()).pathname;
    if (r.method() === method && (typeof path === 'string' ? at === path : path.test(at))) seen.n += 1;
  });
  return seen;
}

async function signInAdmin(viewport = PHONE) {
  await createAccount(j.app, 'admin', 'boss@example.com');
  const admin = await j.newPage(viewport);
  await j.signIn(admin.page, 'boss@example.com');
  await admin.page.goto('/admin');
  return admin;
}

describe("the analyst's race cards", () => {
  it('Re-process Last Workbook shows what will change and asks first; the pasted odds and the race ids stay', async () => {
    const today = londonDate(j.app.clock.now());
    const weekday = weekdayOf(today);
    const Weekday = weekday[0].toUpperCase() + weekday.slice(1);
    const day = makeRaceDay({ races: 3, runners: 4, seed: 31 });
    const horse = day[1].horses[2];
    const admin = await signInAdmin();
    const a = admin.page;
    // Stage 1 and a pasted "Horse: odds" line, through the API as the admin.
    const api = j.app.client();
    expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    expect(
      (await api.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(day), weekday)))
        .status,
    ).toBe(200);
    expect(
      (await api.post('/api/vbg-race-cards/morning-odds', { tabType: weekday, morningOdds: `${horse.name}: 9/2` }))
        .status,
    ).toBe(200);
    const idsBefore = await j.app.ctx.db.select({ id: races.id }).from(races).orderBy(asc(races.id));

    const reprocessPosts = countRequests(a, 'POST', '/api/vbg-race-cards/hard-coded-upload');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const reprocess = a.getByRole('button', { name: 'Re-process Last Workbook' });
    await expect.poll(() => reprocess.isVisible()).toBe(true);
    await reprocess.click();
    const dialog = a.getByRole('dialog', { name: 'Re-process the last workbook?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const changes = dialog.getByRole('list', { name: 'Changes' });
    await expect
      .poll(() => changes.getByRole('listitem').allTextContents())
      .toEqual([
        'Kept: 3 races and 12 runners, with their verdicts',
        'Kept: what was set after stage 1 (morning odds, non-runner flags, summaries) for 1 runner',
      ]);
    await expect.poll(() => dialog.textContent()).toContain(`(${Weekday})`);
    await capture(a, 'morning-reprocess-confirm');
    // Cancel: nothing was re-processed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(reprocessPosts.n).toBe(0);

    await reprocess.click();
    await dialog.getByRole('button', { name: 'Re-process', exact: true }).click();
    await expect.poll(() => toastText(a, 'Workbook Re-processed').isVisible()).toBe(true);
    await expect
      .poll(() =>
        a
          .getByRole('status')
          .filter({ hasText: /re-processed for .*: 3 races and 12 runners/ })
          .isVisible(),
      )
      .toBe(true);
    expect(reprocessPosts.n).toBe(1);
    // Same races (a member's open selection survives) and the pasted odds kept (9/2 is 5.5).
    expect(await j.app.ctx.db.select({ id: races.id }).from(races).orderBy(asc(races.id))).toEqual(idsBefore);
    const [row] = await j.app.ctx.db
      .select({ odds: horses.bookieOdds })
      .from(horses)
      .where(eq(horses.name, horse.name));
    expect(row.odds).toBe(5.5);

    // Clearing the weekday and "Today" say what will be lost, and Cancel keeps it.
    const dated = `for ${formatShortDay(today)}`;
    await a.getByRole('button', { name: `Clear ${Weekday}` }).click();
    const clearTab = a.getByRole('dialog', { name: `Clear ${Weekday}?` });
    await expect
      .poll(() => clearTab.textContent())
      .toContain(
        `All 3 races and 12 runners in the ${Weekday} tab ${dated} will be removed, with their verdicts, morning odds`,
      );
    await capture(a, 'morning-clear-weekday-confirm');
    await clearTab.getByRole('button', { name: 'Cancel' }).click();
    await a.getByRole('button', { name: 'Today', exact: true }).click();
    const clearToday = a.getByRole('dialog', { name: "Clear Today's race cards?" });
    await expect
      .poll(() => clearToday.textContent())
      .toContain(`Today is ${Weekday}. All 3 races and 12 runners in the ${Weekday} tab ${dated}`);
    await clearToday.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => a.getByRole('option', { name: `${Weekday} (3 cards)` }).count()).toBe(1);
    await admin.context.close();
  });

  it('counts nothing it has not read: the weekday list, Clear Tomorrow and a stage-1 replace wait for the server', async () => {
    const today = londonDate(j.app.clock.now());
    const tomorrow = addDays(today, 1);
    const weekday = weekdayOf(tomorrow);
    const Weekday = weekdayName(weekday);
    const day = makeRaceDay({ races: 3, runners: 4, seed: 41 });
    await createAccount(j.app, 'admin', 'boss@example.com');
    const api = j.app.client();
    expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    expect(
      (await api.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(day), weekday)))
        .status,
    ).toBe(200);

    // The race lists answer only when the test lets them (a slow connection).
    const admin = await j.newPage(PHONE, { serviceWorkers: 'block' });
    const a = admin.page;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = (url: URL) =>
      url.pathname === '/api/vbg-race-cards' || url.pathname === '/api/vbg-race-cards-metadata';
    await a.route(held, async (route) => {
      await released;
      await route.continue();
    });
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const picker = a.getByLabel('Target weekday');
    await expect.poll(() => picker.isVisible()).toBe(true);
    // No "(0 cards)" for a list not yet read.
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);

    await a.getByRole('button', { name: 'Tomorrow', exact: true }).click();
    const clearTomorrow = a.getByRole('dialog', { name: "Clear Tomorrow's race cards?" });
    await expect.poll(() => clearTomorrow.textContent()).toContain('Reading which tab is tomorrow and what it holds…');
    expect(await clearTomorrow.textContent()).not.toContain('nothing will be removed');
    await expect.poll(() => clearTomorrow.getByRole('button', { name: 'Clear', exact: true }).isDisabled()).toBe(true);
    await capture(a, 'morning-clear-tomorrow-reading');

    release();
    await expect
      .poll(() => clearTomorrow.textContent())
      .toContain(
        `Tomorrow is ${Weekday}. All 3 races and 12 runners in the ${Weekday} tab for ${formatShortDay(tomorrow)}`,
      );
    await expect.poll(() => clearTomorrow.getByRole('button', { name: 'Clear', exact: true }).isEnabled()).toBe(true);
    await clearTomorrow.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => a.getByRole('option', { name: `${Weekday} (3 cards)` }).count()).toBe(1);

    // Stage 1 over that tab: a workbook whose one race has the first race's time and course but none of
    // its runners is another race; the confirmation counts from the server's reading of the tab.
    const other = [{ ...day[0], horses: day[0].horses.map((h, i) => ({ ...h, name: `Stranger ${'ABCD'[i]}` })) }];
    await picker.selectOption(weekday);
    await a.getByLabel('Master spreadsheet').setInputFiles({
      name: 'master.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await raceDayWorkbook(other),
    });
    await a.getByRole('button', { name: 'Upload Master Excel' }).click();
    const replace = a.getByRole('dialog', { name: `Replace the ${Weekday} cards?` });
    await expect
      .poll(() => replace.getByRole('list', { name: 'Changes' }).getByRole('listitem').allTextContents())
      .toEqual(['Removed: 3 races and 12 runners no longer in the workbook', 'Added: 1 race and 4 runners']);
    await capture(a, 'morning-replace-another-race');
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => a.getByRole('option', { name: `${Weekday} (3 cards)` }).count()).toBe(1);
    await admin.context.close();
  });
});

describe("the analyst's daily tips", () => {
  it('the preview is written in the article editor, Multiple 1 is checked before sending, and replacing today’s tips asks first', async () => {
    await createAccount(j.app, 'member', 'reader@example.com');
    const admin = await signInAdmin();
    const a = admin.page;
    expectFailures(a, { url: /\/api\/secure-content-upload$/, status: 409 }); // selections on no card, on purpose
    const publishes = countRequests(a, 'POST', '/api/secure-content-upload');
    const publishButton = a.getByRole('button', { name: 'Update Tips & Preview' });
    await expect.poll(() => publishButton.isVisible()).toBe(true);
    // The hint beside the button names everything required, Multiple 1 included.
    const hint = (text: string) => a.getByText(text, { exact: true });
    await expect
      .poll(() => hint('NAP, NB, Longshot, Multiple 1 and the daily preview are needed before publishing.').isVisible())
      .toBe(true);

    await a.getByLabel('NAP', { exact: true }).fill('Northern Star – 2:10 Ascot (7/1)');
    await a.getByLabel('NB', { exact: true }).fill('Harbour Light – 3:15 Haydock (9/2)');
    await a.getByLabel('Longshot', { exact: true }).fill('Long Road – 4:00 Ascot (20/1)');
    // The daily preview: the article editor with its toolbar, not a raw HTML box.
    const editor = a.getByRole('textbox', { name: 'Daily preview' });
    await expect.poll(() => editor.getAttribute('contenteditable')).toBe('true');
    const toolbar = a.getByRole('toolbar', { name: 'Formatting' });
    expect(
      await toolbar.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).toEqual([
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Underline',
      'Numbered list',
      'Bullet list',
      'Align left',
      'Align centre',
      'Align right',
      'Justify',
      'Link',
      'Clear formatting',
    ]);
    await editor.click();
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    await a.keyboard.type('Ascot preview');
    await a.keyboard.press('Enter');
    await a.keyboard.type('Soft ground suits ');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await a.keyboard.type('Northern Star');

    // Multiple 1 is empty: the hint still says so, and the browser says so at the field and sends nothing.
    await expect.poll(() => hint('Multiple 1 is needed before publishing.').isVisible()).toBe(true);
    await publishButton.click();
    const m1 = a.getByLabel('Multiple 1 selections');
    await expect.poll(() => m1.getAttribute('aria-invalid')).toBe('true');
    // The field's own description carries the message (screen readers hear it with the field).
    await expect
      .poll(() => m1.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent))
      .toBe('Multiple 1 is required');
    await expect.poll(() => m1.evaluate((el) => el === document.activeElement)).toBe(true); // taken to the field
    await capture(a, 'morning-tips-multiple-required');
    expect(publishes.n).toBe(0);

    await m1.fill('Northern Star, Harbour Light, Copper Coast, Silent Witness');
    await expect.poll(() => m1.getAttribute('aria-invalid')).toBe(null);
    await expect.poll(() => a.getByText(/needed before publishing/).count()).toBe(0);
    await a.getByRole('button', { name: 'Show Preview' }).click();
    const preview = a.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.getByRole('heading', { level: 2, name: 'Ascot preview' }).isVisible()).toBe(true);
    await expect.poll(() => preview.locator('strong').textContent()).toBe('Northern Star');
    await capture(a, 'morning-tips-editor');
    // Nothing published today yet: no question asked about replacing. No cards today either: the
    // multiple's selections are on none, and they are published unproofed once confirmed.
    await publishButton.click();
    const unproofed = a.getByTestId('unproofed-legs-warning');
    await expect.poll(() => unproofed.isVisible()).toBe(true);
    await unproofed.getByRole('button', { name: 'Publish Without Proofing Them' }).click();
    await expect.poll(() => toastText(a, 'Tips Published').isVisible()).toBe(true);
    expect(publishes.n).toBe(2);

    // A second publication the same day replaces the first: the admin is asked, with the NAP named.
    await expect.poll(() => a.getByRole('textbox', { name: 'Daily preview' }).textContent()).toBe('');
    await a.getByLabel('NAP', { exact: true }).fill('Copper Coast – 2:45 Ascot (4/1)');
    await a.getByLabel('NB', { exact: true }).fill('Harbour Light – 3:15 Haydock (9/2)');
    await a.getByLabel('Longshot', { exact: true }).fill('Long Road – 4:00 Ascot (20/1)');
    await a.getByLabel('Multiple 1 selections').fill('Copper Coast, Harbour Light, Long Road, Silent Witness');
    await a.getByRole('textbox', { name: 'Daily preview' }).click();
    await a.keyboard.type('Ground now good.');
    await publishButton.click();
    const replace = a.getByRole('dialog', { name: 'Replace today’s tips?' });
    await expect.poll(() => replace.isVisible()).toBe(true);
    await expect
      .poll(() => replace.textContent())
      .toContain("This replaces today's published tips (NAP Northern Star – 2:10 Ascot (7/1); NB Harbour Light");
    await capture(a, 'morning-tips-replace-confirm');
    await replace.getByRole('button', { name: 'Cancel' }).click();
    expect(publishes.n).toBe(2);
    await expect.poll(() => a.getByLabel('NAP', { exact: true }).inputValue()).toBe('Copper Coast – 2:45 Ascot (4/1)'); // nothing lost
    await publishButton.click();
    await replace.getByRole('button', { name: 'Replace Tips' }).click();
    await unproofed.getByRole('button', { name: 'Publish Without Proofing Them' }).click();
    await expect.poll(() => toastText(a, 'Tips Published').isVisible()).toBe(true);
    expect(publishes.n).toBe(4);
    await admin.context.close();

    // The member reads the second publication, the preview as the editor wrote it.
    const member = await j.newPage(PHONE);
    await j.signIn(member.page, 'reader@example.com');
    await member.page.goto('/tips');
    await expect.poll(() => member.page.getByText('Copper Coast – 2:45 Ascot (4/1)').isVisible()).toBe(true);
    await expect.poll(() => member.page.getByText('Ground now good.').isVisible()).toBe(true);
    await member.context.close();
  });
});

describe('the tipping record', () => {
  it('the admin reads the server’s own messages, edits and deletes pending tips after confirming, and a corrected tip says when', async () => {
    j.eveningOfRaceDay(); // results are taken once the races are off
    // Today's published tips, for Auto-Populate.
    await publishTips(j.app.ctx, dayTips());
    const today = londonDate(j.app.clock.now());
    const admin = await signInAdmin();
    const a = admin.page;
    // Refusals provoked on purpose: another horse than the published NAP, and a price other than the published one.
    expectFailures(
      a,
      { url: /\/api\/admin\/back-catalogue-entry$/, status: 409 },
      { url: /\/api\/admin\/tip-records\/\d+$/, status: 409 },
    );
    await a.getByRole('tab', { name: 'Tipping Performance' }).click();
    const nap = a.getByRole('group', { name: 'NAP (Main Selection)' });
    // The day's tips are published: the record keeps the NAP members were given.
    await nap.getByLabel('Horse name').fill('Silent Witness');
    await nap.getByLabel('Race time/course').fill('1:30 Ascot');
    await nap.getByLabel('Advised odds').fill('6/1');
    await a.getByRole('button', { name: 'Record Daily Tips' }).click();
    await expect
      .poll(() =>
        toastText(
          a,
          `The NAP published for ${today} is Northern Star (14:10 Ascot, 5/1): the record keeps the tip members were given.`,
        ).isVisible(),
      )
      .toBe(true);
    await nap.getByLabel('Horse name').fill('Northern Star');
    await nap.getByLabel('Race time/course').fill('2:10 Ascot');
    await nap.getByLabel('Advised odds').fill('5/1');
    await a.getByRole('button', { name: 'Record Daily Tips' }).click();
    await expect.poll(() => toastText(a, `Northern Star recorded for ${today}.`).isVisible()).toBe(true);
    // Recording the NAP again replaces the pending one, and the toast says so.
    await nap.getByLabel('Horse name').fill('Northern Star');
    await nap.getByLabel('Race time/course').fill('2:10 Ascot');
    await nap.getByLabel('Advised odds').fill('5/1');
    await a.getByRole('button', { name: 'Record Daily Tips' }).click();
    await expect
      .poll(() => toastText(a, `Northern Star now the NAP for ${today} (replaced the pending one).`).isVisible())
      .toBe(true);

    await a.getByRole('tab', { name: 'Performance History' }).click();
    await a.getByRole('button', { name: "Auto-Populate Today's Tips" }).click();
    await expect.poll(() => toastText(a, /^2 tips added for /).isVisible()).toBe(true);
    await expect.poll(() => a.getByRole('rowheader', { name: 'Long Road' }).isVisible()).toBe(true);

    // Edit a pending tip: the odds are checked in the browser first, then saved.
    const puts = countRequests(a, 'PUT', /^\/api\/admin\/tip-records\/\d+$/);
    await a.getByRole('button', { name: 'Edit Harbour Light' }).click();
    const edit = a.getByRole('dialog', { name: `Edit the pending NB for ${today}` });
    await expect.poll(() => edit.isVisible()).toBe(true);
    await expect.poll(() => edit.getByLabel('Advised odds').inputValue()).toBe('11/4');
    await edit.getByLabel('Advised odds').fill('strong');
    // The schema's message shows beside the field once it is left, before any submit.
    await edit.getByLabel('Advised odds').blur();
    await expect
      .poll(() => edit.getByText('Advised odds must be odds like 5/1, 11/4, evs or 6.0').isVisible())
      .toBe(true);
    expect(await edit.getByLabel('Advised odds').getAttribute('aria-invalid')).toBe('true');
    await edit.getByRole('button', { name: 'Save Tip' }).click();
    await expect
      .poll(() => edit.getByText('Advised odds must be odds like 5/1, 11/4, evs or 6.0').isVisible())
      .toBe(true);
    expect(puts.n).toBe(0);
    await capture(a, 'morning-tip-edit');
    // Another price than the published 11/4 is a correction: saved only once confirmed, and shown beside it.
    await edit.getByLabel('Advised odds').fill('3/1');
    await edit.getByRole('button', { name: 'Save Tip' }).click();
    await expect
      .poll(() => edit.getByRole('alert').textContent())
      .toBe(
        `Harbour Light was published as the NB for ${today} at 11/4. Recording 3/1 instead is a correction: confirm it to show "advised 11/4, corrected to 3/1" on the public record, or record it at 11/4.`,
      );
    expect(puts.n).toBe(1);
    await capture(a, 'morning-tip-edit-correction');
    await edit.getByRole('button', { name: 'Save as Correction' }).click();
    await expect.poll(() => toastText(a, `Harbour Light updated for ${today}.`).isVisible()).toBe(true);
    expect(puts.n).toBe(2);
    const row = (name: string) => a.getByRole('row').filter({ has: a.getByRole('rowheader', { name }) });
    await expect.poll(() => row('Harbour Light').getByRole('cell').nth(3).textContent()).toBe('11/4, corrected to 3/1');

    // Delete a pending tip: the confirmation names what goes.
    await a.getByRole('button', { name: 'Delete Long Road' }).click();
    const del = a.getByRole('dialog', { name: 'Delete Long Road?' });
    await expect
      .poll(() => del.textContent())
      .toContain('This deletes the pending LONGSHOT Long Road (16:00 Ascot, 20/1) for');
    await expect.poll(() => del.textContent()).toContain('it will not be settled or counted on the proofed results');
    await capture(a, 'morning-tip-delete-confirm');
    await del.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => a.getByRole('rowheader', { name: 'Long Road' }).count()).toBe(0);

    // Settle, then correct: the row says it was corrected, and when; settled rows have no Edit or Delete.
    await a.getByLabel('Result for Northern Star').selectOption('WON');
    await a.getByRole('button', { name: 'Settle Northern Star' }).click();
    await expect.poll(() => a.getByRole('button', { name: 'Correct Northern Star' }).isVisible()).toBe(true);
    expect(
      await row('Northern Star')
        .getByText(/^Corrected /)
        .count(),
    ).toBe(0);
    await a.getByLabel('Result for Northern Star').selectOption('LOST');
    await a.getByRole('button', { name: 'Correct Northern Star' }).click();
    const [, month, dayOfMonth] = today.split('-').map(Number);
    const monthName = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    await expect
      .poll(() =>
        row('Northern Star')
          .getByText(/^Corrected /)
          .textContent(),
      )
      .toBe(`Corrected ${dayOfMonth} ${monthName} ${today.slice(0, 4)}`);
    expect(await a.getByRole('button', { name: 'Edit Northern Star' }).count()).toBe(0);
    await capture(a, 'morning-tip-history');
    await admin.context.close();
  });
});
