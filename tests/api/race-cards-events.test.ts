import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { londonDate, weekdayOf } from '#shared/london-time';
import { SESSION_IDLE_MS } from '#server/sessions/sessions';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from '#server/features/race-cards/events';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';
import { afterTheOff } from './race-results-helpers';
import { publish } from './tips-helpers';

const EVENTS = '/api/vbg-race-cards-events';
const UPLOAD = '/api/vbg-race-cards/upload-master-excel';
const onPostgres = process.env.VBG_TEST_DB === 'postgres';

let t: TestApp;
/** On PostgreSQL: a second instance on the same database (on PGlite that would be another database). */
let other: TestApp | undefined;
// Instances of one site share SESSION_SECRET (README, "Running several instances"): the session
// ids both derive from it must agree.
const SHARED = { SESSION_SECRET: 'race-card-events-test-secret-of-40-chars!' };
beforeAll(async () => {
  t = await startTestApp(SHARED);
  if (onPostgres) other = await startTestApp(SHARED);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});
beforeEach(() => t.reset());

interface RaceCardMessage {
  id: string;
  data: { type: string; weekday: string | null; at: string };
}

/** A member's open stream, read with node's fetch; every test closes what it opens. */
interface Stream {
  status: number;
  headers: Headers;
  next(timeoutMs?: number): Promise<RaceCardMessage>;
  close(): void;
}
const open: Stream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function openStream(baseUrl: string, client: HttpClient): Promise<Stream> {
  const abort = new AbortController();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(baseUrl + EVENTS, { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queued: RaceCardMessage[] = [];

  async function next(timeoutMs = 5000): Promise<RaceCardMessage> {
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
        if (id !== undefined && data !== undefined)
          queued.push({ id, data: JSON.parse(data) as RaceCardMessage['data'] });
      }
    }
  }
  const stream: Stream = {
    status: res.status,
    headers: res.headers,
    next,
    close: () => {
      void reader.cancel().catch(() => undefined);
      abort.abort();
    },
  };
  open.push(stream);
  return stream;
}

async function uploadDay(admin: HttpClient, weekday: string) {
  const form = masterForm(await raceDayWorkbook(makeRaceDay({ races: 2, runners: 3, seed: 5 })), weekday);
  expect((await admin.post(UPLOAD, form)).status).toBe(200);
}

describe('GET /api/vbg-race-cards-events', () => {
  it('is for members only: 401 for a visitor, 403 for a signed-in non-member', async () => {
    const visitor = await t.client().get(EVENTS);
    expect(visitor.status).toBe(401);
    expect(visitor.json).toHaveProperty('message');
    const { client: nonMember } = await signedIn(t, 'nonMember');
    const refused = await nonMember.get(EVENTS);
    expect(refused.status).toBe(403);
    expect(refused.json).toHaveProperty('message');
  });

  it('streams an upload after stage 1 and an update after clear-weekday, to every open connection', async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const first = await openStream(t.baseUrl, member);
    const second = await openStream(t.baseUrl, member);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('x-accel-buffering')).toBe('no');

    await uploadDay(admin, 'saturday');
    for (const s of [first, second]) {
      const m = await s.next();
      expect(m.data).toMatchObject({ type: 'upload', weekday: 'saturday' });
      expect(m.id).toMatch(/^\d+$/);
      expect(Number.isNaN(Date.parse(m.data.at))).toBe(false);
      // An upload carries no race data: pages read the cards again.
      expect(Object.keys(m.data).sort()).toEqual(['at', 'type', 'version', 'weekday']);
      expect((m.data as { version?: number }).version).toBe(Number(m.id));
    }

    expect((await admin.delete('/api/vbg-race-cards/clear-weekday/saturday')).status).toBe(200);
    const [a, b] = await Promise.all([first.next(), second.next()]);
    expect(a.data).toMatchObject({ type: 'update', weekday: 'saturday' });
    expect(b.data).toMatchObject({ type: 'update', weekday: 'saturday' });
    expect(Number(a.id)).toBeGreaterThan(0);
  });

  it('fans out across instances on PostgreSQL (LISTEN/NOTIFY); on PGlite within the one instance', async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const target = other ?? t;
    // Sessions live in the shared database, so the member's cookie also works on the other instance.
    const stream = await openStream(target.baseUrl, member);
    expect(stream.status).toBe(200);
    await uploadDay(admin, 'monday');
    expect((await stream.next()).data).toMatchObject({ type: 'upload', weekday: 'monday' });
    if (onPostgres) expect(target).not.toBe(t);
    else expect(target).toBe(t);
  });

  it('clear-all sends an update for every weekday', async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const stream = await openStream(t.baseUrl, member);
    expect((await admin.delete('/api/vbg-race-cards/clear-all')).status).toBe(200);
    expect((await stream.next()).data).toMatchObject({ type: 'update', weekday: null });
  });

  it("a price paste sends prices and a result sends results, each for its day's weekday", async () => {
    const today = londonDate(t.clock.now());
    const weekday = weekdayOf(today);
    const [race] = makeRaceDay({ races: 2, runners: 3, seed: 5 });
    t.clock.set(afterTheOff(today, race.time)); // a result is taken only once the race is off
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    await uploadDay(admin, weekday);
    const stream = await openStream(t.baseUrl, member);
    // The upload's own notice travels through the database and may reach the new stream late: passed over.
    const nextAfterUpload = async () => {
      for (;;) {
        const { data } = await stream.next();
        if ((data as { type?: string }).type !== 'upload') return data;
      }
    };
    const prices = await admin.post('/api/admin/prices', {
      date: today,
      lines: `${race.time} ${race.course}: ${race.horses[0].name} 7/2`,
    });
    expect(prices.status, prices.text).toBe(200);
    expect(await nextAfterUpload()).toMatchObject({ type: 'prices', weekday });
    const results = await admin.post('/api/admin/race-results', {
      date: today,
      lines: `${race.time} ${race.course}: ${race.horses[1].name}`,
    });
    expect(results.status, results.text).toBe(200);
    expect((await stream.next()).data).toMatchObject({ type: 'results', weekday });
  });

  it("publishing the day's tips sends tips for the day's weekday (open boards mark them)", async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const stream = await openStream(t.baseUrl, member);
    expect((await publish(admin)).status).toBe(200);
    expect((await stream.next()).data).toMatchObject({ type: 'tips', weekday: weekdayOf(londonDate(t.clock.now())) });
  });
});

/** The stream closes without delivering another event. */
async function expectEnded(stream: Stream) {
  await expect(stream.next()).rejects.toThrow('stream ended');
}

describe('event streams are bounded', () => {
  it(`keeps at most ${MAX_STREAMS_PER_SESSION} streams per session: one more closes the oldest`, async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const streams: Stream[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(t.baseUrl, member));
    await expectEnded(streams[0]);
    await uploadDay(admin, 'saturday');
    for (const s of streams.slice(1))
      expect((await s.next()).data).toMatchObject({ type: 'upload', weekday: 'saturday' });
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per account however many sessions it signs in: one more closes its oldest; another member's stay`, async () => {
    const { client: first, user } = await signedIn(t, 'member');
    const { client: otherMember } = await signedIn(t, 'member', 'other-member@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const sessions = [first];
    // Enough sessions of the one account to hold twice the account's cap within each session's.
    while (sessions.length * MAX_STREAMS_PER_SESSION < 2 * MAX_STREAMS_PER_USER) {
      const again = t.client();
      expect((await again.post('/api/login', { email: user.email, password: PASSWORD })).status).toBe(200);
      sessions.push(again);
    }
    expect(new Set(sessions.map((c) => c.cookies.get('vbg_session'))).size).toBe(sessions.length);
    const theirs = await openStream(t.baseUrl, otherMember);
    const mine: Stream[] = [];
    for (const client of sessions)
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) mine.push(await openStream(t.baseUrl, client));
    expect(mine.length).toBe(2 * MAX_STREAMS_PER_USER);

    for (const closed of mine.slice(0, mine.length - MAX_STREAMS_PER_USER)) await expectEnded(closed);
    await uploadDay(admin, 'saturday');
    for (const open of [...mine.slice(-MAX_STREAMS_PER_USER), theirs])
      expect((await open.next()).data).toMatchObject({ type: 'upload', weekday: 'saturday' });
  });

  it('a stream ends at logout and gets no event after it; another member’s stream carries on', async () => {
    const { client: member } = await signedIn(t, 'member');
    const { client: otherMember } = await signedIn(t, 'member', 'other-member@example.com');
    const { client: admin } = await signedIn(t, 'admin');
    const mine = await openStream(t.baseUrl, member);
    const theirs = await openStream(t.baseUrl, otherMember);
    expect((await member.post('/api/logout')).status).toBe(200);
    await uploadDay(admin, 'saturday');
    await expectEnded(mine);
    expect((await theirs.next()).data).toMatchObject({ type: 'upload' });
  });

  it('a stream ends when the membership lapses', async () => {
    const { client: member, user } = await signedIn(t, 'member');
    const { client: admin } = await signedIn(t, 'admin');
    const stream = await openStream(t.baseUrl, member);
    await t.ctx.db
      .update(users)
      .set({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, user.id));
    await uploadDay(admin, 'saturday');
    await expectEnded(stream);
  });

  it('a stream ends when its session idles out, and the stream itself does not keep the session alive', async () => {
    const { client: member } = await signedIn(t, 'member');
    const stream = await openStream(t.baseUrl, member);
    t.clock.advance(SESSION_IDLE_MS + 60_000);
    const { client: admin } = await signedIn(t, 'admin', 'admin-later@example.com');
    await uploadDay(admin, 'saturday');
    await expectEnded(stream);
    expect((await member.get('/api/auth/user')).status).toBe(401);
  });
});
