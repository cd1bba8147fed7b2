import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonDate, londonInstant, weekdayOf } from '#shared/london-time';
import { memberBets } from '#server/db/schema';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { enterResults, resultLine } from '../api/race-results-helpers';
import { DESKTOP, capture, startJourney } from '../support/browser';
import { createAccount, signedIn } from '../support/users';

// A member whose each-way bets were logged before the per-part rule (decision 0034) is told once on
// My Bets what their record read before and reads now, and can dismiss it for good.
let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());

const MIGRATIONS = path.resolve('src/server/db/migrations');

describe('My Bets after the each-way change', () => {
  it('shows the record before and now until the member dismisses it', { timeout: 120_000 }, async () => {
    // Yesterday at 13:00, after the race's 12:15 off (its result can be entered), and before the
    // upgrade below, whose migration dates the notice by the database's own clock.
    const today = addDays(londonDate(j.app.clock.now()), -1);
    j.app.clock.set(londonInstant(today, '13:00'));
    const { client: admin } = await signedIn(j.app, 'admin');
    const [race] = makeRaceDay({ races: 1, runners: 6, seed: 31 });
    const upload = await admin.post(
      '/api/vbg-race-cards/upload-master-excel',
      masterForm(await raceDayWorkbook([race]), weekdayOf(today)),
    );
    expect(upload.status).toBe(200);
    expect((await enterResults(admin, today, [resultLine(race, [0, 1])])).status).toBe(200);
    const member = await createAccount(j.app, 'member', 'ew.page@example.com');
    // As the earlier code stored them, then the upgrade's migration runs.
    const bet = (horse: number, price: string, stakePence: number, eachWay: boolean) => ({
      userId: member.id,
      raceDate: today,
      raceTime: race.time,
      course: race.course,
      horseName: race.horses[horse].name,
      price,
      stakePence,
      eachWay,
      source: 'race-card',
      createdAt: new Date(j.app.clock.now().getTime() - 60_000),
    });
    await j.app.ctx.db
      .insert(memberBets)
      .values([bet(0, '9/2', 1000, false), bet(0, '2/1', 800, true), bet(1, '4/1', 100, true)]);
    const migration = readdirSync(MIGRATIONS).find((f) => /^\d{4}_each-way-notice-due\.sql$/.test(f))!;
    await j.app.ctx.db.execute(sql.raw(readFileSync(path.join(MIGRATIONS, migration), 'utf8')));

    const { page, context } = await j.newPage(DESKTOP);
    await j.signIn(page, 'ew.page@example.com');
    await page.goto('/my-bets');
    const notice = page.getByRole('region', { name: 'Your each-way bets now count the stake on each part' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.getByText('Before: profit £55.00, ROI 289.5% on £19.00 staked.').isVisible()).toBe(true);
    expect(await notice.getByText('Now: profit £65.00, ROI 232.1% on £28.00 staked.').isVisible()).toBe(true);
    await capture(page, 'my-bets-each-way-notice');

    await notice.getByRole('button', { name: 'Got it, don’t show again' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByText('Total staked').first().isVisible()).toBe(true);
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});
