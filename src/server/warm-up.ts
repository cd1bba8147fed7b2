import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, like, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { users } from './db/schema';
import { SESSION_COOKIE, createSession } from '#server/sessions/sessions';
import { fieldOf, isObject } from '#shared/unknown-values';

/**
 * Warm-up before an instance reports ready (docs/decisions/0024).
 *
 * A freshly started process runs its request path unoptimised: in the morning spike a new
 * instance spent twice the CPU per request of one that had served a round, and its p99 was many
 * times the bare route's. So before /api/ready says yes, the instance sends itself, over real
 * loopback HTTP (Node's parser and socket writes are part of the path), what a thousand members
 * will send: the tips page, daily tips, race-card metadata, single race cards and the article list, signed in as
 * a throwaway member whose session lookups go the database way each round, as a member's first
 * request does. Then the member is deleted (its sessions go with it, by cascade), and the session
 * cache forgets it. Nothing is left in the database but a used `users.id` sequence value.
 *
 * The throwaway member cannot sign in (no password), receives no mail (opted out, and an
 * address under the reserved `.invalid` domain), is never listed (the admin's member list leaves
 * it out) and exists for about a second. It is made to be useless if the process dies in that
 * second: its membership and its sessions end WARM_UP_GRACE_MS after the warm-up's budget (a
 * session token only ever lived in this process's memory anyway), and the next start of any
 * instance and every housekeeping pass remove it once it has ended — never one another instance
 * is still warming up with.
 *
 * Its requests are not written to the request log one by one (one summary line instead): they
 * carry a header with a random value only this process knows, so no client can hide its own.
 */
export const WARM_UP_HEADER = 'x-vbg-warm-up';
const EMAIL_PREFIX = 'warm-up+';
const EMAIL_DOMAIN = '@warm-up.invalid';
/** A warm-up member made before its membership ended with the warm-up (an older release): left over after this long. */
const LEFTOVER_AFTER_MS = 10 * 60_000;
/** How long the throwaway member outlives the warm-up's budget: its requests in flight at the end still find it. */
const WARM_UP_GRACE_MS = 30_000;

/** The throwaway members of warm-ups: that address form and no password (so never an account someone uses). */
export const isWarmUpMember: SQL = and(
  like(users.email, `${EMAIL_PREFIX}%${EMAIL_DOMAIN}`),
  isNull(users.passwordHash),
)!;

export interface WarmUpOptions {
  /** Stop after this many requests (default 3,000)... */
  requests?: number;
  /** ...or after this long, whichever comes first (default 1,500 ms). */
  budgetMs?: number;
  /** Simultaneous members (keep-alive connections); default 8. */
  connections?: number;
}

export interface WarmUpResult {
  requests: number;
  /** Requests whose answer was not the expected 200 (a day without tips answers 404). */
  unexpected: number;
  ms: number;
}

/** A random value per app: requests carrying it in WARM_UP_HEADER are the warm-up's own. */
export function newWarmUpToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export async function warmUp(
  app: FastifyInstance,
  ctx: AppContext,
  token: string,
  opts: WarmUpOptions = {},
): Promise<WarmUpResult> {
  const maxRequests = opts.requests ?? 3000;
  const budgetMs = opts.budgetMs ?? 1500;
  const connections = opts.connections ?? 8;
  const started = performance.now();
  const base = loopbackOrigin(app.server.address() as AddressInfo);

  await removeWarmUpLeftovers(ctx);
  const now = ctx.clock.now();
  // Membership and sessions end with the warm-up: a process that dies in the middle leaves
  // nothing usable behind, and removeWarmUpLeftovers may take it from then on.
  const endsAt = new Date(now.getTime() + budgetMs + WARM_UP_GRACE_MS);
  const [member] = await ctx.db
    .insert(users)
    .values({
      email: `${EMAIL_PREFIX}${crypto.randomBytes(8).toString('hex')}${EMAIL_DOMAIN}`,
      passwordHash: null,
      role: 'member',
      subscriptionStatus: 'active',
      subscriptionType: 'premium',
      subscriptionStartDate: now,
      subscriptionEndDate: endsAt,
      emailOptOut: true,
    })
    .returning({ id: users.id });
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let requests = 0;
  let unexpected = 0;
  try {
    const cookies: string[] = [];
    for (let i = 0; i < connections; i++)
      cookies.push(`${SESSION_COOKIE}=${(await createSession(ctx, member.id, endsAt)).token}`);
    const get = async (path: string, cookie?: string) => {
      const res = await request(agent, `${base}${path}`, { [WARM_UP_HEADER]: token, ...(cookie ? { cookie } : {}) });
      requests++;
      if (res.status !== 200) unexpected++;
      return res;
    };
    // Which races exist (if any): a member's page asks for the list, then for races in it.
    const metadata = await get('/api/vbg-race-cards-metadata', cookies[0]);
    const raceIds = metadata.status === 200 ? raceIdsIn(metadata.body) : [];
    const done = () => requests >= maxRequests || performance.now() - started >= budgetMs;
    let round = 0;
    while (!done()) {
      // Each round starts with the session cache cold, as each member's first request finds it:
      // the lookup (HMAC, batched query, cache store) is warmed too.
      ctx.sessions.forgetUser(member.id);
      await Promise.all(
        cookies.map(async (cookie, c) => {
          // The page the morning e-mail links to, rendered for a member (pages/member-pages.ts), then
          // the reads its script and the race cards make.
          await get('/tips', cookie);
          await get('/api/daily-tips', cookie);
          await get('/api/vbg-race-cards-metadata', cookie);
          for (let j = 0; j < 4 && raceIds.length; j++)
            await get(`/api/vbg-race-cards/race/${raceIds[(round * 7 + c + j * 3) % raceIds.length]}`, cookie);
          await get('/api/news-and-views');
        }),
      );
      round++;
    }
  } finally {
    agent.destroy();
    // Its sessions go with it (ON DELETE CASCADE); the trigger's notice and this call both make
    // every session cache forget it.
    await ctx.db.delete(users).where(eq(users.id, member.id));
    ctx.sessions.forgetUser(member.id);
  }
  return { requests, unexpected, ms: Math.round(performance.now() - started) };
}

/**
 * Removes members left by a warm-up whose process died before removing them (at every start and in
 * housekeeping): once their membership has ended, or ten minutes after they were made — never one
 * a live warm-up is still using. Their sessions go with them. Returns how many.
 */
export async function removeWarmUpLeftovers(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const ended = or(
    lt(users.subscriptionEndDate, now),
    lt(users.createdAt, new Date(now.getTime() - LEFTOVER_AFTER_MS)),
  );
  const removed = await ctx.db.delete(users).where(and(isWarmUpMember, ended)).returning({ id: users.id });
  for (const { id } of removed) ctx.sessions.forgetUser(id);
  return removed.length;
}

/** This process's own listening address, reached over loopback when it listens on all interfaces. */
function loopbackOrigin(address: AddressInfo): string {
  if (address.family === 'IPv6')
    return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

function raceIdsIn(body: string): number[] {
  const lists: unknown = JSON.parse(body);
  if (!isObject(lists)) return [];
  return Object.values(lists).flatMap((v: unknown) =>
    Array.isArray(v) ? v.map((r) => fieldOf(r, 'id')).filter((id) => typeof id === 'number') : [],
  );
}

function request(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
