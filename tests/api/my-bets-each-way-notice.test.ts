import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EachWayChange } from '#shared/my-bets';
import { memberBets, outbox } from '#server/db/schema';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { enterResults, resultLine } from './race-results-helpers';

// Decision 0034 made an each-way bet's stored stake the stake on each part (it was the whole
// outlay, half to each part), which changed the record of every member who had logged each-way
// bets. Each is told once, with the figures before and after: on My Bets until dismissed, and in
// the next e-mail they get.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 18:00 London (GMT): the day's racing is over.
  t.clock.set(new Date('2026-11-22T18:00:00Z'));
});

const TODAY = '2026-11-22';
const MIGRATIONS = path.resolve('src/server/db/migrations');

/** The migration that marks who is due the notice, run as the upgrade runs it (after the bets were logged). */
async function upgrade() {
  const file = readdirSync(MIGRATIONS).find((f) => /^\d{4}_each-way-notice-due\.sql$/.test(f));
  if (!file) throw new Error('the each-way notice migration is missing');
  await t.ctx.db.execute(sql.raw(readFileSync(path.join(MIGRATIONS, file), 'utf8')));
}

/** One race of six runners (two places at 1/4), resulted: horse 0 won, horse 1 second. */
async function resultedRace() {
  const { client: admin } = await signedIn(t, 'admin');
  const [race] = makeRaceDay({ races: 1, runners: 6, seed: 31 });
  const upload = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook([race]), 'sunday'),
  );
  expect(upload.status).toBe(200);
  expect((await enterResults(admin, TODAY, [resultLine(race, [0, 1])])).status).toBe(200);
  return race;
}

type Race = Awaited<ReturnType<typeof resultedRace>>;

/** Rows as the earlier code stored them: `stakePence` is what the member typed. */
function stored(userId: number, race: Race, horse: number, price: string, stakePence: number, eachWay: boolean) {
  return {
    userId,
    raceDate: TODAY,
    raceTime: race.time,
    course: race.course,
    horseName: race.horses[horse].name,
    price,
    stakePence,
    eachWay,
    source: 'race-card',
    createdAt: t.clock.now(),
  };
}

const noticeOf = async (client: HttpClient) => {
  const res = await client.get('/api/my-bets/each-way-notice');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-cache');
  return (res.json as { notice: EachWayChange | null }).notice;
};

/** The reported member: £10 win at 9/2 (won), £8 e/w at 2/1 (won), £1 e/w at 4/1 (second). */
async function reportedMember(race: Race) {
  const member = await signedIn(t, 'member', 'ew.punter@example.com');
  await t.ctx.db
    .insert(memberBets)
    .values([
      stored(member.user.id, race, 0, '9/2', 1000, false),
      stored(member.user.id, race, 0, '2/1', 800, true),
      stored(member.user.id, race, 1, '4/1', 100, true),
    ]);
  return member;
}

const BEFORE = { stakedPence: 1900, profitPence: 5500, roi: 289.5 };
const AFTER = { stakedPence: 2800, profitPence: 6500, roi: 232.1 };

describe('the each-way notice', () => {
  it('shows a member with each-way bets from before the change their record before and after, until dismissed', async () => {
    const race = await resultedRace();
    const { client: before } = await reportedMember(race);
    // Nothing is due before the upgrade has run.
    expect(await noticeOf(before)).toBeNull();
    await upgrade();
    // The migration stamps the database's own time; the app's clock moves on past it (a new session).
    t.clock.set(new Date(Date.now() + 60_000));
    const member = t.client();
    expect((await member.post('/api/login', { email: 'ew.punter@example.com', password: PASSWORD })).status).toBe(200);
    // The record today reads the new way; the notice says what it read before.
    const bets = (await member.get('/api/my-bets')).json as { stats: Record<string, number> };
    expect(bets.stats).toMatchObject(AFTER);
    expect(await noticeOf(member)).toEqual({ bets: 3, eachWayBets: 2, before: BEFORE, after: AFTER });

    // A bet logged after the upgrade was logged per part: it changes nothing in the notice.
    const later = await member.post('/api/my-bets', {
      raceDate: TODAY,
      raceTime: race.time,
      course: race.course,
      horseName: race.horses[1].name,
      price: '4/1',
      stake: 2,
      eachWay: true,
    });
    expect(later.status).toBe(200);
    expect(await noticeOf(member)).toEqual({ bets: 3, eachWayBets: 2, before: BEFORE, after: AFTER });

    const dismissed = await member.post('/api/my-bets/each-way-notice/dismiss');
    expect(dismissed.status).toBe(200);
    expect(await noticeOf(member)).toBeNull();
    // Dismissing again changes nothing; the upgrade running again shows nothing again.
    expect((await member.post('/api/my-bets/each-way-notice/dismiss')).status).toBe(200);
    await upgrade();
    expect(await noticeOf(member)).toBeNull();
  });

  it('members with only win bets, or each-way bets logged after the change, see nothing', async () => {
    const race = await resultedRace();
    const winOnly = await signedIn(t, 'member', 'win.only@example.com');
    await t.ctx.db.insert(memberBets).values([stored(winOnly.user.id, race, 0, '9/2', 1000, false)]);
    await upgrade();
    expect(await noticeOf(winOnly.client)).toBeNull();
    const newcomer = await signedIn(t, 'member', 'newcomer@example.com');
    const logged = await newcomer.client.post('/api/my-bets', {
      raceDate: TODAY,
      raceTime: race.time,
      course: race.course,
      horseName: race.horses[0].name,
      price: '2/1',
      stake: 8,
      eachWay: true,
    });
    expect(logged.status).toBe(200);
    expect(await noticeOf(newcomer.client)).toBeNull();
    // Dismissing with nothing due records nothing to dismiss.
    expect((await newcomer.client.post('/api/my-bets/each-way-notice/dismiss')).status).toBe(200);
    // Members only.
    expect((await t.client().get('/api/my-bets/each-way-notice')).status).toBe(401);
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await nonMember.get('/api/my-bets/each-way-notice')).status).toBe(403);
  });

  it('the next e-mail the member gets carries the notice once, whether or not it was dismissed on My Bets', async () => {
    const race = await resultedRace();
    const { client: member } = await reportedMember(race);
    const winOnly = await signedIn(t, 'member', 'win.only@example.com');
    await t.ctx.db.insert(memberBets).values([stored(winOnly.user.id, race, 0, '9/2', 1000, false)]);
    await upgrade();
    expect((await member.post('/api/my-bets/each-way-notice/dismiss')).status).toBe(200);

    const mailsTo = (recipient: string) =>
      t.ctx.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id);
    expect((await t.client().post('/api/forgot-password', { email: 'ew.punter@example.com' })).status).toBe(200);
    const [first] = await mailsTo('ew.punter@example.com');
    expect(first.text).toContain('Your each-way bets now count the stake on each part');
    expect(first.text).toContain('Before: profit £55.00, ROI 289.5% on £19.00 staked.');
    expect(first.text).toContain('Now: profit £65.00, ROI 232.1% on £28.00 staked.');
    expect(first.html).toContain('Before: profit £55.00, ROI 289.5% on £19.00 staked.');

    t.clock.advance(60_000);
    expect((await t.client().post('/api/forgot-password', { email: 'ew.punter@example.com' })).status).toBe(200);
    const mails = await mailsTo('ew.punter@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).not.toContain('each-way');

    expect((await t.client().post('/api/forgot-password', { email: 'win.only@example.com' })).status).toBe(200);
    const [other] = await mailsTo('win.only@example.com');
    expect(other.text).not.toContain('each-way');
  });
});
