import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { londonDate } from '#shared/london-time';
import type { MyDataExport } from '#shared/schemas/account';
import { memberBets, users } from '#server/db/schema';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { PASSWORD, createAccount } from '../support/users';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

describe('a member’s data rights in My Account', () => {
  it('downloads everything held about them, and takes a break from the e-mails', async () => {
    const member = await createAccount(j.app, 'member', 'reader@example.com');
    await j.app.ctx.db.insert(memberBets).values({
      userId: member.id,
      raceDate: '2026-11-20',
      raceTime: '14:10',
      course: 'Ascot',
      horseName: 'Northern Star',
      price: '5/1',
      stakePence: 500,
    });
    const { page } = await j.newPage(PHONE);
    await j.signIn(page, 'reader@example.com');
    await page.goto('/my-account');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`vbg-my-data-${londonDate(j.app.clock.now())}.json`);
    const data = JSON.parse(await text(await download.createReadStream())) as MyDataExport;
    expect(data.account.email).toBe('reader@example.com');
    expect(data.bets.map((b) => b.horseName)).toEqual(['Northern Star']);
    expect(data.sessions.filter((s) => s.thisDevice)).toHaveLength(1);

    // A date more than a year on is refused at the field as soon as it is left, before any submit.
    await page.getByLabel('Pause for').selectOption({ label: 'Until a date…' });
    const until = page.getByLabel('E-mails start again on');
    await until.fill('2099-01-01');
    await until.blur();
    await expect.poll(() => until.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByText('Choose a date after today, within a year.').isVisible()).toBe(true);

    // Pause the e-mails for 30 days; the card says until when, and the pause can be ended.
    await page.getByLabel('Pause for').selectOption('30');
    await page.getByRole('button', { name: 'Pause e-mails' }).click();
    const status = page.locator('#email-pause [role="status"]');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Member e-mails are paused\. They start again on \w+ \d{1,2} \w+ \d{4}\.$/);
    const [stored] = await j.app.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(stored.emailPausedUntil).not.toBeNull();
    await capture(page, 'account-email-paused');
    await page.getByRole('button', { name: 'End the pause now' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Pause e-mails' }).isVisible()).toBe(true);
    expect((await j.app.ctx.db.select().from(users).where(eq(users.id, member.id)))[0].emailPausedUntil).toBeNull();
  });

  it('deletes the account after the password, saying what is kept; a wrong password changes nothing', async () => {
    const member = await createAccount(j.app, 'member', 'leaving@example.com');
    const { page } = await j.newPage(PHONE);
    await j.signIn(page, 'leaving@example.com');
    await page.goto('/my-account');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain('for 6 years, as HMRC requires');
    await capture(page, 'account-delete-dialog');

    expectFailures(page, { url: /\/api\/my-account$/, status: 400 });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Your password is incorrect. Your account has not been deleted.');
    expect((await j.app.ctx.db.select().from(users).where(eq(users.id, member.id)))[0].email).toBe(
      'leaving@example.com',
    );

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('Account deleted', { exact: true }).isVisible()).toBe(true);
    // Signed out: the header offers Sign In, and the session cookie is gone.
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).first().isVisible()).toBe(true);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('vbg_session');
    expect((await j.app.ctx.db.select().from(users).where(eq(users.id, member.id)))[0]).toMatchObject({
      email: `deleted-${member.id}@invalid`,
      passwordHash: null,
    });
    await capture(page, 'account-deleted');
  });
});
