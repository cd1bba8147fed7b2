import { afterAll, beforeAll, expect, it } from 'vitest';
import { londonDate, weekdayOf } from '#shared/london-time';
import type { FeedsAnswer } from '#shared/schemas/feeds';
import { racecardOdds } from '../fixtures/racing-feeds';
import { describeOnPostgres } from '../support/databases';
import { HttpClient } from '../support/http-client';
import { freshPostgresDatabase, startInstance, type Instance } from '../support/instances';
import { RacingApiServer } from '../support/racing-feeds';
import { uploadCards } from './race-results-helpers';

/**
 * Two real app processes on one fresh PostgreSQL database, both configured to poll The Racing API
 * every second: only the one holding the poller's advisory lock polls, and when it dies the other
 * takes over. Runs in the api-pg project only: PGlite is one process's database.
 */
const ADMIN = { email: 'boss@example.com', password: 'boss-password-1' };
const POLLS_LINE = 'feed poller: this instance polls the feeds';

describeOnPostgres('one feed poller across instances', () => {
  let db: { url: string; drop(): Promise<void> };
  let api: RacingApiServer;
  let instances: Instance[] = [];
  let admin: HttpClient;

  beforeAll(async () => {
    db = await freshPostgresDatabase(`vbg_feeds_${process.pid}`);
    api = await RacingApiServer.start();
    const env = {
      DATABASE_URL: db.url,
      SEED_DEMO: 'false',
      SESSION_SECRET: 'feed-poller-test-secret-of-40-characters!',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RACING_DATA_PROVIDERS: 'racing-api',
      RACING_API_BASE_URL: api.url,
      RACING_API_USERNAME: api.username,
      RACING_API_PASSWORD: api.password,
      RACING_API_POLL_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    instances = await Promise.all([startInstance(env), startInstance(env)]);
    admin = new HttpClient(instances[0].url);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    // Today's cards (real time: the instances run on the system clock), and the feed's prices for them.
    const today = londonDate(new Date());
    const races = await uploadCards(admin, weekdayOf(today));
    api.racecards = races.map((race) =>
      racecardOdds(
        today,
        race,
        race.horses.map((_h, i) => [['Bet365', `${i + 2}/1`, String(i + 3)]]),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) i.child.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await api?.close();
    await db?.drop();
  });

  /** The admin's session, used on instance i. */
  const on = (i: Instance) => {
    const client = new HttpClient(i.url);
    client.cookies = new Map(admin.cookies);
    return client;
  };
  const feeds = async (i: Instance) => (await on(i).get('/api/admin/feeds')).json as FeedsAnswer;
  const pollers = async (alive: Instance[]) => (await Promise.all(alive.map(feeds))).map((f) => f.thisInstancePolls);

  it('only the instance holding the lock polls; the other reads its status; when it dies the other takes over', async () => {
    await expect
      .poll(async () => (await feeds(instances[1])).feeds.find((f) => f.provider === 'racing-api')?.state, {
        timeout: 20_000,
      })
      .toBe('ok');
    expect((await pollers(instances)).sort()).toEqual([false, true]);
    const holder = instances[(await pollers(instances)).indexOf(true)];
    const standby = instances.find((i) => i !== holder)!;
    await expect.poll(() => holder.output(), { timeout: 10_000 }).toContain(POLLS_LINE);
    expect(standby.output()).not.toContain(POLLS_LINE);
    // Both see the one status row the poller writes.
    expect((await feeds(standby)).feeds.find((f) => f.provider === 'racing-api')).toMatchObject({
      state: 'ok',
      configured: true,
    });

    // A few polls later, still one poller: two instances polling every second would break 2 a second.
    const seen = api.requests.length;
    await expect.poll(() => api.requests.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(seen + 6);
    expect(api.requests.filter((r) => r.status === 429)).toEqual([]);

    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await holder.exited;
    await expect.poll(async () => (await feeds(standby)).thisInstancePolls, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => standby.output(), { timeout: 10_000 }).toContain(POLLS_LINE); // logs arrive through a pipe
    // It polls from there on (its first request may meet the dead one's last second: a 429 it waits out).
    await expect
      .poll(
        async () =>
          Date.parse((await feeds(standby)).feeds.find((f) => f.provider === 'racing-api')?.lastSuccessAt ?? '') >
          killedAt,
        { timeout: 30_000 },
      )
      .toBe(true);
  }, 120_000);
});
