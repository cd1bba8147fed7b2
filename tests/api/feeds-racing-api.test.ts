import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { londonDate, weekdayOf } from '#shared/london-time';
import { priceSnapshots, raceResultRunners, raceResults } from '#server/db/schema';
import type { FeedRunAnswer, FeedsAnswer } from '#shared/schemas/feeds';
import type { TipRecord } from '#shared/schemas/performance';
import { raceResult, racecardOdds } from '../fixtures/racing-feeds';
import { makeRaceDay, masterForm, raceDayWorkbook, type SampleRace } from '../fixtures/race-day';
import { realRacecardsPage, realResultsPage, realValidationError } from '../fixtures/real/racing-api';
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

async function cardPrices(race = 0, weekday = 'wednesday') {
  const id = (await member.get('/api/vbg-race-cards')).json[weekday][race].id;
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
      limit: '50', // the published maximum
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

  it('leaves out a result for a race not off yet and lists it; its prices and the other results are saved', async () => {
    const [one, two] = races;
    await record(admin, {
      raceDate: DAY,
      raceTime: `${two.time} ${two.course}`,
      selectionName: two.horses[0].name,
      selectionType: 'nap',
      advisedOdds: '5/1',
    });
    // 12:30: the 12:15 is off, the 12:50 is not.
    t.clock.set(new Date(`${DAY}T12:30:00Z`));
    admin = (await signedIn(t, 'admin', 'admin-at-lunch@example.com')).client;
    publishPrices(0);
    api.results = [raceResult(DAY, one, [3, 1, 0, 2, 4]), raceResult(DAY, two, [0, 1, 2, 3, 4])];
    const { status, answer } = await runAnswer();
    expect(status, answer.message).toBe(200);
    expect(answer.feed.state).toBe('ok');
    expect(answer.message).toBe(`${DAY}: 10 new prices, 1 result saved. Not off yet, results not saved: 12:50 Ascot.`);
    expect(answer.feed.unmatched).toEqual([
      {
        date: DAY,
        race: '12:50 Ascot',
        horse: null,
        message: 'Not off yet (off 12:50 London time): its result was not saved.',
      },
    ]);
    expect((await t.ctx.db.select().from(raceResults)).map((r) => r.time)).toEqual([one.time]);
    const nap = ((await admin.get('/api/daily-performance-history')).json as TipRecord[])[0];
    expect(nap.result).toBeNull();
  });

  it('saves results like the analyst’s with source racing-api: positions, SPs, non-runners (no BSPs: the API has none); tips settle', async () => {
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
      [one.horses[0].name, 'ran', null, '12/1', null],
      [one.horses[1].name, 'ran', null, '7/1', null],
      [one.horses[2].name, 'ran', null, '16/1', null],
      [one.horses[3].name, 'won', 1, '5/2', null],
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

  it("keeps the analyst's result and fills in its missing starting prices when the feed agrees", async () => {
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
      ['ran', null, '12/1', null],
      ['placed', 2, '7/1', null],
      ['ran', null, '16/1', null],
      ['won', 1, '5/2', null],
      ['ran', null, '25/1', null],
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

  it('reads a day of results 50 at a time (the published limit), every page', async () => {
    publishPrices(0);
    // 58 races elsewhere come first: the two on the cards are on the second page.
    const elsewhere = Array.from({ length: 58 }, (_, i) => ({
      ...raceResult(DAY, races[i % 2], [0, 1, 2, 3, 4]),
      race_id: `rac_elsewhere_${i}`,
      course: 'Newcastle',
    }));
    api.results = [
      ...elsewhere,
      raceResult(DAY, races[0], [3, 1, 0, 2, 4]),
      raceResult(DAY, races[1], [0, 1, 2, 3, 4]),
    ];
    const { status, answer } = await runAnswer();
    expect(status, answer.message).toBe(200);
    expect(answer.message).toBe(`${DAY}: 10 new prices, 2 results saved. 1 name not matched.`);
    expect(answer.feed.unmatched).toEqual([
      { date: DAY, race: 'Newcastle', horse: null, message: `No race cards at Newcastle on ${DAY}.` },
    ]);
    const pages = api.requests.filter((r) => r.path === '/v1/results');
    expect(pages.map((r) => [r.status, r.query.get('limit'), r.query.get('skip')])).toEqual([
      [200, '50', '0'],
      [200, '50', '50'],
    ]);
    expect(await t.ctx.db.select().from(raceResults)).toHaveLength(2);
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

/** Cards for real races: each race's runners named as the feed names them, without a country suffix. */
async function uploadRealCards(weekday: string, cards: Array<{ time: string; course: string; horses: string[] }>) {
  const runners = Math.max(...cards.map((c) => c.horses.length));
  const sample = makeRaceDay({ races: cards.length, runners, seed: 5 });
  const real = cards.map((card, i) => ({
    ...sample[i],
    time: card.time,
    course: card.course,
    horses: card.horses.map((name, h) => ({
      ...sample[i].horses[h],
      name: name.replace(/\s*\([A-Z]{2,3}\)$/, ''),
      number: h + 1,
      draw: h + 1,
    })),
  }));
  const res = await admin.post(
    '/api/vbg-race-cards/upload-master-excel',
    masterForm(await raceDayWorkbook(real), weekday),
  );
  expect(res.status, res.text).toBe(200);
}

describe('The Racing API on real answers (tests/fixtures/real/racing-api)', () => {
  it("prices each runner at its best bookmaker's fraction, never the Betfair Exchange's decimal", async () => {
    t.clock.set(new Date('2025-10-14T12:43:00Z')); // 13:43 BST, when the racecards were captured
    const page = realRacecardsPage();
    const leicester = page.racecards.find((c) => c.course === 'Leicester')!;
    await uploadRealCards('tuesday', [
      { time: '13:44', course: 'Leicester', horses: leicester.runners.map((r) => r.horse) },
    ]);
    api.racecards = page.racecards; // Chantilly (FR) too: not among the regions asked for
    const { status, answer } = await runAnswer();
    expect(status, answer.message).toBe(200);
    expect(answer.message).toBe('2025-10-14: 10 new prices, 0 results saved.');
    expect(api.requests.map((r) => [r.path, r.status])).toEqual([
      ['/v1/racecards/standard', 200],
      ['/v1/results', 200],
    ]);
    // The exchange was the longest for eight of the ten (4.5, 16, 5.9 …): the best bookmaker's price is the card's.
    expect(await cardPrices(0, 'tuesday')).toEqual([
      [4.33, '10/3'], // Raging Raj: Bet Goodwin, BetMGM and others
      [15, '14/1'], // Born To Bright
      [81, '80/1'], // Warriors Choice: Bet365's 80/1 is longer than the exchange's 80
      [5.5, '9/2'], // Supreme Dancer
      [6.5, '11/2'], // Thisonesforyou
      [13, '12/1'], // Truly Special
      [3.5, '5/2'], // Bird Of War
      [21, '20/1'], // Mr Nippy
      [71, '70/1'], // Secret Testimony
      [26, '25/1'], // Gullane Girl
    ]);
  });

  it('saves real results: places by UK terms, SPs without the favourite mark, the named non-runner, no BSP', async () => {
    t.clock.set(new Date('2025-10-13T19:30:00Z')); // 20:30 BST, after both races
    const page = realResultsPage();
    const [late, early] = page.results; // the API lists the latest first
    await uploadRealCards('monday', [
      { time: '19:40', course: 'Kempton', horses: early.runners.map((r) => r.horse) },
      { time: '20:10', course: 'Kempton', horses: [...late.runners.map((r) => r.horse), 'Miss Chester'] },
    ]);
    api.results = page.results;
    const { status, answer } = await runAnswer();
    expect(status, answer.message).toBe(200);
    expect(answer.message).toBe('2025-10-13: 0 new prices, 2 results saved.');
    expect(answer.feed.unmatched).toEqual([]);
    const asked = api.requests.find((r) => r.path === '/v1/results')!;
    expect([asked.status, asked.query.get('limit'), asked.query.getAll('region')]).toEqual([200, '50', ['gb', 'ire']]);

    const [row] = await t.ctx.db.select().from(raceResults).where(eq(raceResults.time, '20:10'));
    expect(row).toMatchObject({ raceDate: '2025-10-13', course: 'Kempton', source: 'racing-api' });
    const runners = await t.ctx.db
      .select()
      .from(raceResultRunners)
      .where(eq(raceResultRunners.resultId, row.id))
      .orderBy(asc(raceResultRunners.id));
    // Ten ran in a handicap: three places. Jet Black and Pergola were joint favourites ("7/2J").
    expect(runners.map((r) => [r.name, r.finish, r.position, r.startingPrice, r.bsp])).toEqual([
      ['Veraison', 'won', 1, '17/2', null],
      ['Jet Black', 'placed', 2, '7/2', null],
      ['Nanny Park', 'placed', 3, '5/1', null],
      ['Pergola', 'ran', null, '7/2', null],
      ['Safe And Sound', 'ran', null, '9/1', null],
      ['Wondrous Light', 'ran', null, '13/2', null],
      ['Cloaks Of Gold', 'ran', null, '12/1', null],
      ['Tap Dancer', 'ran', null, '28/1', null],
      ['Shaffron', 'ran', null, '11/1', null],
      ['Lieutenant Lily', 'ran', null, '20/1', null],
      ['Miss Chester', 'nr', null, null, null],
    ]);
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

  it('results failing after the prices were read: the prices are saved, the feed shows the failure and keeps its interval', async () => {
    publishPrices(0);
    api.results = [raceResult(DAY, races[0], [3, 1, 0, 2, 4])];
    api.failing = { path: '/v1/results', status: 503 };
    const failed = await runAnswer();
    expect(failed.status).toBe(502);
    expect(failed.answer.feed).toMatchObject({ state: 'failing', failures: 1 });
    expect(failed.answer.message).toBe(
      `Saved what was read (${DAY}: 10 new prices, 0 results saved), then: The Racing API answered 503 for /v1/results. 1 failure in a row. Next attempt in ${INTERVAL_S} s.`,
    );
    near(failed.answer.feed.nextAttemptAt, t.clock.now().getTime() + INTERVAL_S * 1000);
    expect(await cardPrices()).toEqual([
      [3.5, '5/2'],
      [4.5, '7/2'],
      [5.5, '9/2'],
      [6.5, '11/2'],
      [7.5, '13/2'],
    ]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);

    api.failing = null;
    t.clock.advance(INTERVAL_S * 1000);
    const back = await runAnswer();
    expect(back.answer.feed).toMatchObject({ state: 'ok', failures: 0 });
    expect(back.answer.message).toBe(`${DAY}: 0 new prices, 1 result saved.`);
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

describe('the local Racing API keeps to its published OpenAPI', () => {
  const basic = () => ({
    authorization: `Basic ${Buffer.from(`${api.username}:${api.password}`).toString('base64')}`,
  });
  it('refuses a request without HTTP Basic credentials (401), and a limit or skip outside its published range (422, the API’s error shape)', async () => {
    expect((await fetch(`${api.url}/v1/results?limit=10`)).status).toBe(401);
    const tooMany = await fetch(`${api.url}/v1/results?start_date=${DAY}&end_date=${DAY}&limit=100&skip=0`, {
      headers: basic(),
    });
    expect(tooMany.status).toBe(422);
    const body = (await tooMany.json()) as { detail: Array<Record<string, unknown>> };
    expect(body).toEqual({
      detail: [
        {
          loc: ['query', 'limit'],
          msg: 'ensure this value is less than or equal to 50',
          type: 'value_error.number.not_le',
          ctx: { limit_value: 50 },
        },
      ],
    });
    // Each error carries the fields of the API's own captured 422 answer.
    expect(Object.keys(body.detail[0])).toEqual(expect.arrayContaining(Object.keys(realValidationError().detail[0])));
    const wrong = await fetch(`${api.url}/v1/results?limit=0&skip=ten`, { headers: basic() });
    expect(((await wrong.json()) as { detail: Array<{ loc: string[]; type: string }> }).detail).toEqual([
      expect.objectContaining({ loc: ['query', 'limit'], type: 'value_error.number.not_ge' }),
      expect.objectContaining({ loc: ['query', 'skip'], type: 'type_error.integer' }),
    ]);
  });
  it('answers a third request within a second 429 with Retry-After: 1 (the published 2 requests a second)', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => fetch(`${api.url}/v1/racecards/standard?day=today`, { headers: basic() })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    expect(answers.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('1');
  });
});
