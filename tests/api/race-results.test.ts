import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { raceResultRunners, raceResults } from '#server/db/schema';
import type { RaceResultsAnswer, RaceResultsRefusal } from '#shared/schemas/race-results';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { enterResults, resultLine, uploadCards } from './race-results-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 17:00 London (GMT): the day's racing is over.
  t.clock.set(new Date('2026-11-22T17:00:00Z'));
});

const TODAY = '2026-11-22';
const runnersOf = async () => t.ctx.db.select().from(raceResultRunners).orderBy(asc(raceResultRunners.id));

describe('POST /api/admin/race-results', () => {
  it('records the winner, the placed horses and the non-runners; every other runner ran', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [first, second] = await uploadCards(admin, 'sunday');
    const res = await enterResults(admin, TODAY, [resultLine(first, [2, 0, 4], [1]), '', resultLine(second, [1])]);
    expect(res.status, res.text).toBe(200);
    const answer = res.json as RaceResultsAnswer;
    expect(answer.message).toBe(`2 results saved for ${TODAY}.`);
    expect(answer.horsesMatched).toBe(5);
    expect(answer.unmatched).toEqual([]);
    expect(answer.races[0]).toEqual({
      time: first.time,
      course: first.course,
      winner: first.horses[2].name,
      placed: [first.horses[0].name, first.horses[4].name],
      nonRunners: [first.horses[1].name],
      runners: 5,
      replaced: false,
    });

    const rows = await runnersOf();
    expect(rows).toHaveLength(10);
    const firstRace = rows.slice(0, 5);
    expect(firstRace.map((r) => [r.name, r.finish, r.position, r.startingPrice])).toEqual([
      [first.horses[0].name, 'placed', 2, '7/1'],
      [first.horses[1].name, 'nr', null, null],
      [first.horses[2].name, 'won', 1, '5/2'],
      [first.horses[3].name, 'ran', null, null],
      [first.horses[4].name, 'placed', 3, '12/1'],
    ]);
    // The card's VB rating and morning odds are kept with the result.
    expect(firstRace[3].vbRating).toBe(first.horses[3].vbRating);
    expect(firstRace[3].morningOdds).toBeGreaterThan(1);
  });

  it("shows a resulted race's positions and starting prices on the members' card at once, never on the free race", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [first] = await uploadCards(admin, 'sunday');
    const metadata = (await admin.get('/api/vbg-race-cards-metadata')).json as {
      sunday: Array<{ id: number; time: string }>;
    };
    const id = metadata.sunday.find((r) => r.time === first.time)!.id;
    const { client: member } = await signedIn(t, 'member');
    const before = (await member.get(`/api/vbg-race-cards/race/${id}`)).json;
    expect(before.result).toBeUndefined(); // and now cached
    const [h, m] = first.time.split(':').map(Number);
    expect(
      (
        await admin.post('/api/free-race/nominate', {
          raceTime: `${h}:${String(m).padStart(2, '0')}`,
          course: first.course,
          weekday: 'sunday',
        })
      ).status,
    ).toBe(200);

    expect((await enterResults(admin, TODAY, [resultLine(first, [2, 0, 4], [1])])).status).toBe(200);
    const after = (await member.get(`/api/vbg-race-cards/race/${id}`)).json;
    expect(after.result.runners.slice(0, 3)).toEqual([
      { name: first.horses[2].name, finish: 'won', position: 1, startingPrice: '5/2' },
      { name: first.horses[0].name, finish: 'placed', position: 2, startingPrice: '7/1' },
      { name: first.horses[4].name, finish: 'placed', position: 3, startingPrice: '12/1' },
    ]);
    expect(after.result.runners.find((r: { name: string }) => r.name === first.horses[1].name)).toMatchObject({
      finish: 'nr',
      position: null,
    });
    // The visitor's free race is the same card without the result.
    const free = (await t.client().get('/api/free-race-preview')).json;
    expect(free.raceData.id).toBe(id);
    expect(free.raceData.result).toBeUndefined();
    expect(JSON.stringify(free)).not.toContain('"won"');
  });

  it('matches names and courses whatever their case, spacing and punctuation', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    const winner = race.horses[3].name.toUpperCase().replace(' ', '  ');
    const [h, m] = race.time.split(':').map(Number);
    const res = await enterResults(admin, TODAY, [
      `${h > 12 ? h - 12 : h}.${String(m).padStart(2, '0')} ${race.course.toLowerCase()} : ${winner}, ${race.horses[0].name.toLowerCase()}.`,
    ]);
    expect(res.status, res.text).toBe(200);
    expect((res.json as RaceResultsAnswer).races[0].winner).toBe(race.horses[3].name);
  });

  it('re-entering a race replaces its result', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    expect((await enterResults(admin, TODAY, [resultLine(race, [0, 1])])).status).toBe(200);
    const again = await enterResults(admin, TODAY, [resultLine(race, [4, 3])]);
    expect(again.status).toBe(200);
    expect((again.json as RaceResultsAnswer).races[0]).toMatchObject({ winner: race.horses[4].name, replaced: true });
    expect((again.json as RaceResultsAnswer).message).toBe(`1 result saved for ${TODAY} (1 replaced).`);
    expect(await t.ctx.db.select().from(raceResults)).toHaveLength(1);
    const rows = await runnersOf();
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.finish === 'won')!.name).toBe(race.horses[4].name);
  });

  it('writes nothing when a line cannot be read, and names every such line', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    const res = await enterResults(admin, TODAY, [
      resultLine(race, [0]),
      'Ascot Northern Star 5/2',
      `${race.time} ${race.course}: ${race.horses[1].name} 9/0`,
    ]);
    expect(res.status).toBe(400);
    const refusal = res.json as RaceResultsRefusal;
    expect(refusal.message).toBe('2 lines could not be read; nothing was saved.');
    expect(refusal.unmatched.map((p) => p.line)).toEqual([2, 3]);
    expect(refusal.unmatched[0].message).toContain('Could not read the race');
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
  });

  it('writes nothing when a race or a horse is not on the cards, and names each', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [first, second] = await uploadCards(admin, 'sunday');
    const res = await enterResults(admin, TODAY, [
      resultLine(first, [0, 1]),
      `${second.time} ${second.course}: Nobody Knows 5/1, ${second.horses[0].name}; NR: Ghost Horse`,
      `21:45 Nowhere Park: ${first.horses[0].name}`,
    ]);
    expect(res.status).toBe(422);
    const refusal = res.json as RaceResultsRefusal;
    expect(refusal.message).toBe(`3 races or horses not found on the cards of ${TODAY}; nothing was saved.`);
    expect(refusal.unmatched.map((p) => p.message)).toEqual([
      `Nobody Knows is not a runner in ${second.time} ${second.course}.`,
      `Ghost Horse is not a runner in ${second.time} ${second.course}.`,
      `No race at 21:45 Nowhere Park on the cards of that day.`,
    ]);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
  });

  it('refuses a day without cards, a future day and bad bodies; admins only', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    const noCards = await enterResults(admin, '2026-11-21', [resultLine(race, [0])]);
    expect(noCards.status).toBe(422);
    expect(noCards.json.message).toBe('There are no race cards for 2026-11-21; nothing was saved.');
    const future = await enterResults(admin, '2026-11-23', [resultLine(race, [0])]);
    expect(future.status).toBe(400);
    expect(future.json.message).toBe('2026-11-23 has not been raced yet.');
    expect((await admin.post('/api/admin/race-results', { date: '22/11/2026', lines: 'x' })).json.message).toBe(
      'Date must be YYYY-MM-DD',
    );
    expect((await admin.post('/api/admin/race-results', { date: TODAY, lines: '  ' })).json.message).toBe(
      'Paste the results, one race a line',
    );

    const { client: member } = await signedIn(t, 'member');
    expect((await enterResults(member, TODAY, [resultLine(race, [0])])).status).toBe(403);
    expect((await enterResults(t.client(), TODAY, [resultLine(race, [0])])).status).toBe(401);
    expect(await t.ctx.db.select().from(raceResults)).toEqual([]);
  });

  it("keeps the results when that day's cards are cleared", async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const [race] = await uploadCards(admin, 'sunday');
    expect((await enterResults(admin, TODAY, [resultLine(race, [0, 1])])).status).toBe(200);
    expect((await admin.request('DELETE', '/api/vbg-race-cards/clear-weekday/sunday')).status).toBe(200);
    expect(await t.ctx.db.select().from(raceResults)).toHaveLength(1);
    expect(await runnersOf()).toHaveLength(5);
  });
});
