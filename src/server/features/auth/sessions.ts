import crypto from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { AppContext } from '../../context';

export const SESSION_COOKIE = 'vbg_session';
/** Matches the client's inactivity logout (spec 01 §9: 30 minutes). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export type UserRow = typeof users.$inferSelect;

// crypto.hash: the one-shot form, without a Hash object per call (it runs on every signed-in request).
const hashToken = (token: string) => crypto.hash('sha256', token, 'hex');

/** Creates a session with a fresh 256-bit token; the cookie carries the token, the table its hash. */
export async function createSession(ctx: AppContext, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await ctx.db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The signed-in user for a cookie token, or null when missing, idle too long or past its end.
 * Served from the session cache while the session was seen within TOUCH_EVERY_MS; otherwise read
 * (and touched) in the database, so idle and absolute ends are always decided on the stored row.
 */
export async function resolveSession(ctx: AppContext, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const now = ctx.clock.now().getTime();
  const cached = ctx.sessions.get(id);
  if (cached && now - cached.lastSeenAt <= TOUCH_EVERY_MS && now < cached.expiresAt) return cached.user as UserRow;
  const generation = ctx.sessions.generation;
  const rows = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const idleFor = now - row.session.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || now >= row.session.expiresAt.getTime()) {
    await ctx.db.delete(sessions).where(eq(sessions.id, id));
    ctx.sessions.forgetSession(id);
    return null;
  }
  let lastSeenAt = row.session.lastSeenAt.getTime();
  if (idleFor > TOUCH_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
    lastSeenAt = now;
  }
  ctx.sessions.store(id, { user: row.user, lastSeenAt, expiresAt: row.session.expiresAt.getTime() }, generation);
  return row.user;
}

export async function destroySession(ctx: AppContext, token: string | undefined) {
  if (!token) return;
  const id = hashToken(token);
  await ctx.db.delete(sessions).where(eq(sessions.id, id));
  ctx.sessions.forgetSession(id);
}

/** Ends every session of a user (password change elsewhere, reset). */
export async function destroyUserSessions(ctx: AppContext, userId: number, exceptToken?: string) {
  const all = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const keep = exceptToken ? hashToken(exceptToken) : undefined;
  for (const s of all) if (s.id !== keep) await ctx.db.delete(sessions).where(eq(sessions.id, s.id));
  ctx.sessions.forgetUser(userId);
}

/** Housekeeping: removes sessions that can no longer be used. */
export async function purgeExpiredSessions(ctx: AppContext) {
  const now = ctx.clock.now();
  await ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), and(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)))));
}
