import { afterEach, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import { buildApp, type App } from '#server/app';
import type { Clock } from '#server/context';
import { sessions, users, type UserRow } from '#server/db/schema';
import { seedDemo } from '#server/seed/demo';
import { loadConfig } from '#server/env';
import { listMembers } from '#server/features/members/members';
import { runHousekeeping } from '#server/features/housekeeping/housekeeping';
import { WARM_UP_HEADER, warmUp } from '#server/warm-up';
import { HttpClient } from '../support/http-client';
import { openTestDatabase, resetDatabase } from '../support/test-app';

// The start-up warm-up (src/server/warm-up.ts, decision 0024): main.ts runs it between listen and
// the first ready. Here it runs against an app with the demo content, on PGlite and PostgreSQL.
let app: App | undefined;
afterEach(async () => {
  await app?.app.close();
  await app?.ctx.database.close();
  app = undefined;
});

async function startApp(lines: string[], opts: { clock?: Clock; beforeListen?: (built: App) => void } = {}) {
  const database = await openTestDatabase();
  await resetDatabase(database);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false' });
  const built = await buildApp({
    config,
    database,
    clock: opts.clock,
    logStream: { write: (line) => void lines.push(line) },
  });
  opts.beforeListen?.(built);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { built, base: `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}` };
}

const completed = (lines: string[]) =>
  lines
    .flatMap((l) => l.split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
    .filter((e) => e.msg === 'request completed');

describe('start-up warm-up', () => {
  it('drives the member read path, then leaves no member, session or log line behind, and the instance answers as before', async () => {
    const lines: string[] = [];
    const { built, base } = await startApp(lines);
    app = built;
    const demo = (await seedDemo(built.ctx))!;
    const db = built.ctx.db;
    // A member left by a warm-up whose process died 11 minutes ago, and one another instance is
    // warming up with right now (it must not be taken from under it).
    const longAgo = new Date(Date.now() - 11 * 60_000);
    await db.insert(users).values([
      {
        email: 'warm-up+dead0000@warm-up.invalid',
        role: 'member',
        subscriptionStatus: 'active',
        createdAt: longAgo,
        updatedAt: longAgo,
      },
      { email: 'warm-up+busy0000@warm-up.invalid', role: 'member', subscriptionStatus: 'active' },
    ]);
    const usersBefore = (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
    const [{ n: sessionsBefore }] = await db.select({ n: count() }).from(sessions);

    built.state.warmingUp = true; // as main.ts sets it before listening
    const notYet = await new HttpClient(base).get('/api/ready');
    expect(notYet.status).toBe(503);
    expect(notYet.json).toMatchObject({ status: 'not-ready', warmingUp: true, shuttingDown: false });
    const result = await warmUp(built.app, built.ctx, built.warmUpToken, {
      requests: 120,
      budgetMs: 60_000,
      connections: 3,
    });
    built.state.warmingUp = false;

    // It went through the member routes (the demo has today's tips, races and articles: all 200).
    expect(result.requests).toBeGreaterThanOrEqual(120);
    expect(result.unexpected).toBe(0);
    expect(built.ctx.sessions.stats.misses).toBeGreaterThan(1); // the database lookup, round after round
    // Nothing left: the same members (the dead warm-up's gone), no new session, nothing cached.
    const usersAfter = (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
    expect(usersAfter).toEqual(usersBefore.filter((e) => e !== 'warm-up+dead0000@warm-up.invalid'));
    expect(await db.select({ email: users.email }).from(users).where(like(users.email, 'warm-up+%'))).toEqual([
      { email: 'warm-up+busy0000@warm-up.invalid' },
    ]);
    const [{ n: sessionsAfter }] = await db.select({ n: count() }).from(sessions);
    expect(sessionsAfter).toBe(sessionsBefore);
    expect(built.ctx.sessions.size).toBe(0);

    // Ready, and answering as before: a visitor, the member signing in, their reads.
    const ready = await new HttpClient(base).get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', database: 'ok', migrations: 'applied', shuttingDown: false });
    // The warm-up's requests were not logged one by one: the two /api/ready around it were (a
    // line is written when its answer has left, so wait for the second one's).
    await expect.poll(() => completed(lines).length).toBe(2);
    expect(completed(lines).map((e) => e.req?.url)).toEqual(['/api/ready', '/api/ready']);
    const visitor = new HttpClient(base);
    expect((await visitor.get('/api/news-and-views')).status).toBe(200);
    expect((await visitor.get('/api/vbg-race-cards-metadata')).status).toBe(401);
    const member = new HttpClient(base);
    expect((await member.post('/api/login', { email: demo.email, password: demo.password })).status).toBe(200);
    const metadata = await member.get('/api/vbg-race-cards-metadata');
    expect(metadata.status).toBe(200);
    expect((await member.get('/api/daily-tips')).status).toBe(200);
    const firstRace = Object.values(metadata.json as Record<string, unknown>).flatMap((v) =>
      Array.isArray(v) ? v : [],
    )[0] as { id: number };
    expect((await member.get(`/api/vbg-race-cards/race/${firstRace.id}`)).status).toBe(200);
  });

  it('a request carrying the warm-up header without its secret value is logged like any other', async () => {
    const lines: string[] = [];
    const { built, base } = await startApp(lines);
    app = built;
    await new HttpClient(base).get('/api/news-and-views', { [WARM_UP_HEADER]: 'a-guess' });
    await new HttpClient(base).get('/api/news-and-views', { [WARM_UP_HEADER]: '' });
    await expect
      .poll(() => completed(lines).map((e) => e.req?.url))
      .toEqual(['/api/news-and-views', '/api/news-and-views']);
  });

  it('a warm-up whose process dies in the middle leaves no usable or listed member: it ends with the warm-up, and the next start or housekeeping removes it', async () => {
    let offsetMs = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
    // What a process killed in the middle of its warm-up leaves in the database, and one of its
    // session tokens (which only that process knew), taken as its first signed-in request arrives.
    const seen: { crash?: { cookie: string; member: UserRow; sessions: Array<typeof sessions.$inferSelect> } } = {};
    const { built, base } = await startApp([], {
      clock,
      beforeListen: ({ app: fastify, ctx, warmUpToken }) =>
        fastify.addHook('onRequest', async (request) => {
          if (seen.crash || request.headers[WARM_UP_HEADER] !== warmUpToken || !request.headers.cookie) return;
          const [member] = await ctx.db.select().from(users).where(like(users.email, 'warm-up+%'));
          seen.crash = {
            cookie: request.headers.cookie,
            member,
            sessions: await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id)),
          };
        }),
    });
    app = built;
    const { ctx } = built;
    const budgetMs = 60_000;
    await warmUp(built.app, ctx, built.warmUpToken, { requests: 20, budgetMs, connections: 2 });
    expect(seen.crash).toBeDefined();
    const { cookie, member, sessions: left } = seen.crash!;
    const leaveBehind = async () => {
      await ctx.db.insert(users).values(member);
      await ctx.db.insert(sessions).values(left);
    };
    const asTheWarmUp = async (path: string) => (await fetch(base + path, { headers: { cookie } })).status;
    await leaveBehind();

    // Never listed, never a member past the warm-up: membership and sessions end with its budget.
    const listed = async () =>
      (await listMembers(ctx, { search: '', status: '', type: '' })).members.map((m) => m.email);
    expect(await listed()).not.toContain(member.email);
    expect(member).toMatchObject({ passwordHash: null, emailOptOut: true });
    const end = member.subscriptionEndDate!.getTime();
    expect(end).toBeLessThanOrEqual(member.createdAt.getTime() + budgetMs + 60_000);
    for (const s of left) expect(s.expiresAt.getTime()).toBeLessThanOrEqual(end);
    offsetMs = end - Date.now() + 1000;
    expect(await asTheWarmUp('/api/vbg-race-cards-metadata')).toBe(401);
    expect(await asTheWarmUp('/api/auth/user')).toBe(401);

    // The next start removes it at once (not ten minutes on); a warm-up still running keeps its member.
    await ctx.db.insert(users).values({
      email: 'warm-up+live0000@warm-up.invalid',
      role: 'member',
      subscriptionStatus: 'active',
      subscriptionEndDate: new Date(clock.now().getTime() + 30_000),
    });
    await warmUp(built.app, ctx, built.warmUpToken, { requests: 5, budgetMs, connections: 1 });
    const warmUpMembers = async () =>
      (await ctx.db.select({ email: users.email }).from(users).where(like(users.email, 'warm-up+%'))).map(
        (u) => u.email,
      );
    expect(await warmUpMembers()).toEqual(['warm-up+live0000@warm-up.invalid']);

    // So does housekeeping, on every instance, hourly; its sessions go with it.
    await leaveBehind();
    expect((await runHousekeeping(ctx)).warmUpMembers).toBe(1);
    expect(await warmUpMembers()).toEqual(['warm-up+live0000@warm-up.invalid']);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
  });
});
