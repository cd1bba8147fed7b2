import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { weekdayOf } from '#shared/london-time';
import { EVENTS_KEPT_MS } from '#server/features/race-cards/events';
import { applyRaceDayEvent, MAX_EVENT_BYTES, type RaceCardEventData } from '#shared/race-card-events';
import type { ValueBoard } from '#shared/schemas/value-board';
import { makeRaceDay, masterForm, raceDayWorkbook, uploadTodaysCards } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { afterTheOff, enterResults, resultLine } from './race-results-helpers';

const EVENTS = '/api/vbg-race-cards-events';
const onPostgres = process.env.VBG_TEST_DB === 'postgres';

let t: TestApp;
/** On PostgreSQL: a second instance on the same database, where a stream reconnects. */
let other: TestApp | undefined;
const SHARED = { SESSION_SECRET: 'race-card-events-resume-secret-of-40-chars' };
beforeAll(async () => {
  t = await startTestApp(SHARED);
  if (onPostgres) other = await startTestApp(SHARED);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});
beforeEach(() => t.reset());

/** The instance a stream reconnects to, its clock set to the first's (sessions expire by the clock). */
function reconnectTarget(): TestApp {
  other?.clock.set(t.clock.now());
  return other ?? t;
}

interface Message {
  id: string | undefined;
  text: string;
  data: RaceCardEventData;
}
interface Stream {
  status: number;
  body: () => Promise<string>;
  next(timeoutMs?: number): Promise<Message>;
  close(): void;
}
const opened: Stream[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** An event stream read with node's fetch, as EventSource would: `id:` and `data:` lines, `retry:` kept. */
async function openStream(baseUrl: string, client: HttpClient | null, lastEventId?: string): Promise<Stream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (client) headers.cookie = cookieOf(client);
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(baseUrl + EVENTS, { headers, signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queued: Message[] = [];
  async function next(timeoutMs = 5000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (queued.length) return queued.shift()!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no race card event in time');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left)));
      const chunk = await Promise.race([reader.read(), timeout]);
      clearTimeout(timer);
      if (chunk === 'timeout') throw new Error('no race card event in time');
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined) queued.push({ id, text: data, data: JSON.parse(data) as RaceCardEventData });
      }
    }
  }
  const stream: Stream = {
    status: res.status,
    body: async () => {
      const parts: string[] = [];
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        parts.push(decoder.decode(chunk.value));
      return parts.join('');
    },
    next,
    close: () => {
      void reader.cancel().catch(() => undefined);
      abort.abort();
    },
  };
  opened.push(stream);
  return stream;
}

/** The next event of `type`, passing over others (an upload's notice may reach a new stream late). */
async function nextOf(stream: Stream, type: string): Promise<Message> {
  for (;;) {
    const m = await stream.next();
    if (m.data.type === type) return m;
  }
}

/** A price line for the first runners of a sample race. */
const priceLine = (race: { time: string; course: string; horses: Array<{ name: string }> }, prices: string[]) =>
  `${race.time} ${race.course}: ${prices.map((p, i) => `${race.horses[i].name} ${p}`).join(', ')}`;

describe('a prices or results event carries the change', () => {
  it("names the changed runner and its new price, and the page's board with it applied is the board read after", async () => {
    const { today, races } = await uploadTodaysCards(t, 21);
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const before = (await member.get('/api/value-now')).json as ValueBoard;
    const stream = await openStream(t.baseUrl, member);
    expect(stream.status).toBe(200);

    const pastedFrom = t.clock.now().getTime();
    const paste = await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[0], ['7/2']) });
    expect(paste.status, paste.text).toBe(200);
    const m = await nextOf(stream, 'prices');
    expect(new TextEncoder().encode(m.text).length).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(m.data.version).toBe(Number(m.id));
    expect(m.data.date).toBe(today);
    const horse = before.races[0].runners.find((r) => r.horseName === races[0].horses[0].name)!;
    const named = m.data.runners!.find((r) => r.id === horse.id);
    expect(named).toMatchObject({ raceId: before.races[0].id, price: 4.5, priceText: '7/2', priceSource: 'analyst' });
    expect(Date.parse(named!.priceAt!)).toBeGreaterThanOrEqual(pastedFrom);
    expect(Date.parse(named!.priceAt!)).toBeLessThanOrEqual(t.clock.now().getTime());
    // Only that race's runners can change (the tissue reads the whole field).
    expect(new Set(m.data.runners!.map((r) => r.raceId))).toEqual(new Set([before.races[0].id]));

    const after = (await member.get('/api/value-now')).json as ValueBoard;
    expect(applyRaceDayEvent(before, m.data)).toEqual(after);
  });

  it("a result names the race and its runners' finishes", async () => {
    const { today, races } = await uploadTodaysCards(t, 22);
    t.clock.set(afterTheOff(today, races[0].time)); // a result is taken only once the race is off
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const before = (await member.get('/api/value-now')).json as ValueBoard;
    const stream = await openStream(t.baseUrl, member);
    const entered = await enterResults(admin, today, [resultLine(races[0], [2, 0])]);
    expect(entered.status, entered.text).toBe(200);
    const m = await nextOf(stream, 'results');
    expect(m.data.races).toEqual([{ id: before.races[0].id, resulted: true }]);
    const winner = m.data.runners!.find((r) => r.id === before.races[0].runners[2].id);
    expect(winner?.result).toMatchObject({ finish: 'won', position: 1 });
  });

  it('a change bigger than 4 KB says reload instead', async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const today = (await member.get('/api/value-now')).json as ValueBoard;
    const races = makeRaceDay({ races: 4, runners: 8, seed: 23 });
    const upload = await admin.post(
      '/api/vbg-race-cards/upload-master-excel',
      masterForm(await raceDayWorkbook(races), weekdayOf(today.date)),
    );
    expect(upload.status, upload.text).toBe(200);
    const stream = await openStream(t.baseUrl, member);
    const lines = races.map((race) =>
      priceLine(
        race,
        race.horses.map(() => '9/1'),
      ),
    );
    const paste = await admin.post('/api/admin/prices', { date: today.date, lines: lines.join('\n') });
    expect(paste.status, paste.text).toBe(200);
    const m = await nextOf(stream, 'prices');
    expect(m.data.reload).toBe(true);
    expect(m.data.runners).toBeUndefined();
  });
});

describe('a stream resumes with Last-Event-ID', () => {
  it('a stream reconnecting (to the other instance on PostgreSQL) is sent the event it missed', async () => {
    const { today, races } = await uploadTodaysCards(t, 24);
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const first = await openStream(t.baseUrl, member);
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[0], ['5/1']) })).status).toBe(
      200,
    );
    const seen = await nextOf(first, 'prices');
    first.close();

    // Missed while away: a second paste.
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[1], ['11/4']) })).status).toBe(
      200,
    );
    const target = reconnectTarget();
    if (onPostgres) expect(target).not.toBe(t);
    const again = await openStream(target.baseUrl, member, seen.id);
    expect(again.status).toBe(200);
    const missed = await again.next();
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    expect(missed.data.type).toBe('prices');
    expect(missed.data.runners!.some((r) => r.priceText === '11/4')).toBe(true);
    // Then the live events, in order, without the missed one again.
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[1], ['3/1']) })).status).toBe(
      200,
    );
    const live = await again.next();
    expect(Number(live.id)).toBeGreaterThan(Number(missed.id));
    expect(live.data.runners!.some((r) => r.priceText === '3/1')).toBe(true);
  });

  it('a stream whose missed events are no longer kept is told to reload', async () => {
    const { today, races } = await uploadTodaysCards(t, 25);
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const first = await openStream(t.baseUrl, member);
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[0], ['5/1']) })).status).toBe(
      200,
    );
    const seen = await nextOf(first, 'prices');
    first.close();
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[0], ['6/1']) })).status).toBe(
      200,
    );
    // Long after: the next event drops those older than the kept window.
    t.clock.advance(EVENTS_KEPT_MS + 60_000);
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[0], ['7/1']) })).status).toBe(
      200,
    );
    const again = await openStream(reconnectTarget().baseUrl, member, seen.id);
    const m = await again.next();
    expect(m.data.reload).toBe(true);
  });
});

describe("members' figures go only to members' streams", () => {
  it('a visitor and a signed-in non-member cannot open a stream, and get no figures', async () => {
    const { today, races } = await uploadTodaysCards(t, 26);
    const { client: admin } = await signedIn(t, 'admin');
    const { client: nonMember } = await signedIn(t, 'nonMember');
    expect((await admin.post('/api/admin/prices', { date: today, lines: priceLine(races[0], ['7/2']) })).status).toBe(
      200,
    );
    const visitor = await openStream(t.baseUrl, null, '1');
    expect(visitor.status).toBe(401);
    const free = await openStream(t.baseUrl, nonMember, '1');
    expect(free.status).toBe(403);
    for (const body of [await visitor.body(), await free.body()]) {
      expect(body).not.toMatch(/valueScore|"price"|runners/);
      expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(['message', 'requestId']);
    }
  });
});
