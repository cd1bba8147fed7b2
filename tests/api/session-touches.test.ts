import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema';
import { SESSION_IDLE_MS, writeSessionTouches } from '#server/sessions/sessions';
import { runHousekeeping } from '#server/features/housekeeping/housekeeping';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const MIN = 60_000;
/** The test clock also moves with real time: times are compared to within five seconds. */
const SECONDS = -4;
const lastSeen = async () =>
  (await t.ctx.db.select({ at: sessions.lastSeenAt }).from(sessions)).map((r) => r.at.getTime());

describe("a session's last use, written in batches", () => {
  it('answers before the write, keeps the session alive meanwhile, and writes every touch in one go', async () => {
    const members = await Promise.all([signedIn(t, 'member'), signedIn(t, 'member'), signedIn(t, 'member')]);
    const signedInAt = t.clock.now().getTime();
    t.clock.advance(20 * MIN);
    const usedAt = t.clock.now().getTime();
    for (const { client } of members) expect((await client.get('/api/auth/user')).status).toBe(200);
    // Written or not yet, 25 more minutes (45 since sign-in, 25 since use) sign no one out as idle.
    expect(usedAt - signedInAt).toBeCloseTo(20 * MIN, SECONDS);
    t.clock.advance(25 * MIN);
    t.ctx.sessions.clear();
    for (const { client } of members) expect((await client.get('/api/auth/user')).status).toBe(200);
    await writeSessionTouches(t.ctx);
    const written = await lastSeen();
    expect(written).toHaveLength(3);
    // The second round's touches (25 minutes after the first) are what the rows now hold.
    for (const at of written) expect(at).toBeCloseTo(usedAt + 25 * MIN, SECONDS);
  });

  it('never moves a last use back', async () => {
    const { client } = await signedIn(t, 'member');
    t.clock.advance(10 * MIN);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const touchedAt = t.clock.now().getTime();
    // Another instance wrote a later use meanwhile: it stays.
    await t.ctx.db.update(sessions).set({ lastSeenAt: new Date(touchedAt + 1000) });
    await writeSessionTouches(t.ctx);
    expect(await lastSeen()).toEqual([touchedAt + 1000]);
  });

  it('is written before housekeeping purges idle sessions, so a session in use is kept', async () => {
    const { client } = await signedIn(t, 'member');
    t.clock.advance(SESSION_IDLE_MS - MIN);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const usedAt = t.clock.now().getTime();
    t.clock.advance(2 * MIN); // the row may still say 31 minutes idle; the last use was 2 minutes ago
    const counts = await runHousekeeping(t.ctx);
    expect(counts.sessions).toBe(0);
    const [written] = await lastSeen();
    expect(written).toBeCloseTo(usedAt, SECONDS);
    t.ctx.sessions.clear();
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('still ends a session idle for 30 minutes', async () => {
    const { client } = await signedIn(t, 'member');
    t.clock.advance(10 * MIN);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    t.clock.advance(SESSION_IDLE_MS + MIN);
    t.ctx.sessions.clear();
    expect((await client.get('/api/auth/user')).status).toBe(401);
    await writeSessionTouches(t.ctx);
    expect(await lastSeen()).toEqual([]);
  });
});
