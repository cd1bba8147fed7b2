import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { PASSWORD, createAccount } from '../support/users';
import { createUser } from '#server/features/auth/users';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { londonDate, weekdayOf } from '#shared/london-time';
import { verdictDocx } from '../fixtures/verdict-docx';
import { eq } from 'drizzle-orm';
import { horses } from '#server/db/schema';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

/** The horse numbers of a race card, top to bottom (the first span of each runner button). */
async function runnerNumbers(page: Page, cardName: RegExp): Promise<string[]> {
  const card = page.getByRole('region', { name: cardName });
  return card.locator('li > button[aria-expanded] > span:first-child').allTextContents();
}

describe('race cards', () => {
  it('the admin uploads a workbook, a member reads the cards, a visitor sees no free race yet', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createAccount(j.app, 'member', 'reader@example.com');
    const races = makeRaceDay({ races: 10, runners: 6, seed: 7 });
    const workbook = await raceDayWorkbook(races);
    const venue = races[0].course;
    const venueRaces = races.filter((r) => r.course === venue);

    // Admin: stage 1 for Tuesday in the VBG Race Cards tab.
    const admin = await j.newPage();
    const a = admin.page;
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const uploadButton = a.getByRole('button', { name: 'Upload Master Excel' });
    await expect.poll(() => uploadButton.isVisible()).toBe(true);
    await expect.poll(async () => uploadButton.isDisabled()).toBe(true);
    await expect.poll(async () => a.getByText('No file selected').isVisible()).toBe(true);
    // The stages start on the day being worked on: today's tab before any workbook.
    await expect
      .poll(async () => a.getByLabel('Target weekday').inputValue())
      .toBe(weekdayOf(londonDate(j.app.clock.now())));
    await a.getByLabel('Target weekday').selectOption('tuesday');
    await a.getByLabel('Master spreadsheet').setInputFiles({
      name: 'master.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    });
    await expect.poll(async () => uploadButton.isDisabled()).toBe(false);
    // A slow uplink so the real upload progress (XMLHttpRequest upload events) can be seen.
    const cdp = await admin.context.newCDPSession(a);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 8 * 1024,
    });
    await uploadButton.click();
    const bar = a.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect.poll(() => a.getByText('Stage 1 Complete').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => a.getByRole('option', { name: 'Tuesday (10 cards)' }).count()).toBe(1);
    await capture(a, 'race-cards-admin');
    // Opened again, the stages start where the workbook went (Tuesday is ahead).
    await a.reload();
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    await expect.poll(async () => a.getByLabel('Target weekday').inputValue()).toBe('tuesday');
    await admin.context.close();

    // Member: the Tuesday tab, a venue's View All, sorting and collapsing.
    const member = await j.newPage(PHONE);
    const m = member.page;
    await j.signIn(m, 'reader@example.com');
    await m.goto('/vbg-race-cards');
    const tuesday = m.getByRole('tab', { name: /Tuesday/ });
    await expect.poll(() => tuesday.isVisible()).toBe(true);
    await expect.poll(async () => m.getByRole('tab').count()).toBe(1);
    await expect.poll(async () => tuesday.getAttribute('aria-selected')).toBe('true'); // saturday has no races
    await tuesday.click();
    await expect
      .poll(async () => m.getByText('Select races from the menu above to view detailed race cards').isVisible())
      .toBe(true);
    await m.getByRole('button', { name: `View All ${venue}` }).click();
    const firstCard = new RegExp(`${venueRaces[0].time} ${venue}`);
    await expect.poll(() => m.getByRole('region', { name: firstCard }).isVisible()).toBe(true);
    await expect.poll(() => m.locator('[role="region"][aria-labelledby^="race-"]').count()).toBe(venueRaces.length);
    const card = m.getByRole('region', { name: firstCard });
    // Default: VB rating, highest first.
    const ratings = [...venueRaces[0].horses].sort((x, y) => y.vbRating - x.vbRating).map((h) => String(h.number));
    await expect.poll(async () => runnerNumbers(m, firstCard)).toEqual(ratings);
    await card.getByRole('button', { name: /^Number/ }).click();
    await expect.poll(async () => runnerNumbers(m, firstCard)).toEqual(['1', '2', '3', '4', '5', '6']);
    await card.getByRole('button', { name: /^Draw/ }).click();
    const draws = await card.locator('li > button[aria-expanded]').allTextContents();
    const drawValues = draws
      .map((t) => /Draw (\d+|–)/.exec(t)?.[1])
      .filter((d) => d && d !== '–')
      .map(Number);
    expect(drawValues).toEqual([...drawValues].sort((x, y) => x - y));
    await capture(m, 'race-cards-member');
    const expanded = card.locator('button[aria-expanded="true"]');
    await expect.poll(async () => expanded.count()).toBe(6);
    await card.getByRole('button', { name: 'Collapse All' }).click();
    await expect.poll(async () => expanded.count()).toBe(0);
    await expect.poll(async () => card.locator('button[aria-expanded="false"]').count()).toBe(6);
    await capture(m, 'race-cards-member-collapsed');
    // View All again deselects the venue.
    await m.getByRole('button', { name: `View All ${venue}` }).click();
    await expect
      .poll(() => m.getByText('Select races from the menu above to view detailed race cards').isVisible())
      .toBe(true);
    await member.context.close();

    // Visitor: nothing nominated yet.
    const visitor = await j.newPage(PHONE);
    const v = visitor.page;
    await v.goto('/free-race');
    const coming = v.getByRole('button', { name: 'Coming Soon' });
    await expect.poll(() => coming.isVisible()).toBe(true);
    await expect.poll(async () => coming.isDisabled()).toBe(true);
    await expect
      .poll(async () => v.getByRole('link', { name: 'Subscribe £16/month' }).getAttribute('href'))
      .toBe('/subscribe');
    await capture(v, 'free-race-none');
    await visitor.context.close();

    // Admin: clearing Tuesday asks first, then empties the day.
    const again = await j.newPage();
    const b = again.page;
    await j.signIn(b, 'boss@example.com');
    await b.goto('/admin');
    await b.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const clearTuesday = b.getByRole('button', { name: 'Clear Tuesday' });
    await expect.poll(() => clearTuesday.isEnabled()).toBe(true);
    await expect.poll(async () => b.getByRole('button', { name: 'Clear Monday' }).isDisabled()).toBe(true);
    await clearTuesday.click();
    const dialog = b.getByRole('dialog', { name: 'Clear Tuesday?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(async () => b.getByRole('option', { name: 'Tuesday (10 cards)' }).count()).toBe(1);
    await clearTuesday.click();
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => b.getByRole('option', { name: 'Tuesday (0 cards)' }).count()).toBe(1);
    await again.context.close();
  });

  it('the admin corrects morning odds by pasting lines, and re-processing an unclear workbook asks for clarification', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const races = makeRaceDay({ races: 2, runners: 4, seed: 12 });
    const horse = races[1].horses[2];
    const api = j.app.client();
    expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    // Two titles for the first race: stage 1 keeps the first, a re-process asks the analyst.
    const unclear = await raceDayWorkbook(races, { cells: { '3:E': 'Another Title' } });
    expect((await api.post('/api/vbg-race-cards/upload-master-excel', masterForm(unclear, 'monday'))).status).toBe(200);

    const admin = await j.newPage(PHONE);
    const a = admin.page;
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const odds = a.getByLabel('Morning odds for Monday');
    await expect.poll(() => odds.isVisible()).toBe(true);
    const update = a.getByRole('button', { name: 'Update Morning Odds' });
    await expect.poll(() => update.isDisabled()).toBe(true);
    await odds.fill(`${horse.name}: 9/2\nNobody Runs: 3/1`);
    await update.click();
    await expect
      .poll(() =>
        a
          .getByText(
            'Morning odds updated for 1 of 8 Monday runners; 1 line matched no runner. Unmatched: line 2 (Nobody Runs).',
          )
          .isVisible(),
      )
      .toBe(true);
    expectFailures(
      a,
      { url: /\/api\/vbg-race-cards\/morning-odds$/, status: 422 },
      { url: /\/api\/vbg-race-cards\/hard-coded-upload(\/preview)?$/, status: 422 },
    );
    await odds.fill(`${horse.name}: strong`);
    await update.click();
    await expect.poll(() => a.getByText('Update Failed').first().isVisible()).toBe(true);

    await a.getByRole('button', { name: 'Re-process Last Workbook' }).click();
    await expect.poll(() => a.getByText('Data Clarification Required').first().isVisible()).toBe(true);
    await expect
      .poll(() => a.getByText('Excel file has unclear data that needs your review').first().isVisible())
      .toBe(true);
    await capture(a, 'race-cards-admin-morning-odds');
    await admin.context.close();

    // The pasted odds reached the card: 9/2 is decimal 5.5.
    const [row] = await j.app.ctx.db
      .select({ odds: horses.bookieOdds })
      .from(horses)
      .where(eq(horses.name, horse.name));
    expect(row.odds).toBe(5.5);
  });

  it('a visitor reads a nominated free race with the same card layout', async () => {
    // The real path: stage 1 upload and stage 5 nomination through the API, then the public page.
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const races = makeRaceDay({ races: 3, runners: 5, seed: 11 });
    const race = races[0];
    race.ageHandicapInfo = '4yo+ 0-140';
    race.horses[0].summary = '';
    const today = weekdayOf(londonDate(j.app.clock.now()));
    const admin = j.app.client();
    expect((await admin.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    expect(
      (await admin.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(races), today)))
        .status,
    ).toBe(200);
    expect(
      (await admin.post('/api/free-race/nominate', { raceTime: race.time, course: race.course, weekday: today }))
        .status,
    ).toBe(200);

    const visitor = await j.newPage(PHONE);
    const v = visitor.page;
    await v.goto('/free-race');
    const view = v.getByRole('button', { name: 'View Free Race Card' });
    await expect.poll(() => view.isEnabled()).toBe(true);
    const heading = new RegExp(`${race.time} ${race.course}`);
    const card = v.getByRole('region', { name: heading });
    await expect.poll(async () => card.getByText('4yo+ 0-140 (H/C Limit)').isVisible()).toBe(true);
    await expect
      .poll(async () => card.getByText('Race verdicts will be inserted on the morning of the race.').isVisible())
      .toBe(true);
    const byRating = [...race.horses].sort((a, b) => b.vbRating - a.vbRating).map((h) => String(h.number));
    await expect.poll(async () => runnerNumbers(v, heading)).toEqual(byRating); // VB rating, highest first
    await expect
      .poll(async () => card.getByText('Detailed analysis to be added for this horse.').isVisible())
      .toBe(true);
    await expect
      .poll(async () => card.locator('[data-tone="green"]').count())
      .toBe(race.horses.filter((h) => h.vbRating >= 70).length);
    // Only the nominated race is public: another race of the day stays members-only.
    await expect.poll(async () => v.getByText(races[1].title, { exact: true }).count()).toBe(0);
    await expect
      .poll(async () => v.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href'))
      .toBe('/subscribe');
    await view.click();
    await capture(v, 'free-race-card');
    await visitor.context.close();
  });
  it('the admin runs the five morning stages; a visitor sees the free race and a member the verdict', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createAccount(j.app, 'member', 'reader@example.com');
    const races = makeRaceDay({ races: 4, runners: 5, seed: 23 });
    const race = races[1];
    const today = weekdayOf(londonDate(j.app.clock.now()));
    const Today = today[0].toUpperCase() + today.slice(1);
    const verdict = `Verdict: ${race.horses[2].name} looks the one to beat from a good draw.`;
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    const admin = await j.newPage();
    const a = admin.page;
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    const complete = (n: number) => a.getByText(`Stage ${n} Complete`).first();

    // Stage 1: the master workbook for today's weekday.
    await expect.poll(() => a.getByLabel('Target weekday').isVisible()).toBe(true);
    await a.getByLabel('Target weekday').selectOption(today);
    await a
      .getByLabel('Master spreadsheet')
      .setInputFiles({ name: 'master.xlsx', mimeType: xlsx, buffer: await raceDayWorkbook(races) });
    await a.getByRole('button', { name: 'Upload Master Excel' }).click();
    await expect.poll(() => complete(1).isVisible(), { timeout: 20_000 }).toBe(true);

    // Stage 2: the verdict document (same weekday as targetTab).
    const upload2 = a.getByRole('button', { name: 'Upload Verdicts' });
    await expect.poll(async () => upload2.isDisabled()).toBe(true);
    const docx = verdictDocx([{ heading: `${race.time} ${race.course}`, paragraphs: [verdict] }], {
      preamble: ['Race verdicts'],
    });
    await a.getByLabel('Verdict document').setInputFiles({
      name: 'verdicts.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    });
    await expect.poll(async () => a.getByLabel('Verdict document').getAttribute('accept')).toBe('.docx');
    await upload2.click();
    await expect.poll(() => complete(2).isVisible(), { timeout: 20_000 }).toBe(true);

    // Stage 3: the same workbook with changed odds.
    const withOdds = races.map((r) => ({ ...r, horses: r.horses.map((h, i) => ({ ...h, odds: `${i + 2}/1` })) }));
    await a
      .getByLabel('Master with morning odds')
      .setInputFiles({ name: 'master-odds.xlsx', mimeType: xlsx, buffer: await raceDayWorkbook(withOdds) });
    await a.getByRole('button', { name: 'Upload Morning Odds' }).click();
    await expect.poll(() => complete(3).isVisible(), { timeout: 20_000 }).toBe(true);

    // Stage 4: choose the weekday, then Set Default Weekday.
    const setDefault = a.getByRole('button', { name: 'Set Default Weekday' });
    await expect.poll(async () => setDefault.isDisabled()).toBe(true);
    await a.getByLabel('Default weekday').selectOption(today);
    await expect.poll(async () => setDefault.isEnabled()).toBe(true);
    await setDefault.click();
    await expect.poll(() => complete(4).isVisible()).toBe(true);

    // Stage 5: a race of the default weekday.
    const nominate = a.getByRole('button', { name: 'Nominate Free Race' });
    const freeRace = a.getByLabel('Free race');
    await expect.poll(() => freeRace.isVisible()).toBe(true);
    await expect.poll(async () => nominate.isDisabled()).toBe(true);
    await freeRace.selectOption({ label: `${race.time} ${race.course} – ${race.title}` });
    await nominate.click();
    await expect.poll(() => complete(5).isVisible()).toBe(true);
    await expect.poll(async () => a.getByText(`Current: ${race.time} ${race.course}.`).isVisible()).toBe(true);
    await expect
      .poll(async () => a.getByText(`Stage 4 complete: the race cards now open on ${Today}.`).first().isVisible())
      .toBe(true);
    await capture(a, 'race-cards-admin-stages');
    await admin.context.close();

    // Visitor: the nominated race on /free-race.
    const visitor = await j.newPage(PHONE);
    const v = visitor.page;
    await v.goto('/free-race');
    const heading = new RegExp(`${race.time} ${race.course}`);
    await expect.poll(() => v.getByRole('button', { name: 'View Free Race Card' }).isEnabled()).toBe(true);
    await expect.poll(async () => v.getByRole('region', { name: heading }).isVisible()).toBe(true);
    await expect.poll(async () => v.getByRole('region', { name: heading }).getByText(verdict).isVisible()).toBe(true);
    await capture(v, 'free-race-stages');
    await visitor.context.close();

    // Member: the verdict on the race card.
    const member = await j.newPage(PHONE);
    const m = member.page;
    await j.signIn(m, 'reader@example.com');
    await m.goto('/vbg-race-cards');
    const tab = m.getByRole('tab', { name: new RegExp(Today) });
    await expect.poll(() => tab.isVisible()).toBe(true);
    await expect.poll(async () => tab.getAttribute('aria-selected')).toBe('true');
    await m.getByRole('button', { name: `View All ${race.course}` }).click();
    const card = m.getByRole('region', { name: heading });
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(async () => card.getByText(verdict).isVisible()).toBe(true);
    await capture(m, 'race-cards-member-verdict');
    await member.context.close();
  });

  it('on a phone, a race chosen on a 30-race day comes into view, and By time lists the day in the order it is off', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createAccount(j.app, 'member', 'phone@example.com');
    const races = makeRaceDay({ races: 30, runners: 8, seed: 21 });
    const api = j.app.client();
    expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    expect(
      (await api.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(races), 'saturday')))
        .status,
    ).toBe(200);

    const member = await j.newPage(PHONE);
    const m = member.page;
    await j.signIn(m, 'phone@example.com');
    await m.goto('/vbg-race-cards');
    const menu = m.getByRole('navigation', { name: 'Race navigation' });
    await expect.poll(() => menu.isVisible()).toBe(true);

    // The last race of the last venue: its card loads far below the menu, and is brought into view.
    const last = races[races.length - 1];
    await menu
      .getByRole('region', { name: last.course, exact: true })
      .getByRole('button', { name: new RegExp(`^${last.time}`) })
      .click();
    const heading = m.getByRole('heading', { name: `${last.time} ${last.course}`, level: 3 });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await heading.boundingBox())?.y ?? Infinity).toBeLessThan(PHONE.height / 2);
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await capture(m, 'race-cards-member-revealed');

    // By time: one list, every venue, in the order the races are off.
    await m.evaluate(() => window.scrollTo(0, 0));
    await menu.getByRole('button', { name: 'By time' }).click();
    const list = menu.getByRole('list', { name: 'Races by time' });
    await expect.poll(() => list.isVisible()).toBe(true);
    const minutes = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
    const times = (await list.locator('li button > span:first-child').allTextContents()).map(minutes);
    expect(times).toHaveLength(races.length);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(races.map((r) => r.course)).size).toBeGreaterThan(1);
    await capture(m, 'race-cards-member-by-time');
    await member.context.close();
  });

  it('re-uploading stage 1 over a day with cards asks first, naming what changes and the free race that goes; stage 5 shows it at once', async () => {
    await createUser(j.app.ctx, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const races = makeRaceDay({ races: 3, runners: 4, seed: 31 });
    const today = weekdayOf(londonDate(j.app.clock.now()));
    const api = j.app.client();
    expect((await api.post('/api/login', { email: 'boss@example.com', password: PASSWORD })).status).toBe(200);
    expect(
      (await api.post('/api/vbg-race-cards/upload-master-excel', masterForm(await raceDayWorkbook(races), today)))
        .status,
    ).toBe(200);
    const free = races[2];
    expect(
      (await api.post('/api/free-race/nominate', { raceTime: free.time, course: free.course, weekday: today })).status,
    ).toBe(200);

    const admin = await j.newPage();
    const a = admin.page;
    await j.signIn(a, 'boss@example.com');
    await a.goto('/admin');
    await a.getByRole('tab', { name: 'VBG Race Cards' }).click();
    await expect.poll(async () => a.getByLabel('Target weekday').inputValue()).toBe(today);
    await expect
      .poll(() => a.getByText(`Current: ${free.time} ${free.course}.`, { exact: false }).isVisible())
      .toBe(true);

    // A workbook without the free race: the upload asks first and says what goes.
    const withoutFree = await raceDayWorkbook(races.slice(0, 2));
    await a.getByLabel('Master spreadsheet').setInputFiles({
      name: 'master.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: withoutFree,
    });
    await a.getByRole('button', { name: 'Upload Master Excel' }).click();
    const dialog = a.getByRole('dialog', { name: `Replace the ${today[0].toUpperCase()}${today.slice(1)} cards?` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByRole('list', { name: 'Changes' }).textContent())
      .toContain('Removed: 1 race and 4 runners no longer in the workbook');
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Today's free race (${free.time} ${free.course}) is not in this workbook`);
    await capture(a, 'race-cards-admin-reupload-confirm');
    // Cancelled: nothing changed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(((await api.get('/api/vbg-race-cards-metadata')).json as Record<string, unknown[]>)[today]).toHaveLength(3);

    // Confirmed: uploaded, the answer says the free race went, and stage 5 shows it at once.
    await a.getByRole('button', { name: 'Upload Master Excel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => a.getByText('Stage 1 Complete').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        a
          .getByText(`Today's free race (${free.time} ${free.course}) was withdrawn`, { exact: false })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => a.getByText('None nominated today.', { exact: false }).isVisible()).toBe(true);
    expect(((await api.get('/api/vbg-race-cards-metadata')).json as Record<string, unknown[]>)[today]).toHaveLength(2);
    await admin.context.close();
  });
});
