import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { londonDate, weekdayOf } from '#shared/london-time';
import { priceSnapshots, raceResultRunners, raceResults } from '#server/db/schema';
import type { FeedRunAnswer, FeedsAnswer } from '#shared/schemas/feeds';
import type { TipRecord } from '#shared/schemas/performance';
import { raceResult, racecardOdds, sampleBsp } from '../fixtures/racing-feeds';
import type { SampleRace } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { RacingApiServer } from '../support/racing-feeds';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { record } from './performance-helpers';
import { enterResults, uploadCards } from './race-results-helpers';

/**
 * The Racing API, served by a local stand-in that checks HTTP Basic credentials and allows 2
 * requests a second: today's bookmaker prices become the cards' prices, results are saved like the
 * analyst's with source racing-api, and a rate limit or an outage backs off while the site keeps
 * its last prices.
 */
const DAY = '2026-11-25'; // a Wednesday, GMT
const INTERVAL_S = 300;

let api: RacingApiServer;
let t: TestApp;
let admin: HttpClient;
let member: HttpClient;
let races: SampleRace[];

const env = (over: Record<string, string> = {}) => ({
  RACING_DATA_PROVIDERS: 'racing-api',
  RACING_API_BASE_URL: api.url,
  RACING_API_USERNAME: api.username,
  RACING_API_PASSWORD: api.password,
  RACING_API_POLL_SECONDS: String(INTERVAL_S),
  ...over,
});

beforeAll(async () => {
  api = await RacingApiServer.start();
  t = await startTestApp(env());
});
afterAll(async () => {
  await t.close();
  await api.close();
});
beforeEach(async () => {
  await t.reset();
  api.reset();
  // Racing at 12:15 and 12:50; prices and results are both asked for while any race lacks its result.
  t.clock.set(new Date(`${DAY}T13:30:00Z`));
  admin = (await signedIn(t, 'admin')).client;
  member = (await signedIn(t, 'member')).client;
  races = await uploadCards(admin, 'wednesday'); // 12:15 and 12:50 Ascot, five runners each
});

/** Each runner's odds at two bookmakers; the longest is its price. */
function pricesAt(step: number) {
  return races.map((race) =>
    race.horses.map((_h, i): Array<[string, string, string]> => [
      ['Bet365', `${i + 2 + step}/1`, String(i + 3 + step)],
      ['Paddy Power', `${2 * (i + 2 + step) + 1}/2`, String(i + 3.5 + step)],
    ]),
  );
}
const publishPrices = (step: number) =>
  (api.racecards = races.map((race, r) => racecardOdds(DAY, race, pricesAt(step)[r])));

const run = () => admin.post('/api/admin/feeds/racing-api/run');
const runAnswer = async () => {
  const res = await run();
  return { status: res.status, answer: res.json as FeedRunAnswer };
};

async function cardPrices(race = 0) {
  const id = (await member.get('/api/vbg-race-cards')).json.wednesday[race].id;
  const card = (await member.get(`/api/vbg-race-cards/race/${id}`)).json;
  return card.horses.map((h: { bookieOdds: number; bookieOddsText: string }) => [h.bookieOdds, h.bookieOddsText]);
}

function near(iso: string | null, expected: number) {
  expect(Math.abs(Date.parse(iso ?? '') - expected), `${iso} near ${new Date(expected).toISOString()}`).toBeLessThan(
    5000,
  );
}

describe('The Racing API', () => {
  it("turns today's best bookmaker prices into the cards' prices, asking no more than twice a second with the credentials", async () => {
    publishPrices(0);
    const { status, answer } = await runAnswer();
    expect(status, answer.message).toBe(200);
    expect(answer.feed).toMatchObject({
      provider: 'racing-api',
      configured: true,
      state: 'ok',
      failures: 0,
      unmatched: [],
    });
    expect(answer.message).toBe(`${DAY}: 10 new prices, 0 results saved.`);
    // The longest of the two bookmakers, written as its fraction: Paddy Power's 5/2 (3.5) over Bet365's 2/1 (3).
    expect(await cardPrices()).toEqual([
      [3.5, '5/2'],
      [4.5, '7/2'],
      [5.5, '9/2'],
      [6.5, '11/2'],
      [7.5, '13/2'],
    ]);
    expect(api.requests.map((r) => [r.path, r.status])).toEqual([
      ['/v1/racecards/standard', 200],
      ['/v1/results', 200],
    ]);
    expect(api.requests[0].query.getAll('region_codes')).toEqual(['gb', 'ire']);
    expect(Object.fromEntries(api.requests[1].query)).toMatchObject({
      start_date: DAY,
      end_date: DAY,
      limit: '100',
      skip: '0',
    });
    expect(api.requests[1].at - api.requests[0].at).toBeGreaterThanOrEqual(500); // 2 a second at most

    // Ten minutes on, the market moved for the first race only: only moved prices are new snapshots.
    t.clock.advance(600_000);
    api.racecards = [racecardOdds(DAY, races[0], pricesAt(1)[0]), racecardOdds(DAY, races[1], pricesAt(0)[1])];
    expect((await runAnswer()).answer.message).toBe(`${DAY}: 5 new prices, 0 results saved.`);
    expect((await cardPrices())[0]).toEqual([4.5, '7/2']);
    const history = await t.ctx.db
      .select()
      .from(priceSnapshots)
      .where(eq(priceSnapshots.horseName, races[0].horses[0].name))
      .orderBy(asc(priceSnapshots.observedAt));
    expect(history.map((s) => [s.source, s.price])).toEqual([
      ['racing-api', 3.5],
      ['racing-api', 4.5],
    ]);
    expect(api.requests.filter((r) => r.status === 429)).toEqual([]);
  });

  it('saves results like the analyst’s with source racing-api: positions, SPs, BSPs, non-runners; tips settle', async () => {
    const [one, two] = races;
    await record(admin, {
      raceDate: DAY,
      raceTime: `${one.time} ${one.course}`,
      selectionName: one.horses[3].name,
      selectionType: 'nap',
      advisedOdds: '6/1',
    });
    await record(admin, {
      raceDate: DAY,
      raceTime: `${two.time} ${two.course}`,
      selectionName: two.horses[4].name,
      selectionType: 'nb',
      advisedOdds: '8/1',
    });
    publishPrices(0);
    api.results = [
      raceResult(DAY, one, [3, 1, 0, 2], { nonRunners: [4] }),
      raceResult(DAY, two, [0, 1, 2, 3, 4], { courseName: 'Ascot (GB)' }),
    ];
    const { status, answer } = await runAnswer();
    expect(status, answer.message).toBe(200);
    expect(answer.message).toMatch(
      new RegExp(
        `^${DAY}: 10 new prices, 2 results saved, settled ${one.horses[3].name} WON, ${two.horses[4].name} LOST\\.$`,
      ),
    );

    const [row] = await t.ctx.db.select().from(raceResults).where(eq(raceResults.time, one.time));
    expect(row).toMatchObject({ source: 'racing-api', enteredBy: null });
    const runners = await t.ctx.db
      .select()
      .from(raceResultRunners)
      .where(eq(raceResultRunners.resultId, row.id))
      .orderBy(asc(raceResultRunners.id));
    // Four ran: no places are paid, so only the winner has a position.
    expect(runners.map((r) => [r.name, r.finish, r.position, r.startingPrice, r.bsp])).toEqual([
      [one.horses[0].name, 'ran', null, '12/1', sampleBsp(0)],
      [one.horses[1].name, 'ran', null, '7/1', sampleBsp(1)],
      [one.horses[2].name, 'ran', null, '16/1', sampleBsp(2)],
      [one.horses[3].name, 'won', 1, '5/2', sampleBsp(3)],
      [one.horses[4].name, 'nr', null, null, null],
    ]);
    const tips = Object.fromEntries(
      ((await admin.get('/api/daily-performance-history')).json as TipRecord[]).map((r) => [r.selectionType, r]),
    );
    expect(tips.nap).toMatchObject({ result: 'WON', startingPrice: '5/2', profitLoss: 6 });
    expect(tips.nb).toMatchObject({ result: 'LOST', profitLoss: -1 });
    // Every race resulted: the feed has nothing more to do today.
    t.clock.advance(INTERVAL_S * 1000);
    expect((await runAnswer()).answer.message).toBe(`${DAY}: 0 new prices, 0 results saved.`);
  });

  it("keeps the analyst's result and fills in its missing starting prices and the BSPs when the feed agrees", async () => {
    const [one] = races;
    expect(
      (await enterResults(admin, DAY, [`${one.time} ${one.course}: ${one.horses[3].name}, ${one.horses[1].name}`]))
        .status,
    ).toBe(200);
    api.results = [raceResult(DAY, one, [3, 1, 0, 2, 4])];
    const { answer } = await runAnswer();
    expect(answer.message).toMatch(/0 results saved, 1 result given BSPs or SPs/);
    const [row] = await t.ctx.db.select().from(raceResults).where(eq(raceResults.time, one.time));
    expect(row.source).toBe('manual');
    const runners = await t.ctx.db
      .select()
      .from(raceResultRunners)
      .where(eq(raceResultRunners.resultId, row.id))
      .orderBy(asc(raceResultRunners.id));
    expect(runners.map((r) => [r.finish, r.position, r.startingPrice, r.bsp])).toEqual([
      ['ran', null, '12/1', sampleBsp(0)],
      ['placed', 2, '7/1', sampleBsp(1)],
      ['ran', null, '16/1', sampleBsp(2)],
      ['won', 1, '5/2', sampleBsp(3)],
      ['ran', null, '25/1', sampleBsp(4)],
    ]);
  });

  it('lists what it cannot match: a race not on the cards, a horse not among its runners (that race is not settled)', async () => {
    const [one] = races;
    const wrong = raceResult(DAY, one, [3, 1, 0, 2, 4]);
    wrong.runners[1].horse = 'Mister Nobody';
    api.results = [wrong, { ...raceResult(DAY, races[1], [0, 1]), course: 'Wolverhampton (AW)' }];
    const { answer } = await runAnswer();
    expect(answer.feed.unmatched).toEqual([
      {
        date: DAY,
        race: `${one.time} ${one.course}`,
        horse: 'Mister Nobody',
        message: `Mister Nobody is not a runner in ${one.time} ${one.course} on the cards.`,
      },
      { date: DAY, race: 'Wolverhampton (AW)', horse: null, message: `No race cards at Wolverhampton (AW) on ${DAY}.` },
    ]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
    expect(answer.message).toMatch(/2 names not matched\./);
  });

  it('refused credentials: the feed is failing and says which settings to check', async () => {
    const wrong = await startTestApp(env({ RACING_API_PASSWORD: 'not the password' }));
    try {
      wrong.clock.set(new Date(`${DAY}T11:00:00Z`));
      const boss = (await signedIn(wrong, 'admin')).client;
      await uploadCards(boss, 'wednesday');
      const res = await boss.post('/api/admin/feeds/racing-api/run');
      expect(res.status).toBe(502);
      expect((res.json as FeedRunAnswer).feed).toMatchObject({ state: 'failing', failures: 1 });
      expect(res.json.message).toMatch(
        /^The Racing API refused the credentials \(401\): check RACING_API_USERNAME and RACING_API_PASSWORD/,
      );
    } finally {
      await wrong.close();
    }
  });
});

describe('when The Racing API fails', () => {
  it('rate limited (429): backs off past its Retry-After, says so, refuses Run now until then; the cards keep their last prices', async () => {
    publishPrices(0);
    expect((await runAnswer()).status).toBe(200);
    const before = await cardPrices();

    publishPrices(3);
    api.rateLimit(120);
    t.clock.advance(60_000);
    const limited = await runAnswer();
    expect(limited.status).toBe(502);
    expect(limited.answer.feed).toMatchObject({ state: 'rate-limited', failures: 1 });
    expect(limited.answer.message).toBe(
      'The Racing API answered 429 (too many requests); it asked us to wait 120 s. Backing off: next attempt in 600 s.',
    );
    near(limited.answer.feed.nextAttemptAt, t.clock.now().getTime() + 600_000);
    expect(await cardPrices()).toEqual(before);
    expect((await member.get('/api/vbg-race-cards')).status).toBe(200);

    const early = await run();
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(
      /^The Racing API asked us to slow down: the next attempt is at \d\d:\d\d \(London\)\. Try again then\.$/,
    );
    expect(api.requests.filter((r) => r.status === 429)).toHaveLength(1); // Run now did not ask again

    const admins = (await admin.get('/api/admin/feeds')).json as FeedsAnswer;
    expect(admins.feeds.find((f) => f.provider === 'racing-api')).toMatchObject({ state: 'rate-limited', failures: 1 });
  });

  it('down (503): failing, backing off longer each time; back: ok again with new prices', async () => {
    publishPrices(0);
    expect((await runAnswer()).status).toBe(200);
    const before = await cardPrices();
    api.outage = 503;
    publishPrices(2);

    const first = await runAnswer();
    expect(first.status).toBe(502);
    expect(first.answer.feed).toMatchObject({ state: 'failing', failures: 1 });
    expect(first.answer.message).toBe(
      'The Racing API answered 503 for /v1/racecards/standard. 1 failure in a row; the site keeps its last prices. Next attempt in 600 s.',
    );
    const second = await runAnswer();
    expect(second.answer.feed.failures).toBe(2);
    expect(second.answer.message).toMatch(/2 failures in a row; .* Next attempt in 1200 s\.$/);
    near(second.answer.feed.nextAttemptAt, t.clock.now().getTime() + 1_200_000);
    expect(await cardPrices()).toEqual(before);
    expect(await t.ctx.db.select().from(priceSnapshots)).toHaveLength(10);

    api.outage = null;
    const back = await runAnswer();
    expect(back.status).toBe(200);
    expect(back.answer.feed).toMatchObject({ state: 'ok', failures: 0 });
    expect((await cardPrices())[0]).toEqual([5.5, '9/2']);
  });
});

describe('the poller on its own', () => {
  it('polls on its interval and waits out a Retry-After before asking again', async () => {
    // Real time here: the poller's clock is the app's, and the stand-in's limit is real seconds.
    const polling = await startTestApp(env({ RACING_API_POLL_SECONDS: '1' }), { feedPolling: true });
    try {
      const today = londonDate(new Date());
      const boss = (await signedIn(polling, 'admin')).client;
      const sample = await uploadCards(boss, weekdayOf(today));
      api.racecards = sample.map((race, r) => racecardOdds(today, race, pricesAt(0)[r]));
      const status = async () =>
        ((await boss.get('/api/admin/feeds')).json as FeedsAnswer).feeds.find((f) => f.provider === 'racing-api')!;
      await expect.poll(async () => (await status()).state, { timeout: 15_000 }).toBe('ok');
      expect(((await boss.get('/api/admin/feeds')).json as FeedsAnswer).thisInstancePolls).toBe(true);

      api.rateLimit(3);
      await expect.poll(async () => (await status()).state, { timeout: 15_000 }).toBe('rate-limited');
      await expect.poll(async () => (await status()).state, { timeout: 15_000 }).toBe('ok');
      // Polling every second, it would have met the 3-second limit again had it not waited.
      expect(api.requests.filter((r) => r.status === 429)).toHaveLength(1);
    } finally {
      await polling.close();
    }
  });
});
