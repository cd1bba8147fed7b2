import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { feedStatus, priceSnapshots, raceResultRunners, raceResults } from '#server/db/schema';
import { bspFileName } from '#shared/bsp-file';
import type { BspUploadAnswer, FeedRunAnswer, FeedsAnswer } from '#shared/schemas/feeds';
import type { MyBetsResponse } from '#shared/schemas/my-bets';
import type { TipRecord } from '#shared/schemas/performance';
import { addDays } from '#shared/london-time';
import { bspCsv, sampleBsp, type BspRace } from '../fixtures/racing-feeds';
import type { SampleRace } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { BspFileServer } from '../support/racing-feeds';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { record } from './performance-helpers';
import { enterResults, resultLine, uploadCards } from './race-results-helpers';

/**
 * Betfair's BSP files, fetched from a local file server by their documented names (or uploaded by
 * the admin): each runner's BSP kept as a `bsp` snapshot and on its result, races settled from
 * the win and place markets, the analyst's own results left standing, unmatched names listed.
 * As on Betfair's site, a day's races are in the file named for the next day, published that day.
 */
const DAY = '2026-11-25'; // a Wednesday, GMT
const NEXT = '2026-11-26';
const WIN = 'dwbfpricesukwin25112026.csv';
const PLACE = 'dwbfpricesukplace25112026.csv';
const WIN_NEXT = 'dwbfpricesukwin26112026.csv';
const PLACE_NEXT = 'dwbfpricesukplace26112026.csv';

let t: TestApp;
let betfair: BspFileServer;
let admin: HttpClient;
let races: SampleRace[];

beforeAll(async () => {
  betfair = await BspFileServer.start(() => t.clock.now());
  t = await startTestApp({ RACING_DATA_PROVIDERS: 'bsp', BSP_BASE_URL: betfair.url, BSP_COUNTRIES: 'uk' });
});
afterAll(async () => {
  await t.close();
  await betfair.close();
});
beforeEach(async () => {
  await t.reset();
  betfair.files.clear();
  betfair.requests.length = 0;
  betfair.outage = null;
  t.clock.set(new Date(`${DAY}T18:00:00Z`)); // after racing
  admin = (await signedIn(t, 'admin')).client;
  races = await uploadCards(admin, 'wednesday'); // 12:15 and 12:50 Ascot, five runners each
});

/** Race 1: horse 2 won, 0 and 4 placed (three places); race 2: horse 1 won, 3 placed. */
const standard = (): BspRace[] => [
  { race: races[0], order: [2, 0, 4, 1, 3], placed: 3 },
  { race: races[1], order: [1, 3, 0, 2, 4], placed: 2 },
];

/** A day's win and place files as Betfair publishes them: named for the next day (or for `named`). */
function publish(list: BspRace[], date = DAY, named = addDays(date, 1)) {
  betfair.files.set(bspFileName('uk', 'win', named), bspCsv(date, 'win', list));
  betfair.files.set(bspFileName('uk', 'place', named), bspCsv(date, 'place', list));
}
/** The clock at 09:00 the morning after racing (Betfair's files of DAY are there from then), the admin signed in again. */
async function morningAfter(at = `${NEXT}T09:00:00Z`) {
  t.clock.set(new Date(at));
  admin = (await signedIn(t, 'admin', 'admin-next-morning@example.com')).client;
}
/** The member signed in again after the clock moved on (a new session). */
async function memberAgain() {
  const client = t.client();
  expect((await client.post('/api/login', { email: 'member@example.com', password: PASSWORD })).status).toBe(200);
  return client;
}
const run = () => admin.post('/api/admin/feeds/bsp/run');
/** A run of the feed, with the test clock read just before and just after it. */
async function timedRun() {
  const from = t.clock.now().getTime();
  const res = await run();
  return { res, from, to: t.clock.now().getTime() };
}
/** An instant the app wrote during a run: between the clock's readings around it, moved by `offsetMs`. */
function during(iso: string | null, run: { from: number; to: number }, offsetMs = 0) {
  const at = Date.parse(iso ?? '');
  expect(at, `${iso}`).toBeGreaterThanOrEqual(run.from + offsetMs);
  expect(at, `${iso}`).toBeLessThanOrEqual(run.to + offsetMs);
}
const feed = async () =>
  ((await admin.get('/api/admin/feeds')).json as FeedsAnswer).feeds.find((f) => f.provider === 'bsp')!;

async function resultOf(race: SampleRace) {
  const [row] = await t.ctx.db.select().from(raceResults).where(eq(raceResults.time, race.time));
  if (!row) return null;
  const runners = await t.ctx.db
    .select()
    .from(raceResultRunners)
    .where(eq(raceResultRunners.resultId, row.id))
    .orderBy(asc(raceResultRunners.id));
  return { source: row.source, runners: runners.map((r) => [r.name, r.finish, r.position, r.bsp, r.startingPrice]) };
}

async function tips(): Promise<Record<string, TipRecord>> {
  const list = (await admin.get('/api/daily-performance-history')).json as TipRecord[];
  return Object.fromEntries(list.map((r) => [r.selectionType, r]));
}

function bspForm(win: string | null, place?: string, names = { win: WIN, place: PLACE }) {
  const form = new FormData();
  if (win !== null) form.append('winFile', new Blob([win], { type: 'text/csv' }), names.win);
  if (place !== undefined) form.append('placeFile', new Blob([place], { type: 'text/csv' }), names.place);
  return form;
}

describe('BSP files fetched after racing', () => {
  it("keeps each runner's BSP as a bsp snapshot and on its result, settles both races and the tips", async () => {
    const [one, two] = races;
    await record(admin, {
      raceDate: DAY,
      raceTime: `${one.time} ${one.course}`,
      selectionName: one.horses[2].name,
      selectionType: 'nap',
      advisedOdds: '7/2',
    });
    await record(admin, {
      raceDate: DAY,
      raceTime: `${one.time} ${one.course}`,
      selectionName: one.horses[4].name,
      selectionType: 'nb',
      advisedOdds: '10/1',
    });
    await record(admin, {
      raceDate: DAY,
      raceTime: `${two.time} ${two.course}`,
      selectionName: two.horses[2].name,
      selectionType: 'longshot',
      advisedOdds: '16/1',
    });
    const { client: member } = await signedIn(t, 'member');
    const raceId = (await member.get('/api/vbg-race-cards')).json.wednesday[0].id;
    const cardBefore = (await member.get(`/api/vbg-race-cards/race/${raceId}`)).json;
    publish(standard());
    // The file named for the next day also starts on that day's own races: only DAY's rows are read.
    const nextDays = bspCsv(NEXT, 'win', standard()).split('\r\n').slice(1).join('\r\n');
    betfair.files.set(WIN_NEXT, betfair.files.get(WIN_NEXT)! + nextDays);

    expect((await run()).json.feed).toMatchObject({
      state: 'idle',
      message: `Waiting for the BSPs of ${DAY} (${WIN_NEXT} or ${WIN}): not published yet.`,
    }); // racing day evening: the file named for tomorrow is not there yet
    await morningAfter();
    betfair.requests.length = 0;
    const timed = await timedRun();
    expect(timed.res.status, timed.res.text).toBe(200);
    const answer = timed.res.json as FeedRunAnswer;
    expect(answer.feed).toMatchObject({ provider: 'bsp', state: 'ok', failures: 0, unmatched: [] });
    during(answer.feed.lastSuccessAt, timed);
    during(answer.feed.nextAttemptAt, timed, 1800_000);
    expect(answer.message).toMatch(
      new RegExp(`^${DAY}: 10 new prices, 2 results saved, settled .*${one.horses[2].name} WON`),
    );
    expect(betfair.requests).toEqual([WIN_NEXT, PLACE_NEXT]);

    // Prices: every runner's BSP as a bsp snapshot at the off (12:15 GMT).
    const snaps = await t.ctx.db.select().from(priceSnapshots).orderBy(asc(priceSnapshots.id));
    expect(snaps).toHaveLength(10);
    expect(snaps[0]).toMatchObject({
      source: 'bsp',
      raceDate: DAY,
      time: one.time,
      course: one.course,
      horseName: one.horses[0].name,
      price: sampleBsp(0),
      priceText: String(sampleBsp(0)),
    });
    expect(snaps[0].observedAt.toISOString()).toBe(`${DAY}T${one.time}:00.000Z`);

    // Results: winner first, placed without an order, the rest unplaced, each with its BSP.
    expect(await resultOf(one)).toEqual({
      source: 'bsp',
      runners: [
        [one.horses[0].name, 'placed', null, sampleBsp(0), null],
        [one.horses[1].name, 'ran', null, sampleBsp(1), null],
        [one.horses[2].name, 'won', 1, sampleBsp(2), null],
        [one.horses[3].name, 'ran', null, sampleBsp(3), null],
        [one.horses[4].name, 'placed', null, sampleBsp(4), null],
      ],
    });
    const settled = await tips();
    expect(settled.nap).toMatchObject({ result: 'WON', profitLoss: 3.5 });
    expect(settled.nb).toMatchObject({ result: 'PLACED', profitLoss: -1 });
    expect(settled.longshot).toMatchObject({ result: 'LOST', profitLoss: -1 });

    // Members see the result; a BSP is not a price to take, so the card's price is unchanged.
    const card = (await (await memberAgain()).get(`/api/vbg-race-cards/race/${raceId}`)).json;
    const placed = card.result.runners.filter((r: { finish: string }) => r.finish === 'won' || r.finish === 'placed');
    expect(placed.map((r: { name: string; position: number | null }) => [r.name, r.position])).toEqual([
      [one.horses[2].name, 1],
      [one.horses[0].name, null],
      [one.horses[4].name, null],
    ]);
    expect(card.horses.map((h: { bookieOdds: number }) => h.bookieOdds)).toEqual(
      cardBefore.horses.map((h: { bookieOdds: number }) => h.bookieOdds),
    );

    // Read again: nothing new is written, nothing is settled twice.
    const again = (await run()).json as FeedRunAnswer;
    expect(again.message).toMatch(new RegExp(`^${DAY}: 0 new prices, 0 results saved\\.`));
    expect(await t.ctx.db.select().from(priceSnapshots)).toHaveLength(10);
  });

  it("leaves the analyst's result standing: adds the BSPs, and lists a race where the file has another winner", async () => {
    const [one, two] = races;
    // The analyst agrees with Betfair on race 1 and not on race 2.
    expect((await enterResults(admin, DAY, [resultLine(one, [2, 0, 4]), resultLine(two, [3, 1])])).status).toBe(200);
    publish(standard());
    await morningAfter();
    const answer = (await run()).json as FeedRunAnswer;
    expect(answer.feed.state).toBe('ok');
    expect(answer.message).toMatch(/0 results saved, 2 results given BSPs or SPs/);
    expect(answer.feed.unmatched).toEqual([
      {
        date: DAY,
        race: `${two.time} ${two.course}`,
        horse: null,
        message: `The analyst's result stands: Betfair BSP files differs (its winner: ${two.horses[1].name}).`,
      },
    ]);
    const first = await resultOf(one);
    expect(first!.source).toBe('manual');
    expect(first!.runners[2]).toEqual([one.horses[2].name, 'won', 1, sampleBsp(2), '5/2']);
    expect(first!.runners[0]).toEqual([one.horses[0].name, 'placed', 2, sampleBsp(0), '7/1']);
    expect((await resultOf(two))!.runners[3]).toEqual([two.horses[3].name, 'won', 1, sampleBsp(3), '5/2']);

    // The analyst re-enters race 1 afterwards: the BSPs the file gave are kept.
    expect((await enterResults(admin, DAY, [resultLine(one, [2, 4, 0])])).status).toBe(200);
    expect((await resultOf(one))!.runners.map((r) => r[3])).toEqual([0, 1, 2, 3, 4].map(sampleBsp));
  });

  it('lists every name it cannot match and never guesses: that race is not settled, its known runners keep their BSP', async () => {
    const [one, two] = races;
    publish([
      { race: one, order: [2, 0, 4, 1, 3], placed: 3, names: { 1: 'Compleatly Different' } }, // a horse not on the card
      { race: two, order: [1, 3, 0, 2, 4], placed: 2, menuCourse: 'Asct' }, // a short name that starts no card course
    ]);
    await morningAfter();
    const answer = (await run()).json as FeedRunAnswer;
    expect(answer.feed.state).toBe('ok');
    expect(answer.feed.unmatched).toEqual([
      {
        date: DAY,
        race: `${one.time} ${one.course}`,
        horse: 'Compleatly Different',
        message: `Compleatly Different is not a runner in ${one.time} ${one.course} on the cards.`,
      },
      { date: DAY, race: 'Asct', horse: null, message: `No race cards at Asct on ${DAY}.` },
    ]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
    expect(await t.ctx.db.select().from(priceSnapshots)).toHaveLength(4); // race 1's four known runners
    expect((await feed()).unmatched).toHaveLength(2);
  });

  it('waits for files not yet published: idle, not failing', async () => {
    t.clock.set(new Date(`${DAY}T12:30:00Z`)); // racing still on: not polled by itself, but Run now asks
    publish(standard()); // Betfair's site has no file named for tomorrow yet, whatever is ready
    const res = await run();
    expect(res.status).toBe(200);
    expect((res.json as FeedRunAnswer).feed).toMatchObject({
      state: 'idle',
      failures: 0,
      message: `Waiting for the BSPs of ${DAY} (${WIN_NEXT} or ${WIN}): not published yet.`,
    });
    expect(betfair.requests).toEqual([WIN_NEXT, WIN]);
  });

  it("reads a day's races from the file named for the day itself too, when that is where they are", async () => {
    publish(standard(), DAY, DAY);
    const answer = (await run()).json as FeedRunAnswer;
    expect(answer.feed.state).toBe('ok');
    expect(answer.message).toMatch(new RegExp(`^${DAY}: 10 new prices, 2 results saved`));
    expect(betfair.requests).toEqual([WIN_NEXT, WIN, PLACE_NEXT, PLACE]);
  });

  it('says failing, not idle, when a day with results has no BSPs by noon the day after, until they come', async () => {
    const [one, two] = races;
    expect((await enterResults(admin, DAY, [resultLine(one, [2, 0, 4]), resultLine(two, [3, 1])])).status).toBe(200);
    await morningAfter(`${NEXT}T11:59:00Z`);
    expect(((await run()).json as FeedRunAnswer).feed).toMatchObject({ state: 'idle', failures: 0 });

    await morningAfter(`${NEXT}T12:00:00Z`);
    const late = await run();
    expect(late.status).toBe(502);
    expect((late.json as FeedRunAnswer).feed).toMatchObject({
      state: 'failing',
      failures: 1,
      message: `No BSPs yet for ${DAY}, which has results: Betfair's files are due by 12:00 the next day (upload them by hand if they never come). Waiting for the BSPs of ${DAY} (${WIN_NEXT} or ${WIN}): not published yet.`,
    });
    expect((await feed()).state).toBe('failing');

    publish(standard());
    const arrived = (await run()).json as FeedRunAnswer;
    expect(arrived.feed).toMatchObject({ state: 'ok', failures: 0 });
    expect(arrived.message).toMatch(new RegExp(`^${DAY}: 10 new prices, 0 results saved, 2 results given BSPs`));
  });

  it("settles a tipped runner listed with an empty BSP as a non-runner: the tip and a member's bet are void, not lost", async () => {
    const [, two] = races;
    await record(admin, {
      raceDate: DAY,
      raceTime: `${two.time} ${two.course}`,
      selectionName: two.horses[4].name,
      selectionType: 'nap',
      advisedOdds: '8/1',
    });
    const { client: member } = await signedIn(t, 'member');
    const bet = await member.post('/api/my-bets', {
      raceDate: DAY,
      raceTime: two.time,
      course: two.course,
      source: 'race-card',
      horseName: two.horses[4].name,
      price: '8/1',
      stake: 5,
    });
    expect(bet.status, bet.text).toBe(200);
    publish([
      { race: races[0], order: [2, 0, 4, 1, 3], placed: 3 },
      { race: two, order: [1, 3, 0, 2], placed: 2, noBsp: [4] },
    ]);
    await morningAfter();
    const answer = (await run()).json as FeedRunAnswer;
    expect(answer.feed).toMatchObject({ state: 'ok', unmatched: [] });
    expect(answer.message).toContain(`${two.horses[4].name} NR`);

    expect((await resultOf(two))!.runners[4]).toEqual([two.horses[4].name, 'nr', null, null, null]);
    expect((await tips()).nap).toMatchObject({ result: 'NR', profitLoss: 0 });
    const bets = (await (await memberAgain()).get('/api/my-bets')).json as MyBetsResponse;
    expect(bets.bets[0]).toMatchObject({ horseName: two.horses[4].name, status: 'nr', returnPence: 500 });
    expect(
      await t.ctx.db.select().from(priceSnapshots).where(eq(priceSnapshots.horseName, two.horses[4].name)),
    ).toEqual([]);
  });
});

/** The file cut off inside its line `line` (as a broken download is). */
function cutInRow(csv: string, line: number) {
  const lines = csv.split('\r\n').slice(0, line);
  lines[line - 1] = lines[line - 1].split(',').slice(0, 3).join(',');
  return lines.join('\r\n');
}

describe('a malformed BSP file', () => {
  it('fetched: refused whole, the feed is failing with the file and line named, nothing is written', async () => {
    publish(standard());
    betfair.files.set(
      WIN_NEXT,
      betfair.files.get(WIN_NEXT)!.replace(`25-11-2026 ${races[1].time}`, '2026-11-25T12:50'),
    );
    await morningAfter();
    const timed = await timedRun();
    expect(timed.res.status).toBe(502);
    const answer = timed.res.json as FeedRunAnswer;
    expect(answer.feed).toMatchObject({ state: 'failing', failures: 1 });
    during(answer.feed.nextAttemptAt, timed, 2 * 1800_000); // backing off: twice the interval
    expect(answer.message).toMatch(
      new RegExp(
        `^${WIN_NEXT} was refused, nothing was saved: Line 7: EVENT_DT "2026-11-25T12:50" is not a date and time like 25-11-2026 14:10\\.`,
      ),
    );
    expect(await t.ctx.db.select().from(priceSnapshots)).toEqual([]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
  });

  it('uploaded: 400 with a clear message, and not a row written anywhere (feed status included)', async () => {
    const good = bspCsv(DAY, 'win', standard());
    const cases: Array<[FormData, RegExp]> = [
      [
        bspForm(good.replace(',0,3.45,', ',won,3.45,')),
        /^The win file was refused, nothing was saved\. Line 2: WIN_LOSE "won" must be 1 or 0\./,
      ],
      [
        bspForm('Date,Horse,BSP\r\n25/11/2026,Northern Star,6.4\r\n'),
        /^The win file was refused, nothing was saved\. This is not a Betfair BSP file: its first line must name the columns/,
      ],
      [
        bspForm(good, cutInRow(bspCsv(DAY, 'place', standard()), 3)),
        /^The place file was refused, nothing was saved\. Line 3: 3 fields where the header has 17\./,
      ],
      [
        bspForm(good, bspCsv('2026-11-24', 'place', standard())),
        /^The win file is for 2026-11-25 but the place file for 2026-11-24: upload one day's pair\./,
      ],
      [
        bspForm(good, undefined, { win: PLACE, place: WIN }),
        /^The win file is named as Betfair's place file \(dwbfpricesukplace25112026\.csv\)/,
      ],
      [bspForm(null, good), /^Choose the day's BSP win file/],
    ];
    for (const [form, message] of cases) {
      const res = await admin.post('/api/admin/feeds/bsp', form);
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(priceSnapshots)).toEqual([]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
    expect(await t.ctx.db.select().from(feedStatus)).toEqual([]);
  });
});

describe('BSP files uploaded by the admin', () => {
  it('are read like the fetched ones: BSPs kept, results settled; without the place file only win-only races settle', async () => {
    const res = await admin.post('/api/admin/feeds/bsp', bspForm(bspCsv(DAY, 'win', standard())));
    expect(res.status, res.text).toBe(200);
    const answer = res.json as BspUploadAnswer;
    expect(answer).toMatchObject({ success: true, prices: 10, results: 0, unmatched: [] });
    expect(answer.popupMessage).toBe(answer.message);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]); // five runners pay places: the place file is needed
    expect((await feed()).message).toMatch(
      /^Uploaded by the admin\. BSP files for 2026-11-25 read: 10 new BSPs, 0 results saved\. .*no place market \(no place file\)/,
    );

    const both = (
      await admin.post(
        '/api/admin/feeds/bsp',
        bspForm(bspCsv(DAY, 'win', standard()), bspCsv(DAY, 'place', standard())),
      )
    ).json as BspUploadAnswer;
    expect(both).toMatchObject({ prices: 0, results: 2 });
    expect((await resultOf(races[1]))!.runners.map((r) => r[1])).toEqual(['ran', 'won', 'ran', 'placed', 'ran']);
    expect(betfair.requests).toEqual([]); // an upload fetches nothing
  });
});

describe('races not off yet', () => {
  const NOT_OFF = {
    date: DAY,
    race: '12:50 Ascot',
    horse: null,
    message: 'Not off yet (off 12:50 London time): its BSPs and result were not saved.',
  };
  /** 12:30 on the day: the 12:15 is off, the 12:50 is not; the admin signed in again. */
  async function between() {
    t.clock.set(new Date(`${DAY}T12:30:00Z`));
    admin = (await signedIn(t, 'admin', 'admin-at-lunch@example.com')).client;
  }

  it('a fetched file: the race not off is left out and listed, the rest is saved and settled', async () => {
    await record(admin, {
      raceDate: DAY,
      raceTime: `${races[1].time} ${races[1].course}`,
      selectionName: races[1].horses[1].name,
      selectionType: 'nap',
      advisedOdds: '3/1',
    });
    await between();
    publish(standard(), DAY, DAY);
    const answer = (await run()).json as FeedRunAnswer;
    expect(answer.feed.state).toBe('ok');
    expect(answer.message).toMatch(
      new RegExp(`^${DAY}: 5 new prices, 1 result saved\\. Not off yet, results not saved: 12:50 Ascot\\.`),
    );
    expect(answer.feed.unmatched).toEqual([NOT_OFF]);
    expect((await resultOf(races[0]))!.source).toBe('bsp');
    expect(await resultOf(races[1])).toBeNull();
    const snapshots = await t.ctx.db.select().from(priceSnapshots);
    expect(new Set(snapshots.map((s) => s.time))).toEqual(new Set([races[0].time]));
    expect((await tips()).nap.result).toBeNull();
  });

  it('an upload by the admin: the races not off are refused by name, the others saved', async () => {
    await between();
    const res = await admin.post(
      '/api/admin/feeds/bsp',
      bspForm(bspCsv(DAY, 'win', standard()), bspCsv(DAY, 'place', standard())),
    );
    expect(res.status, res.text).toBe(200);
    const answer = res.json as BspUploadAnswer;
    expect(answer).toMatchObject({ prices: 5, results: 1, unmatched: [NOT_OFF] });
    expect(answer.message).toBe(
      'BSP files for 2026-11-25 read: 5 new BSPs, 1 result saved. Refused, not off yet (London time): 12:50 Ascot; if a race time is wrong, correct it on the cards first.',
    );
    expect(await resultOf(races[1])).toBeNull();
    expect((await feed()).unmatched).toEqual([NOT_OFF]);

    // After the off the same files give the 12:50 its BSPs and result.
    t.clock.set(new Date(`${DAY}T12:51:00Z`));
    admin = (await signedIn(t, 'admin', 'admin-after-the-off@example.com')).client;
    const later = (
      await admin.post(
        '/api/admin/feeds/bsp',
        bspForm(bspCsv(DAY, 'win', standard()), bspCsv(DAY, 'place', standard())),
      )
    ).json as BspUploadAnswer;
    expect(later).toMatchObject({ prices: 5, results: 1, unmatched: [] });
    expect((await resultOf(races[1]))!.runners.map((r) => r[1])).toEqual(['ran', 'won', 'ran', 'placed', 'ran']);
  });
});
